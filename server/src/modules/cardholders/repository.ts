import { sql, type SQL } from 'drizzle-orm';
import type { CardCategory, CardFamily, CardStatus, DeclineReason } from '@tessera/domain';
import type { Executor } from '../../platform/db';

/**
 * The cardholder area's SQL (issue 35, ADR 046). A cardholder reaches a card only through its holder
 * record's e-mail (`lower(cardholders.email) = $email`, indexed): every read below starts there, so
 * another person's card id finds nothing (a 404, never a 403). Replaced cards are closed and left out.
 */

export type OwnCardRow = {
  cardId: string;
  companyId: string;
  companyName: string;
  product: CardCategory;
  family: CardFamily;
  nameEl: string;
  nameEn: string;
  bin: string;
  last4: string;
  cardName: string;
  status: CardStatus;
  expiryDate: string;
  lockedAt: Date | null;
  leaverMarkedAt: Date | null;
  accountId: string;
  balanceCents: number;
  firstName: string;
  lastName: string;
};

function ownCardsSql(email: string, cardId: string | null) {
  return sql`
    select c.id as "cardId", c.company_id as "companyId", co.name as "companyName", c.product,
           c.family, p.name_el as "nameEl", p.name_en as "nameEn", c.bin, c.last4,
           c.card_name as "cardName", c.status, c.expiry_date::text as "expiryDate",
           c.locked_at as "lockedAt", h.leaver_marked_at as "leaverMarkedAt",
           c.account_id as "accountId", a.balance_cents::bigint as "balanceCents",
           h.first_name as "firstName", h.last_name as "lastName"
      from cardholders h
      join cards c on c.cardholder_id = h.id
      join companies co on co.id = c.company_id
      join products p on p.code = c.product
      join ledger_accounts a on a.id = c.account_id
     where lower(h.email) = ${email}
       and c.status <> 'replaced'
       ${cardId === null ? sql`` : sql`and c.id = ${cardId}`}
     order by c.created_at desc, c.id`;
}

function toCard(row: Record<string, unknown>): OwnCardRow {
  return {
    ...(row as OwnCardRow),
    balanceCents: Number(row.balanceCents),
    lockedAt: row.lockedAt === null ? null : new Date(row.lockedAt as string),
    leaverMarkedAt: row.leaverMarkedAt === null ? null : new Date(row.leaverMarkedAt as string),
  };
}

/** Every live card whose holder record carries `email` (any company). */
export async function findOwnCards(db: Executor, email: string): Promise<OwnCardRow[]> {
  const result = await db.execute(ownCardsSql(email, null));
  return result.rows.map(toCard);
}

/** One of the cardholder's cards, or undefined (another person's, unknown or closed). */
export async function findOwnCard(
  db: Executor,
  email: string,
  cardId: string,
): Promise<OwnCardRow | undefined> {
  const result = await db.execute(ownCardsSql(email, cardId));
  const row = result.rows[0];
  return row ? toCard(row) : undefined;
}

/** Whether any card holder record carries `email`: who may be sent a code. */
export async function isKnownCardholder(
  db: Executor,
  email: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  const result = await db.execute<{ firstName: string; lastName: string }>(sql`
    select h.first_name as "firstName", h.last_name as "lastName"
      from cardholders h
     where lower(h.email) = ${email}
       and exists (select 1 from cards c where c.cardholder_id = h.id and c.status <> 'replaced')
     order by h.created_at desc limit 1`);
  return result.rows[0];
}

export type MovementRow = {
  id: string;
  at: Date;
  /** `at` in microseconds since the epoch, exact (a `Date` keeps milliseconds only): the cursor. */
  atMicros: string;
  kind: string;
  amountCents: number;
  merchantName: string | null;
  storeName: string | null;
  declineReason: DeclineReason | null;
};

/** A page's start: after this position (microseconds since the epoch, exact, and the id). */
type Before = { atMicros: string; id: string } | null;

/**
 * The movements of the card that `own` selects (`id`, `account_id`; no row: none), newest first,
 * from `before` on: its ledger entries (a terminal's purchase, refund or reversal names the merchant
 * and store of its call) and its declined terminal calls. Never the employer's order data: a load
 * shows its time and amount only. One statement: when `own` has a row and the page is empty, one row
 * of nulls comes back; when `own` has none, no row.
 */
function movementsSql(own: SQL, limit: number, before: Before) {
  return sql`
    with own as (${own}), approved as (
      -- Each filter names its outcome, so each reads its own partial index (card, time).
      select ledger_transaction_id, merchant_id, store_id
        from terminal_transactions
       where card_id = (select id from own) and outcome = 'approved' and ledger_transaction_id is not null
    ), moves as (
      select lt.id::text as id, lt.posted_at as at, lt.kind as kind, le.amount_cents as amount,
             approved.merchant_id, approved.store_id, null::text as decline_reason
        from ledger_entries le
        join ledger_transactions lt on lt.id = le.transaction_id
        left join approved on approved.ledger_transaction_id = lt.id
       where le.account_id = (select account_id from own)
      union all
      select declined.id::text, declined.created_at, 'decline', declined.amount_cents, declined.merchant_id,
             declined.store_id, declined.decline_reason
        from terminal_transactions declined
       where declined.card_id = (select id from own) and declined.outcome = 'declined'
    ), page as (
      select moves.id, moves.at, ((extract(epoch from moves.at) * 1000000)::bigint)::text as "atMicros", moves.kind, moves.amount::bigint as "amountCents",
             m.trade_name as "merchantName", s.name as "storeName", moves.decline_reason as "declineReason"
        from moves
        left join merchants m on m.id = moves.merchant_id
        left join merchant_stores s on s.id = moves.store_id
       ${before === null ? sql`` : sql`where ((extract(epoch from moves.at) * 1000000)::bigint, moves.id) < (${before.atMicros}::bigint, ${before.id})`}
       order by moves.at desc, moves.id desc
       limit ${limit}
    )
    select page.* from own left join page on true order by page.at desc, page.id desc`;
}

function toMovements(rows: Record<string, unknown>[]): MovementRow[] {
  return rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: String(row.id),
      at: new Date(row.at as string),
      atMicros: String(row.atMicros),
      kind: String(row.kind),
      amountCents: Number(row.amountCents),
      merchantName: (row.merchantName as string | null) ?? null,
      storeName: (row.storeName as string | null) ?? null,
      declineReason: (row.declineReason as DeclineReason | null) ?? null,
    }));
}

/** The card's movements, newest first, from `before` on (the page's start; null: the newest). */
export async function findMovements(
  db: Executor,
  card: { cardId: string; accountId: string },
  limit: number,
  /** The position after which the page starts: microseconds since the epoch (exact) and the id. */
  before: Before,
): Promise<MovementRow[]> {
  const own = sql`select ${card.cardId}::uuid as id, ${card.accountId}::uuid as account_id`;
  const result = await db.execute<Record<string, unknown>>(movementsSql(own, limit, before));
  return toMovements(result.rows);
}

/**
 * The movements of one of the cardholder's cards, as `findMovements`, found through the holder
 * record's e-mail in the same statement (one round trip for the ownership check and the page);
 * undefined when the card is not one of theirs (another person's, unknown or closed).
 */
export async function findOwnMovements(
  db: Executor,
  email: string,
  cardId: string,
  limit: number,
  before: Before,
): Promise<MovementRow[] | undefined> {
  const own = sql`
    select c.id, c.account_id
      from cardholders h
      join cards c on c.cardholder_id = h.id
     where lower(h.email) = ${email}
       and c.status <> 'replaced'
       and c.id = ${cardId}`;
  const result = await db.execute<Record<string, unknown>>(movementsSql(own, limit, before));
  return result.rows.length === 0 ? undefined : toMovements(result.rows);
}

export type RuleRow = {
  name: string;
  target: { kind: string; category?: string; merchant?: string; coreCategory?: string };
  period: string;
  limitCents: number | null;
};

/** The company's live spend rules of a product (Spendeo, MyBenefits). */
export async function findRules(db: Executor, companyId: string, product: string): Promise<RuleRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    select name, target, period, limit_cents as "limitCents" from spend_rules
     where company_id = ${companyId} and product = ${product} and deleted_at is null
     order by created_at, id`);
  return result.rows.map((row) => ({
    name: String(row.name),
    target: row.target as RuleRow['target'],
    period: String(row.period),
    limitCents: row.limitCents === null ? null : Number(row.limitCents),
  }));
}

/**
 * What the card spent (approved purchases less reversals) since the start of `period` in Athens,
 * optionally only at stores of some categories or at merchants whose name contains `merchant`.
 */
export async function sumSpent(
  db: Executor,
  cardId: string,
  period: 'day' | 'week' | 'month',
  at: Date,
  only: { categories?: readonly string[]; merchant?: string } = {},
): Promise<number> {
  const result = await db.execute<{ spent: string }>(sql`
    select coalesce(sum(case t.kind when 'authorise' then t.amount_cents when 'reverse' then -t.amount_cents else 0 end), 0)::bigint as spent
      from terminal_transactions t
      ${only.merchant === undefined ? sql`` : sql`join merchants m on m.id = t.merchant_id`}
     where t.card_id = ${cardId} and t.outcome = 'approved'
       and t.created_at >= date_trunc(${period}, (${at.toISOString()}::timestamptz) at time zone 'Europe/Athens') at time zone 'Europe/Athens'
       ${only.categories === undefined ? sql`` : sql`and t.store_category = any(${sql.param(only.categories)}::text[])`}
       ${only.merchant === undefined ? sql`` : sql`and lower(m.trade_name) like ${'%' + only.merchant.toLowerCase() + '%'}`}`);
  return Number(result.rows[0]?.spent ?? 0);
}
