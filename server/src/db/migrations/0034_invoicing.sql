-- Issue 37 (ADRs 056–058): invoices and credit notes, numbered gaplessly per issuer, document type
-- and series; their lines; every call to AADE's myDATA about them; the sandbox AADE's state.
CREATE TABLE "invoice_series" (
	"issuer_vat" text NOT NULL,
	"document_type" text NOT NULL,
	"series" text NOT NULL,
	"next_number" bigint DEFAULT 1 NOT NULL,
	"last_issue_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_series_issuer_vat_document_type_series_pk" PRIMARY KEY("issuer_vat","document_type","series"),
	CONSTRAINT "invoice_series_next_number_check" CHECK ("invoice_series"."next_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_type" text NOT NULL,
	"issuer_vat" text NOT NULL,
	"issuer_branch" integer DEFAULT 0 NOT NULL,
	"series" text NOT NULL,
	"number" bigint NOT NULL,
	"issue_date" date NOT NULL,
	"company_id" text,
	"merchant_id" text,
	"counterpart" jsonb NOT NULL,
	"locale" text DEFAULT 'el' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"gross_cents" bigint NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"transmission_failure" smallint,
	"mydata_uid" text,
	"mark" text,
	"authentication_code" text,
	"qr_url" text,
	"cancellation_mark" text,
	"transmitted_at" timestamp with time zone,
	"correlated_invoice_id" uuid,
	"order_id" uuid,
	"settlement_id" uuid,
	"merchant_charge_id" uuid,
	"ledger_transaction_id" uuid,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "invoices_customer_check" CHECK (("invoices"."company_id" is null) <> ("invoices"."merchant_id" is null)),
	CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."document_type" = '5.1') = ("invoices"."correlated_invoice_id" is not null)),
	CONSTRAINT "invoices_document_type_check" CHECK ("invoices"."document_type" in ('1.1', '2.1', '5.1')),
	CONSTRAINT "invoices_state_check" CHECK ("invoices"."state" in ('issued', 'transmitted', 'transmission_failed', 'refused')),
	CONSTRAINT "invoices_totals_check" CHECK ("invoices"."net_cents" >= 0 and "invoices"."vat_cents" >= 0 and "invoices"."gross_cents" = "invoices"."net_cents" + "invoices"."vat_cents"),
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."number" >= 1),
	CONSTRAINT "invoices_locale_check" CHECK ("invoices"."locale" in ('el', 'en')),
	CONSTRAINT "invoices_transmission_failure_check" CHECK ("invoices"."transmission_failure" is null or "invoices"."transmission_failure" between 1 and 3),
	CONSTRAINT "invoices_transmitted_check" CHECK ("invoices"."state" <> 'transmitted' or ("invoices"."mark" is not null and "invoices"."mydata_uid" is not null)),
	CONSTRAINT "invoices_mark_check" CHECK ("invoices"."mark" is null or "invoices"."mark" ~ '^[0-9]{1,19}$')
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"kind" text NOT NULL,
	"description_el" text NOT NULL,
	"description_en" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"quantity" integer,
	"net_cents" bigint NOT NULL,
	"vat_category" smallint NOT NULL,
	"vat_exemption_category" smallint,
	"vat_cents" bigint NOT NULL,
	"income_category" text NOT NULL,
	"income_type" text NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_line_number_pk" PRIMARY KEY("invoice_id","line_number"),
	CONSTRAINT "invoice_lines_amounts_check" CHECK ("invoice_lines"."net_cents" >= 0 and "invoice_lines"."vat_cents" >= 0 and "invoice_lines"."line_number" >= 1),
	CONSTRAINT "invoice_lines_vat_category_check" CHECK ("invoice_lines"."vat_category" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "invoice_transmissions" (
	"invoice_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"action" text NOT NULL,
	"gateway" text NOT NULL,
	"transmission_failure" smallint,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	"http_status" integer,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mark" text,
	"mydata_uid" text,
	"authentication_code" text,
	"qr_url" text,
	"detail" text DEFAULT '' NOT NULL,
	"request_body" text DEFAULT '' NOT NULL,
	"response_body" text DEFAULT '' NOT NULL,
	CONSTRAINT "invoice_transmissions_invoice_id_attempt_pk" PRIMARY KEY("invoice_id","attempt"),
	CONSTRAINT "invoice_transmissions_action_check" CHECK ("invoice_transmissions"."action" in ('send', 'cancel', 'lookup'))
);
--> statement-breakpoint
CREATE TABLE "mydata_sandbox_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mode" text DEFAULT 'up' NOT NULL,
	"refusal_code" text DEFAULT '202' NOT NULL,
	"refusal_message" text DEFAULT 'Invalid Greek VAT number' NOT NULL,
	"duplicates" text DEFAULT 'refuse' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mydata_sandbox_settings_one_row" CHECK ("mydata_sandbox_settings"."id" = 1),
	CONSTRAINT "mydata_sandbox_settings_mode_check" CHECK ("mydata_sandbox_settings"."mode" in ('up', 'down', 'refuse')),
	CONSTRAINT "mydata_sandbox_settings_duplicates_check" CHECK ("mydata_sandbox_settings"."duplicates" in ('refuse', 'reregister'))
);
--> statement-breakpoint
CREATE SEQUENCE "mydata_sandbox_mark_seq" START WITH 1;
--> statement-breakpoint
CREATE TABLE "mydata_sandbox_documents" (
	"mark" text PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"issuer_vat" text NOT NULL,
	"counterpart_vat" text DEFAULT '' NOT NULL,
	"invoice_type" text NOT NULL,
	"series" text NOT NULL,
	"aa" text NOT NULL,
	"issue_date" date NOT NULL,
	"total_net_value" text NOT NULL,
	"total_vat_amount" text NOT NULL,
	"total_gross_value" text NOT NULL,
	"authentication_code" text NOT NULL,
	"transmission_failure" smallint,
	"xml" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancellation_mark" text,
	"cancelled_at" timestamp with time zone,
	"superseded_by_mark" text
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_correlated_invoice_id_invoices_id_fk" FOREIGN KEY ("correlated_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_charge_id_merchant_charges_id_fk" FOREIGN KEY ("merchant_charge_id") REFERENCES "public"."merchant_charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_transmissions" ADD CONSTRAINT "invoice_transmissions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("issuer_vat","document_type","series","number");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_merchant_idx" ON "invoices" USING btree ("merchant_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_settlement_idx" ON "invoices" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "invoices_correlated_idx" ON "invoices" USING btree ("correlated_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_mark_idx" ON "invoices" USING btree ("mark");--> statement-breakpoint
CREATE INDEX "invoices_pending_idx" ON "invoices" USING btree ("state","created_at") WHERE "invoices"."state" <> 'transmitted';--> statement-breakpoint
CREATE UNIQUE INDEX "mydata_sandbox_documents_live_uid_idx" ON "mydata_sandbox_documents" USING btree ("uid") WHERE "mydata_sandbox_documents"."superseded_by_mark" is null;--> statement-breakpoint
CREATE INDEX "mydata_sandbox_documents_issuer_idx" ON "mydata_sandbox_documents" USING btree ("issuer_vat","issue_date");--> statement-breakpoint
INSERT INTO "mydata_sandbox_settings" ("id") VALUES (1);
--> statement-breakpoint

-- What was issued stays as issued (ΕΛΠ, ν. 4308/2014: a document is corrected by another document,
-- never rewritten): of an invoice only what AADE gave it and where it stands with AADE may change,
-- and no invoice is deleted. Its lines and the record of each call to AADE are written once.
CREATE OR REPLACE FUNCTION invoices_keep_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoices are never deleted: a credit note undoes an invoice'
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW.id, NEW.document_type, NEW.issuer_vat, NEW.issuer_branch, NEW.series, NEW.number,
      NEW.issue_date, NEW.company_id, NEW.merchant_id, NEW.counterpart, NEW.locale, NEW.currency,
      NEW.net_cents, NEW.vat_cents, NEW.gross_cents, NEW.correlated_invoice_id, NEW.order_id,
      NEW.settlement_id, NEW.merchant_charge_id, NEW.ledger_transaction_id, NEW.idempotency_key,
      NEW.request_hash, NEW.created_by, NEW.created_at)
     IS DISTINCT FROM
     (OLD.id, OLD.document_type, OLD.issuer_vat, OLD.issuer_branch, OLD.series, OLD.number,
      OLD.issue_date, OLD.company_id, OLD.merchant_id, OLD.counterpart, OLD.locale, OLD.currency,
      OLD.net_cents, OLD.vat_cents, OLD.gross_cents, OLD.correlated_invoice_id, OLD.order_id,
      OLD.settlement_id, OLD.merchant_charge_id, OLD.ledger_transaction_id, OLD.idempotency_key,
      OLD.request_hash, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'an issued invoice changes only in what AADE gave it (invoice %)', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_keep_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_keep_issued();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoicing_written_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are written once (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_written_once BEFORE UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoicing_written_once();
--> statement-breakpoint
CREATE TRIGGER invoice_transmissions_written_once BEFORE UPDATE OR DELETE ON invoice_transmissions
  FOR EACH ROW EXECUTE FUNCTION invoicing_written_once();
