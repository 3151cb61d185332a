CREATE TABLE "merchant_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"period" text,
	"terminal_id" uuid,
	"supply_order_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"charge_ids" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_reference" text DEFAULT '' NOT NULL,
	"failure_reason" text,
	"ledger_transaction_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_rf_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"charge_key" text NOT NULL,
	"charge_ids" jsonb NOT NULL,
	"amount_cents" bigint NOT NULL,
	"rf_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_rf_batches_rf_code_unique" UNIQUE("rf_code")
);
--> statement-breakpoint
CREATE TABLE "merchant_supply_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"bags" integer NOT NULL,
	"stickers" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_charges" ADD CONSTRAINT "merchant_charges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_charges" ADD CONSTRAINT "merchant_charges_terminal_id_merchant_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."merchant_terminals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_charges" ADD CONSTRAINT "merchant_charges_supply_order_id_merchant_supply_orders_id_fk" FOREIGN KEY ("supply_order_id") REFERENCES "public"."merchant_supply_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_charges" ADD CONSTRAINT "merchant_charges_payment_id_merchant_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."merchant_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payments" ADD CONSTRAINT "merchant_payments_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_rf_batches" ADD CONSTRAINT "merchant_rf_batches_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_supply_orders" ADD CONSTRAINT "merchant_supply_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_supply_orders" ADD CONSTRAINT "merchant_supply_orders_store_id_merchant_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."merchant_stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_charges_merchant_idx" ON "merchant_charges" USING btree ("merchant_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_charges_rental_idx" ON "merchant_charges" USING btree ("merchant_id","kind","period","terminal_id") WHERE "merchant_charges"."kind" = 'terminalRental';--> statement-breakpoint
CREATE INDEX "merchant_payments_merchant_idx" ON "merchant_payments" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_payments_one_pending_idx" ON "merchant_payments" USING btree ("merchant_id") WHERE "merchant_payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_rf_batches_set_idx" ON "merchant_rf_batches" USING btree ("merchant_id","charge_key");--> statement-breakpoint
CREATE INDEX "merchant_supply_orders_merchant_idx" ON "merchant_supply_orders" USING btree ("merchant_id","created_at");