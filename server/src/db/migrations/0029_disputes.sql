-- Issue 34 §1 (ADR 043): disputes. One row per dispute of a terminal transaction; at most one open
-- per transaction (the partial unique index: a second open loses the race with a conflict). Money is
-- never moved here: a resolution names the terminal call (reversal or refund) that gave it back.
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terminal_transaction_id" uuid NOT NULL,
	"merchant_id" text NOT NULL,
	"company_id" text,
	"card_id" uuid,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"opened_by_party" text NOT NULL,
	"opened_by" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution_reason" text,
	"resolved_amount_cents" bigint,
	"resolution_call_id" uuid,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "disputes_reason_check" CHECK ("reason" in ('declined_but_charged', 'charged_twice', 'refund_not_received')),
	CONSTRAINT "disputes_state_check" CHECK ("state" in ('open', 'resolved_reversal', 'resolved_refund', 'rejected')),
	CONSTRAINT "disputes_party_check" CHECK ("opened_by_party" in ('merchant', 'company', 'staff')),
	CONSTRAINT "disputes_closed_check" CHECK (("state" = 'open') = ("closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_terminal_transaction_id_fk" FOREIGN KEY ("terminal_transaction_id") REFERENCES "public"."terminal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolution_call_id_fk" FOREIGN KEY ("resolution_call_id") REFERENCES "public"."terminal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_idx" ON "disputes" USING btree ("terminal_transaction_id") WHERE "disputes"."state" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_transaction_idx" ON "disputes" USING btree ("terminal_transaction_id");--> statement-breakpoint
CREATE INDEX "disputes_merchant_idx" ON "disputes" USING btree ("merchant_id","opened_at");--> statement-breakpoint
CREATE INDEX "disputes_company_idx" ON "disputes" USING btree ("company_id","opened_at");--> statement-breakpoint
CREATE INDEX "disputes_state_idx" ON "disputes" USING btree ("state","opened_at");
