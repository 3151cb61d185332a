-- Order events and payment failures say what happened as codes, translated where they are shown
-- (ADR 013), instead of English words stored in the rows. Rows written before are converted: each
-- text the server used to write becomes its code.

-- An event's note: a code with its values, or null. (A new column filled by an UPDATE: the USING
-- clause of a type change may not hold the subquery that numbers the lines.)
ALTER TABLE "order_events" ADD COLUMN "note_code" jsonb;--> statement-breakpoint
UPDATE "order_events" SET "note_code" = CASE
    WHEN "status" = 'awaiting_payment' AND "note" = 'approved' THEN '{"code":"approved"}'::jsonb
    WHEN "status" = 'rejected' THEN jsonb_build_object('code', 'rejectionReason', 'reason', "note")
    WHEN "status" = 'shipped' THEN jsonb_build_object('code', 'trackingNumber', 'trackingNumber', "note")
    -- "lines 0, 3 not loaded: …" named the lines from 0; the order's card list numbers them from 1.
    WHEN "note" ~ '^lines [0-9, ]+ not loaded' THEN jsonb_build_object(
      'code', 'linesNotLoaded',
      'lines', (
        SELECT jsonb_agg(line.n::int + 1 ORDER BY line.ordinality)
          FROM unnest(string_to_array(substring("note" FROM '^lines ([0-9, ]+) not loaded'), ', '))
               WITH ORDINALITY AS line(n, ordinality)
      )
    )
    WHEN "note" ~ '^activated [0-9]+$' THEN jsonb_build_object(
      'code', 'cardsActivated',
      'count', substring("note" FROM '^activated ([0-9]+)$')::int
    )
    ELSE NULL
  END
  WHERE "note" <> '';--> statement-breakpoint
ALTER TABLE "order_events" DROP COLUMN "note";--> statement-breakpoint
ALTER TABLE "order_events" RENAME COLUMN "note_code" TO "note";--> statement-breakpoint

-- A payment attempt's failure: a code, or null for attempts that did not fail.
ALTER TABLE "payments" ALTER COLUMN "failure_reason" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "failure_reason" DROP NOT NULL;--> statement-breakpoint
UPDATE "payments" SET "failure_reason" = CASE
    WHEN "failure_reason" = 'declined' THEN 'declined'
    WHEN "failure_reason" = 'cancelled' THEN 'cancelledByPayer'
    WHEN "failure_reason" = 'replaced by a new payment attempt' THEN 'replaced'
    WHEN "failure_reason" = 'paid by transfer' THEN 'paidByTransfer'
    WHEN "failure_reason" = 'order cancelled' THEN 'orderCancelled'
    WHEN "failure_reason" LIKE 'amount % differs from %; refund due' THEN 'amountMismatch'
    WHEN "failure_reason" LIKE 'order already %; refund due' THEN 'orderNotAwaitingPayment'
    ELSE NULL
  END;
