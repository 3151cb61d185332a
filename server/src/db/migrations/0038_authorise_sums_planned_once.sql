-- ADR 053, amended: `terminal_authorise` sums what a card spent in its own statements instead of
-- calling `terminal_card_spent`. A SQL function called from PL/pgSQL is parsed and planned again on
-- every call (its plan lives only as long as the calling statement), about 0.1 ms of the database's
-- time per purchase on a meal card (the daily cap) or a benefit card with a monthly rule; the
-- statements below are planned once per connection, as PL/pgSQL keeps its own statements' plans.
-- The sums are `sumSpent` as before: approved authorisations less their reversals since the start
-- of the period in Athens, on what a rule's target speaks about. The label names the function's
-- own variables where a column has the same name (`card_id`).
-- It also answers, beside the call's row, what the card's holder asked to be told of a purchase
-- (their alert settings, `recipientOfCard`): the alerts that follow a fresh decision read them
-- from here instead of a statement of their own after the answer (ADR 053, amended).
DROP FUNCTION "terminal_authorise"(uuid, uuid, text, text, text, bigint, timestamptz, timestamptz, text,
  text, uuid, text, text, text[], text, text, uuid, text, uuid);--> statement-breakpoint

CREATE FUNCTION "terminal_authorise"(
  "call_id" uuid, "terminal" uuid, "terminal_transaction" text, "request_hash" text, "card_token" text,
  "amount" bigint, "terminal_time" timestamptz, "at" timestamptz,
  "terminal_state" text, "merchant" text, "store" uuid, "merchant_mid" text, "store_category" text,
  "accepted_products" text[], "merchant_name" text, "description" text, "merchant_account" uuid,
  "authorisation" text, "ledger_transaction" uuid
) RETURNS TABLE (
  "call_row" "terminal_transactions", "alert_email" text, "alert_card_name" text, "alert_purchase" boolean,
  "alert_decline" boolean, "alert_low_balance_cents" integer, "alert_locale" text
) LANGUAGE plpgsql AS $$
<<authorise>>
DECLARE
  "has_card" boolean;
  "card_id" uuid;
  "card_company" text;
  "card_product" text;
  "card_status" text;
  "card_expiry" date;
  "card_account" uuid;
  "card_locked" boolean;
  "card_balance" bigint;
  "holder" uuid;
  "holder_card_name" text;
  "earlier" "terminal_transactions";
  "inserted" "terminal_transactions";
  "reason" text := 'cardNotActive';
  "spent_today" bigint := 0;
  "rules" jsonb := '[]'::jsonb;
  "approved" boolean;
BEGIN
  SELECT c.id, c.company_id, c.product, c.status, c.expiry_date, c.account_id, c.locked_at IS NOT NULL, a.balance_cents,
         c.cardholder_id, c.card_name
    INTO "card_id", "card_company", "card_product", "card_status", "card_expiry", "card_account", "card_locked", "card_balance",
         "holder", "holder_card_name"
    FROM cards c JOIN ledger_accounts a ON a.id = c.account_id
   WHERE c.token = "card_token"
     FOR UPDATE OF a;
  "has_card" := FOUND;

  SELECT * INTO "earlier" FROM terminal_transactions t
   WHERE t.terminal_id = "terminal" AND t.terminal_transaction_id = "terminal_transaction";
  IF FOUND THEN
    "call_row" := "earlier";
    RETURN NEXT;
    RETURN;
  END IF;

  IF "has_card" THEN
    IF "card_product" = 'TICKET_RESTAURANT' THEN
      SELECT coalesce(sum(CASE t.kind WHEN 'authorise' THEN t.amount_cents WHEN 'reverse' THEN -t.amount_cents ELSE 0 END), 0)::bigint
        INTO "spent_today"
        FROM terminal_transactions t
       WHERE t.card_id = authorise."card_id" AND t.outcome = 'approved'
         AND t.created_at >= date_trunc('day', "at" AT TIME ZONE 'Europe/Athens') AT TIME ZONE 'Europe/Athens';
    END IF;
    IF "card_product" IN ('SPENDEO', 'MY_BENEFITS') THEN
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'product', r.product,
               'target', r.target,
               'period', r.period,
               'limitCents', r.limit_cents,
               'spentCents', CASE WHEN r.period <> 'transaction' AND r.limit_cents IS NOT NULL
                                  THEN (SELECT coalesce(sum(CASE t.kind WHEN 'authorise' THEN t.amount_cents WHEN 'reverse' THEN -t.amount_cents ELSE 0 END), 0)::bigint
                                          FROM terminal_transactions t
                                         WHERE t.card_id = authorise."card_id" AND t.outcome = 'approved'
                                           AND t.created_at >= date_trunc(r.period, "at" AT TIME ZONE 'Europe/Athens')
                                                               AT TIME ZONE 'Europe/Athens'
                                           AND coalesce(CASE r.target->>'kind'
                                                 WHEN 'category' THEN t.store_category = r.target->>'category'
                                                 WHEN 'core' THEN terminal_core_category(t.store_category) = r.target->>'coreCategory'
                                                 WHEN 'merchant' THEN t.merchant_id = "merchant"
                                                 ELSE true
                                               END, false))
                                  ELSE 0 END)), '[]'::jsonb)
        INTO "rules"
        FROM spend_rules r
       WHERE r.company_id = "card_company" AND r.product = "card_product" AND r.deleted_at IS NULL
         AND terminal_rule_applies(r.target, "store_category", "merchant_name");
    END IF;
    "reason" := terminal_decline_reason("amount", ("at" AT TIME ZONE 'Europe/Athens')::date, "terminal_state",
      "store_category", "accepted_products", "merchant_name", "card_status", "card_locked", "card_expiry",
      "card_product", "card_balance", "spent_today", "rules");
  ELSIF "terminal_state" <> 'enrolled' THEN
    "reason" := 'midNotEnrolled';
  END IF;
  "approved" := "has_card" AND "reason" IS NULL;

  INSERT INTO terminal_transactions (id, terminal_id, terminal_transaction_id, kind, request_hash, merchant_id,
      store_id, mid, store_category, card_id, company_id, product, amount_cents, outcome, decline_reason,
      authorisation_id, ledger_transaction_id, balance_after_cents, terminal_time, created_at)
  VALUES ("call_id", "terminal", "terminal_transaction", 'authorise', "request_hash", "merchant",
      "store", "merchant_mid", "store_category", "card_id", "card_company", "card_product", "amount",
      CASE WHEN "approved" THEN 'approved' ELSE 'declined' END,
      CASE WHEN "approved" THEN NULL ELSE "reason" END,
      CASE WHEN "approved" THEN "authorisation" END,
      CASE WHEN "approved" THEN "ledger_transaction" END,
      CASE WHEN "has_card" THEN "card_balance" - CASE WHEN "approved" THEN "amount" ELSE 0 END END,
      "terminal_time", "at")
  RETURNING * INTO "inserted";

  IF "approved" THEN
    -- `ledger.postLast`: the transaction, then its entries, debit first.
    INSERT INTO ledger_transactions (id, kind, company_id, reference, description, posted_at)
    VALUES ("ledger_transaction", 'redemption', "card_company", "authorisation", "description", "at");
    INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
    VALUES ("ledger_transaction", "card_account", -"amount"), ("ledger_transaction", "merchant_account", "amount");
  END IF;
  -- What the cardholder asked to be told (`recipientOfCard`), for the alerts that follow the answer.
  IF "has_card" THEN
    SELECT s.email, s.purchase, s.decline, s.low_balance_cents, s.locale
      INTO "alert_email", "alert_purchase", "alert_decline", "alert_low_balance_cents", "alert_locale"
      FROM cardholders h JOIN cardholder_alert_settings s ON s.email = lower(h.email)
     WHERE h.id = "holder" AND h.email <> '';
    IF FOUND THEN
      "alert_card_name" := "holder_card_name";
    END IF;
  END IF;
  "call_row" := "inserted";
  RETURN NEXT;
END;
$$;--> statement-breakpoint

DROP FUNCTION "terminal_card_spent"(uuid, text, timestamptz, jsonb, text);
