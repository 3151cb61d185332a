CREATE TABLE "recurring_reminders" (
	"rule_id" uuid NOT NULL,
	"period" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_reminders_rule_id_period_pk" PRIMARY KEY("rule_id","period")
);
--> statement-breakpoint
CREATE TABLE "recurring_rule_lines" (
	"rule_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"amount_cents" bigint,
	"position" integer NOT NULL,
	CONSTRAINT "recurring_rule_lines_rule_id_card_id_pk" PRIMARY KEY("rule_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "recurring_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"amount_mode" text NOT NULL,
	"amount_cents" bigint,
	"schedule" jsonb NOT NULL,
	"start_day" date NOT NULL,
	"end_day" date,
	"submit_mode" text NOT NULL,
	"payment_method" text NOT NULL,
	"runs_from" date NOT NULL,
	"paused_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recurring_run_drafts" (
	"run_id" uuid NOT NULL,
	"draft_id" uuid NOT NULL,
	"family" text NOT NULL,
	"card_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "recurring_run_drafts_run_id_draft_id_pk" PRIMARY KEY("run_id","draft_id")
);
--> statement-breakpoint
CREATE TABLE "recurring_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"company_id" text NOT NULL,
	"period" text NOT NULL,
	"run_day" date NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"detail" text,
	"card_count" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_runs_rule_period_unique" UNIQUE("rule_id","period")
);
--> statement-breakpoint
CREATE TABLE "recurring_settings" (
	"company_id" text PRIMARY KEY NOT NULL,
	"reminder_days" integer DEFAULT 2 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recurring_reminders" ADD CONSTRAINT "recurring_reminders_rule_id_recurring_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rule_lines" ADD CONSTRAINT "recurring_rule_lines_rule_id_recurring_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rule_lines" ADD CONSTRAINT "recurring_rule_lines_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_rules" ADD CONSTRAINT "recurring_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_run_drafts" ADD CONSTRAINT "recurring_run_drafts_run_id_recurring_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."recurring_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_runs" ADD CONSTRAINT "recurring_runs_rule_id_recurring_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."recurring_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_settings" ADD CONSTRAINT "recurring_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_rule_lines_card_idx" ON "recurring_rule_lines" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "recurring_rules_company_idx" ON "recurring_rules" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "recurring_runs_company_idx" ON "recurring_runs" USING btree ("company_id","created_at");