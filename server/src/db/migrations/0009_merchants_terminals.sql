CREATE TABLE "merchant_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"category" text NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	"channels" text[] NOT NULL,
	"accepted_products" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_terminals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"mid" text NOT NULL,
	"label" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"enrolled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_terminals_mid_unique" UNIQUE("mid"),
	CONSTRAINT "merchant_terminals_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "merchant_users" (
	"user_id" uuid NOT NULL,
	"merchant_id" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "merchant_users_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"trade_name" text NOT NULL,
	"vat_number" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"fee_plan" jsonb NOT NULL,
	"ledger_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_vat_number_unique" UNIQUE("vat_number"),
	CONSTRAINT "merchants_ledger_account_id_unique" UNIQUE("ledger_account_id")
);
--> statement-breakpoint
CREATE TABLE "terminal_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_id" uuid NOT NULL,
	"terminal_transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_hash" text NOT NULL,
	"merchant_id" text NOT NULL,
	"store_id" uuid NOT NULL,
	"mid" text NOT NULL,
	"store_category" text NOT NULL,
	"card_id" uuid,
	"company_id" text,
	"product" text,
	"amount_cents" bigint NOT NULL,
	"outcome" text NOT NULL,
	"decline_reason" text,
	"authorisation_id" text,
	"original_id" uuid,
	"ledger_transaction_id" uuid,
	"balance_after_cents" bigint,
	"terminal_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_transactions_authorisation_id_unique" UNIQUE("authorisation_id")
);
--> statement-breakpoint
DROP INDEX "ledger_accounts_system_idx";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "merchant_id" text;--> statement-breakpoint
ALTER TABLE "merchant_stores" ADD CONSTRAINT "merchant_stores_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_terminals" ADD CONSTRAINT "merchant_terminals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_terminals" ADD CONSTRAINT "merchant_terminals_store_id_merchant_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."merchant_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_users" ADD CONSTRAINT "merchant_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_users" ADD CONSTRAINT "merchant_users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_stores_merchant_idx" ON "merchant_stores" USING btree ("merchant_id","name");--> statement-breakpoint
CREATE INDEX "merchant_terminals_store_idx" ON "merchant_terminals" USING btree ("store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_users_merchant_idx" ON "merchant_users" USING btree ("merchant_id","user_id");--> statement-breakpoint
CREATE INDEX "merchant_users_admin_idx" ON "merchant_users" USING btree ("merchant_id") WHERE "merchant_users"."role" = 'admin';--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_transactions_call_idx" ON "terminal_transactions" USING btree ("terminal_id","terminal_transaction_id");--> statement-breakpoint
CREATE INDEX "terminal_transactions_card_idx" ON "terminal_transactions" USING btree ("card_id","created_at") WHERE "terminal_transactions"."outcome" = 'approved';--> statement-breakpoint
CREATE INDEX "terminal_transactions_merchant_idx" ON "terminal_transactions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "terminal_transactions_original_idx" ON "terminal_transactions" USING btree ("original_id") WHERE "terminal_transactions"."original_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_merchant_idx" ON "ledger_accounts" USING btree ("merchant_id") WHERE "ledger_accounts"."kind" = 'merchant';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."company_id" is null and "ledger_accounts"."merchant_id" is null;