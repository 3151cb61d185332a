-- Issue 36 §2 (ADR 053): a terminal authorisation in one database round trip. Until now the server
-- ran BEGIN, the card's lock, the repeat lookup, the daily-cap sum, the company's spend rules and
-- what each spent, the call's row, the posting and COMMIT as separate statements, each a round trip
-- with the card's account row locked in between. `terminal_authorise` does all of it inside the
-- database in one call; the server sends one statement and reads one row.
--
-- The rule itself stays where it is written and tested, `declineReasonOf` in domain/src/merchants.ts:
-- `terminal_decline_reason` is its transcription, and a property test asks both the same facts and
-- requires the same answer (server/src/modules/terminals/authorise-function.test.ts). The constants
-- below (the daily cap's products and amount, the core category of each store category, the fold of
-- a merchant's name) are the domain's; the same test checks them.

-- `foldForMatch` (domain/src/greek.ts): case and accents aside, by a table, whatever the collation.
CREATE FUNCTION "tessera_fold"("value" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate("value",
    'ABCDEFGHIJKLMNOPQRSTUVWXYZΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫάέήίόύώϊϋΐΰςÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ',
    'abcdefghijklmnopqrstuvwxyzαβγδεζηθικλμνξοπρστυφχψωαεηιουωιυαεηιουωιυιυσaaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy')
$$;--> statement-breakpoint

-- CORE_CATEGORY_OF_STORE: the MyBenefits core category a store category counts toward, or null.
CREATE FUNCTION "terminal_core_category"("store_category" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE "store_category"
    WHEN 'groceries' THEN 'food'
    WHEN 'restaurants' THEN 'food'
    WHEN 'fuel' THEN 'fuel'
    WHEN 'transport' THEN 'transport'
    WHEN 'travel' THEN 'culture'
    WHEN 'accommodation' THEN 'culture'
    WHEN 'office' THEN 'education'
    WHEN 'online' THEN 'food'
    WHEN 'entertainment' THEN 'culture'
  END
$$;--> statement-breakpoint

-- `ruleApplies`: whether a rule's target speaks about a purchase at this store.
CREATE FUNCTION "terminal_rule_applies"("target" jsonb, "store_category" text, "merchant_name" text)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(CASE "target"->>'kind'
    WHEN 'category' THEN "target"->>'category' = "store_category"
    WHEN 'merchant' THEN strpos(tessera_fold("merchant_name"), tessera_fold("target"->>'merchant')) > 0
    WHEN 'period' THEN true
    WHEN 'core' THEN terminal_core_category("store_category") = "target"->>'coreCategory'
  END, false)
$$;--> statement-breakpoint

-- `sumSpent`: what a card spent (approved authorisations less their reversals) since the start of
-- `period` in Athens, as of `at`; with a rule's target, only on what the target speaks about (a store
-- category, the categories of a core category, the terminal's merchant).
CREATE FUNCTION "terminal_card_spent"("card" uuid, "period" text, "at" timestamptz, "target" jsonb, "merchant" text)
RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(sum(CASE t.kind WHEN 'authorise' THEN t.amount_cents WHEN 'reverse' THEN -t.amount_cents ELSE 0 END), 0)::bigint
    FROM terminal_transactions t
   WHERE t.card_id = "card"
     AND t.outcome = 'approved'
     AND t.created_at >= date_trunc("period", "at" AT TIME ZONE 'Europe/Athens') AT TIME ZONE 'Europe/Athens'
     AND coalesce(CASE "target"->>'kind'
           WHEN 'category' THEN t.store_category = "target"->>'category'
           WHEN 'core' THEN terminal_core_category(t.store_category) = "target"->>'coreCategory'
           WHEN 'merchant' THEN t.merchant_id = "merchant"
           ELSE true
         END, false)
$$;--> statement-breakpoint

-- `declineReasonOf`: the first reason to decline a purchase, or null to approve it. `rules` is a
-- JSON array of AuthorisationRule ({product, target, period, limitCents, spentCents}).
CREATE FUNCTION "terminal_decline_reason"(
  "amount" bigint, "today" date, "terminal_state" text, "store_category" text, "accepted_products" text[],
  "merchant_name" text, "card_status" text, "card_locked" boolean, "card_expiry" date, "card_product" text,
  "balance" bigint, "spent_today" bigint, "rules" jsonb
) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  "rule" jsonb;
BEGIN
  IF "terminal_state" <> 'enrolled' THEN RETURN 'midNotEnrolled'; END IF;
  IF "card_status" = 'blocked' THEN RETURN 'cardBlocked'; END IF;
  IF "card_locked" THEN RETURN 'cardLocked'; END IF;
  IF "card_status" = 'expired' OR "card_expiry" < "today" THEN RETURN 'cardExpired'; END IF;
  IF "card_status" <> 'active' THEN RETURN 'cardNotActive'; END IF;
  IF NOT ("card_product" = ANY ("accepted_products")) THEN RETURN 'productNotAccepted'; END IF;
  IF "amount" > "balance" THEN RETURN 'insufficientBalance'; END IF;
  -- DAILY_CAP_PRODUCTS and MEAL_DAILY_CAP_CENTS.
  IF "card_product" = 'TICKET_RESTAURANT' AND "spent_today" + "amount" > 2500 THEN
    RETURN 'dailyCapReached';
  END IF;
  FOR "rule" IN SELECT value FROM jsonb_array_elements(coalesce("rules", '[]'::jsonb)) LOOP
    CONTINUE WHEN "rule"->>'product' IS DISTINCT FROM "card_product"
      OR NOT terminal_rule_applies("rule"->'target', "store_category", "merchant_name");
    IF jsonb_typeof("rule"->'limitCents') IS DISTINCT FROM 'number' THEN RETURN 'spendRuleRefused'; END IF;
    IF (CASE WHEN "rule"->>'period' = 'transaction' THEN 0 ELSE ("rule"->>'spentCents')::bigint END)
         + "amount" > ("rule"->>'limitCents')::bigint THEN
      RETURN 'spendRuleRefused';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- A purchase at a terminal (`authorise`, ADR 016 and 053), whole: the card's account row locked
-- first (two purchases on one card are judged one after the other against the balance their
-- posting meets); a repeat of the terminal transaction id answered with its earlier row; the facts
-- read under the lock (the daily cap's spending, the company's spend rules that speak about this
-- store and what the card spent on each); the decision; the call's row (declines too); and, when
-- approved, the posting card → merchant as the last write, so the merchant's account row (which
-- every purchase at the merchant credits) stays locked only until the commit right after it.
-- The terminal's facts come from the server's cache of them (`terminalForPurchase`); the ids the
-- server chose come in too: `call_id` tells a fresh row (it carries that id) from a repeat's.
-- A race lost on the terminal transaction id (no card row to queue on) fails on the unique index;
-- the server answers it as a repeat, as before.
CREATE FUNCTION "terminal_authorise"(
  "call_id" uuid, "terminal" uuid, "terminal_transaction" text, "request_hash" text, "card_token" text,
  "amount" bigint, "terminal_time" timestamptz, "at" timestamptz,
  "terminal_state" text, "merchant" text, "store" uuid, "merchant_mid" text, "store_category" text,
  "accepted_products" text[], "merchant_name" text, "description" text, "merchant_account" uuid,
  "authorisation" text, "ledger_transaction" uuid
) RETURNS SETOF "terminal_transactions" LANGUAGE plpgsql AS $$
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
  "earlier" "terminal_transactions";
  "inserted" "terminal_transactions";
  "reason" text := 'cardNotActive';
  "spent_today" bigint := 0;
  "rules" jsonb := '[]'::jsonb;
  "approved" boolean;
BEGIN
  SELECT c.id, c.company_id, c.product, c.status, c.expiry_date, c.account_id, c.locked_at IS NOT NULL, a.balance_cents
    INTO "card_id", "card_company", "card_product", "card_status", "card_expiry", "card_account", "card_locked", "card_balance"
    FROM cards c JOIN ledger_accounts a ON a.id = c.account_id
   WHERE c.token = "card_token"
     FOR UPDATE OF a;
  "has_card" := FOUND;

  SELECT * INTO "earlier" FROM terminal_transactions t
   WHERE t.terminal_id = "terminal" AND t.terminal_transaction_id = "terminal_transaction";
  IF FOUND THEN
    RETURN NEXT "earlier";
    RETURN;
  END IF;

  IF "has_card" THEN
    IF "card_product" = 'TICKET_RESTAURANT' THEN
      "spent_today" := terminal_card_spent("card_id", 'day', "at", NULL, NULL);
    END IF;
    IF "card_product" IN ('SPENDEO', 'MY_BENEFITS') THEN
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'product', r.product,
               'target', r.target,
               'period', r.period,
               'limitCents', r.limit_cents,
               'spentCents', CASE WHEN r.period <> 'transaction' AND r.limit_cents IS NOT NULL
                                  THEN terminal_card_spent("card_id", r.period, "at", r.target, "merchant")
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
  RETURN NEXT "inserted";
END;
$$;
