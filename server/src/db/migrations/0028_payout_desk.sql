-- Issue 34 (ADR 042): the payout desk. A payout the bank returns stays as it was, marked
-- `returned` with its reason and the ledger reversal that put the money back on the merchant
-- account; a new scheduled payout of the same settlement pays it again. So a settlement has at most
-- one payout that is not returned (instead of one payout in all).
ALTER TABLE "payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "return_ledger_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "replaces_payout_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_return_ledger_transaction_id_fk" FOREIGN KEY ("return_ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_replaces_payout_id_fk" FOREIGN KEY ("replaces_payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_settlement_id_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_settlement_live_idx" ON "payouts" USING btree ("settlement_id") WHERE "payouts"."state" <> 'returned';--> statement-breakpoint
CREATE INDEX "payouts_settlement_idx" ON "payouts" USING btree ("settlement_id");--> statement-breakpoint
-- The file's requested execution date (`ReqdExctnDt`, a TARGET2 business day).
ALTER TABLE "payout_files" ADD COLUMN "execution_date" date;
