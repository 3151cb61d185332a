CREATE TABLE "bulk_import_files" (
	"import_id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"company_id" text NOT NULL,
	"status" text NOT NULL,
	"kind" text,
	"is_dropped" boolean DEFAULT false NOT NULL,
	"cells" jsonb NOT NULL,
	"parsed" jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cross_problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"local_level" smallint NOT NULL,
	"row_hash" text,
	"card_key" uuid,
	"person_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "bulk_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" text NOT NULL,
	"created_by" uuid NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"file_kind" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"file_sha256" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"failure" jsonb,
	"rows_total" integer,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"last_row_number" integer DEFAULT 0 NOT NULL,
	"rows_ok" integer DEFAULT 0 NOT NULL,
	"rows_warning" integer DEFAULT 0 NOT NULL,
	"rows_error" integer DEFAULT 0 NOT NULL,
	"rows_dropped" integer DEFAULT 0 NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ignored_columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drafts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"replaces_import_id" uuid,
	"lease_owner" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bulk_import_files" ADD CONSTRAINT "bulk_import_files_import_id_bulk_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bulk_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_rows" ADD CONSTRAINT "bulk_import_rows_import_id_bulk_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bulk_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_import_rows_status_idx" ON "bulk_import_rows" USING btree ("import_id","status","row_number");--> statement-breakpoint
CREATE INDEX "bulk_imports_company_created_idx" ON "bulk_imports" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_imports_state_idx" ON "bulk_imports" USING btree ("state","heartbeat_at");--> statement-breakpoint
CREATE INDEX "cardholders_company_code_idx" ON "cardholders" USING btree ("company_id",lower("employee_code"));--> statement-breakpoint
CREATE INDEX "cardholders_company_email_idx" ON "cardholders" USING btree ("company_id",lower("email"));