-- Issue 37 (ADR 059): the documents waiting to reach AADE's myDATA. A row is written in the
-- transaction that issues a document and deleted once AADE gave it a MARK or refused it; the
-- transmission job claims due rows (moving next_attempt_at past a lease) and reschedules them with
-- backoff. `uncertain`: a send may have reached AADE without its answer reaching us, so the next
-- attempt asks AADE what it holds before sending again.
CREATE TABLE "invoice_outbox" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"uncertain" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_outbox" ADD CONSTRAINT "invoice_outbox_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_outbox_due_idx" ON "invoice_outbox" USING btree ("next_attempt_at");
