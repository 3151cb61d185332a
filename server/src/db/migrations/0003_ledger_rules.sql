-- Ledger rules the database itself enforces (ARCHITECTURE §4, ADR 006).

-- Entries and transactions are never changed or removed: mistakes are reversed by new postings.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint

-- The running balance: every entry adds its amount to its account in the same statement, so the
-- balance is always the sum of the entries and the CHECK ledger_accounts_not_negative refuses an
-- entry that would take a card below zero. A credit by a `load` also stamps last_load_at.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted timestamptz;
  tx_kind text;
BEGIN
  IF NEW.amount_cents > 0 THEN
    SELECT kind, posted_at INTO tx_kind, posted FROM ledger_transactions WHERE id = NEW.transaction_id;
  END IF;
  UPDATE ledger_accounts
     SET balance_cents = balance_cents + NEW.amount_cents,
         last_load_at = CASE
           WHEN NEW.amount_cents > 0 AND tx_kind = 'load'
             THEN greatest(coalesce(last_load_at, posted), posted)
           ELSE last_load_at
         END
   WHERE id = NEW.account_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint

-- balance_cents is the trigger's to write: any other change of it is refused.
CREATE OR REPLACE FUNCTION ledger_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (NEW.balance_cents IS DISTINCT FROM OLD.balance_cents
      OR NEW.last_load_at IS DISTINCT FROM OLD.last_load_at) THEN
    RAISE EXCEPTION 'ledger balances change only through entries'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard_balance BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_guard_new_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_cents <> 0 OR NEW.last_load_at IS NOT NULL THEN
    RAISE EXCEPTION 'a ledger account opens empty' USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_open_empty BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_new_account();
--> statement-breakpoint

-- The provider's own accounts.
INSERT INTO ledger_accounts (kind, company_id, allow_negative) VALUES ('bank', NULL, true), ('fees', NULL, false);
--> statement-breakpoint

-- The product catalogue (domain/src/products.ts; a test keeps the two equal).
INSERT INTO products (code, name_el, name_en, families, bin, min_load_cents, max_load_cents, validity_months, sort_order) VALUES
  ('TICKET_RESTAURANT', 'Ticket Restaurant', 'Ticket Restaurant', ARRAY['plastic','virtual'], '534711', 500, 50000, 36, 1),
  ('SPENDEO', 'Spendeo', 'Spendeo', ARRAY['spendeo'], '534712', 1000, 500000, 48, 2),
  ('MY_BENEFITS', 'MyBenefits', 'MyBenefits', ARRAY['mybenefits'], '534713', 1000, 200000, 48, 3),
  ('VOUCHER', 'Δωροκάρτα', 'Gift voucher', ARRAY['plastic','virtual'], '534714', 1000, 25000, 24, 4),
  ('COPMLIMENT', 'Κάρτα φιλοξενίας', 'Complimentary card', ARRAY['plastic','virtual'], '534715', 500, 25000, 12, 5);
--> statement-breakpoint
ALTER TABLE cards ADD CONSTRAINT cards_status_check
  CHECK (status IN ('active', 'blocked', 'expired', 'lost', 'damaged', 'replaced'));
--> statement-breakpoint
ALTER TABLE cards ADD CONSTRAINT cards_family_check
  CHECK (family IN ('plastic', 'virtual', 'spendeo', 'mybenefits'));
--> statement-breakpoint
ALTER TABLE cards ADD CONSTRAINT cards_last4_check CHECK (last4 ~ '^[0-9]{4}$' AND bin ~ '^[0-9]{6}$');
