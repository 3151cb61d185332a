CREATE TABLE "bank_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"order_id" uuid,
	"amount_cents" bigint,
	"outcome" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_order_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"approval_threshold_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"by" uuid,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"temp_card_id" text NOT NULL,
	"card_id" uuid,
	"replaced_card_id" uuid,
	"cardholder_id" uuid,
	"cardholder" jsonb,
	"card_name" text DEFAULT '' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"card_fee_cents" bigint DEFAULT 0 NOT NULL,
	"replacement_fee_cents" bigint DEFAULT 0 NOT NULL,
	"service_fee_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"company_id" text NOT NULL,
	"source_draft_id" uuid,
	"reason" text,
	"order_type" text NOT NULL,
	"product" text NOT NULL,
	"family" text NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"invoice_comments" text DEFAULT '' NOT NULL,
	"delivery_point" jsonb,
	"expiring_date" text,
	"status" text NOT NULL,
	"price" jsonb NOT NULL,
	"total_cents" bigint NOT NULL,
	"rf_code" text NOT NULL,
	"approval_required" boolean DEFAULT false NOT NULL,
	"approval_threshold_cents" bigint,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejected_reason" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'el' NOT NULL,
	"submitted_by" uuid NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_source_draft_id_unique" UNIQUE("source_draft_id"),
	CONSTRAINT "orders_rf_code_unique" UNIQUE("rf_code")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" bigint NOT NULL,
	"bank_reference" text DEFAULT '' NOT NULL,
	"failure_reason" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_order_settings" ADD CONSTRAINT "company_order_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_company_submitted_idx" ON "orders" USING btree ("company_id","submitted_at");--> statement-breakpoint
CREATE INDEX "orders_company_status_idx" ON "orders" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_idx" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
-- VAT charged on fees is owed to the state, not earned: it is kept apart from the fee income.
INSERT INTO ledger_accounts (kind, company_id, allow_negative) VALUES ('vat', NULL, false);
