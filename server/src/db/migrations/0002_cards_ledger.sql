CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"company_id" text,
	"allow_negative" boolean DEFAULT false NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"last_load_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."allow_negative" or "ledger_accounts"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"company_id" text,
	"reference" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"idempotency_key" text,
	"reverses_transaction_id" uuid,
	"created_by" uuid,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_reverses_transaction_id_unique" UNIQUE("reverses_transaction_id")
);
--> statement-breakpoint
CREATE TABLE "cardholders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"employee_code" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"product" text NOT NULL,
	"family" text NOT NULL,
	"cardholder_id" uuid NOT NULL,
	"card_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expiry_date" date NOT NULL,
	"token" text NOT NULL,
	"bin" text NOT NULL,
	"last4" text NOT NULL,
	"account_id" uuid NOT NULL,
	"replaced_by_card_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"holder_sort" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cards_token_unique" UNIQUE("token"),
	CONSTRAINT "cards_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"code" text PRIMARY KEY NOT NULL,
	"name_el" text NOT NULL,
	"name_en" text NOT NULL,
	"families" text[] NOT NULL,
	"bin" text NOT NULL,
	"min_load_cents" integer NOT NULL,
	"max_load_cents" integer NOT NULL,
	"validity_months" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_printing_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"emboss_line" text DEFAULT '' NOT NULL,
	"print_logo" boolean DEFAULT false NOT NULL,
	"carrier_message" text DEFAULT '' NOT NULL,
	"default_delivery_point_id" uuid,
	"print_employee_code" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_agents" (
	"company_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "company_agents_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"contract_number" text NOT NULL,
	"product" text NOT NULL,
	"status" text NOT NULL,
	"signed_on" date NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"card_fee_cents" integer NOT NULL,
	"load_fee_basis_points" integer NOT NULL,
	"payment_terms_days" integer NOT NULL,
	CONSTRAINT "contracts_contract_number_unique" UNIQUE("contract_number")
);
--> statement-breakpoint
CREATE TABLE "delivery_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"alias" text NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"address_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" uuid NOT NULL,
	"notification_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "spend_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"product" text NOT NULL,
	"name" text NOT NULL,
	"target" jsonb NOT NULL,
	"period" text NOT NULL,
	"limit_cents" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trz_contracts" (
	"company_id" text PRIMARY KEY NOT NULL,
	"contract_number" text NOT NULL,
	"status" text DEFAULT 'not_signed' NOT NULL,
	"daily_allowance_cents" integer DEFAULT 800 NOT NULL,
	"monthly_load_day" integer DEFAULT 1 NOT NULL,
	"invoice_email" text DEFAULT '' NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"updated_at" timestamp with time zone,
	CONSTRAINT "trz_contracts_contract_number_unique" UNIQUE("contract_number")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cardholders" ADD CONSTRAINT "cardholders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_product_products_code_fk" FOREIGN KEY ("product") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_cardholder_id_cardholders_id_fk" FOREIGN KEY ("cardholder_id") REFERENCES "public"."cardholders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_printing_settings" ADD CONSTRAINT "card_printing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_printing_settings" ADD CONSTRAINT "card_printing_settings_default_delivery_point_id_delivery_points_id_fk" FOREIGN KEY ("default_delivery_point_id") REFERENCES "public"."delivery_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_agents" ADD CONSTRAINT "company_agents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_agents" ADD CONSTRAINT "company_agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_points" ADD CONSTRAINT "delivery_points_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_rules" ADD CONSTRAINT "spend_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trz_contracts" ADD CONSTRAINT "trz_contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_accounts_company_idx" ON "ledger_accounts" USING btree ("company_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_company_funding_idx" ON "ledger_accounts" USING btree ("company_id") WHERE "ledger_accounts"."kind" = 'company_funding';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."company_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_company_idx" ON "ledger_transactions" USING btree ("company_id","kind","posted_at");--> statement-breakpoint
CREATE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "cardholders_company_idx" ON "cardholders" USING btree ("company_id","last_name");--> statement-breakpoint
CREATE INDEX "cards_company_holder_idx" ON "cards" USING btree ("company_id","holder_sort","id");--> statement-breakpoint
CREATE INDEX "cards_company_expiry_idx" ON "cards" USING btree ("company_id","expiry_date");--> statement-breakpoint
CREATE INDEX "cards_company_product_idx" ON "cards" USING btree ("company_id","product","family","status");--> statement-breakpoint
CREATE INDEX "cards_cardholder_idx" ON "cards" USING btree ("cardholder_id");--> statement-breakpoint
CREATE INDEX "cards_company_created_idx" ON "cards" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "delivery_points_company_idx" ON "delivery_points" USING btree ("company_id","alias");--> statement-breakpoint
CREATE INDEX "delivery_points_address_idx" ON "delivery_points" USING btree ("company_id","address_key");--> statement-breakpoint
CREATE INDEX "spend_rules_company_idx" ON "spend_rules" USING btree ("company_id","product");