CREATE TABLE "payout_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"payout_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"xml" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_files_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"settlement_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"payout_file_id" uuid,
	"ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_settlement_id_unique" UNIQUE("settlement_id"),
	CONSTRAINT "payouts_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"business_day" date NOT NULL,
	"purchases_cents" bigint NOT NULL,
	"refunds_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"carried_cents" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"fee_ledger_transaction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payout_file_id_payout_files_id_fk" FOREIGN KEY ("payout_file_id") REFERENCES "public"."payout_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_fee_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("fee_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_merchant_idx" ON "payouts" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state") WHERE "payouts"."state" <> 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_merchant_day_idx" ON "settlements" USING btree ("merchant_id","business_day");--> statement-breakpoint
CREATE INDEX "settlements_day_idx" ON "settlements" USING btree ("business_day");