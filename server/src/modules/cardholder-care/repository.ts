import { sql } from 'drizzle-orm';
import type { CardCategory, CardStatus, CardholderEventKind } from '@tessera/domain';
import type { Executor } from '../../platform/db';

/*
 * The module's SQL (ADR 049). It reads the cards module's holder records and cards and the
 * cardholders module's accounts and events by their table names (raw SQL, no import of their
 * schema), and writes only an invitation's mark and event and an unlock's columns and event.
 */

export type HolderRow = {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
};

export type AccountRow = { email: string; invitedAt: Date | null; activatedAt: Date | null };

export type CareCardRow = {
  cardId: string;
  companyId: string;
  companyName: string;
  product: CardCategory;
  cardName: string;
  bin: string;
  last4: string;
  firstName: string;
  lastName: string;
  email: string;
  status: CardStatus;
  lockedAt: Date | null;
  lockedBy: string | null;
  accountId: string;
};

export type EventRow = {
  id: number;
  email: string;
  at: Date;
  kind: CardholderEventKind;
  cardId: string | null;
  actor: string;
  reason: string | null;
  ip: string | null;
};

const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** One of the company's cardholders, or undefined (another company's is not found). */
export async function findHolderOfCompany(
  db: Executor,
  companyId: string,
  cardholderId: string,
): Promise<HolderRow | undefined> {
  const { rows } = await db.execute<{
    id: string;
    company_id: string;
    email: string;
    first_name: string;
    last_name: string;
  }>(sql`select id, company_id, email, first_name, last_name from cardholders
          where id = ${cardholderId} and company_id = ${companyId}`);
  const row = rows[0];
  return row
    ? {
        id: row.id,
        companyId: row.company_id,
        email: row.email.trim().toLowerCase(),
        firstName: row.first_name,
        lastName: row.last_name,
      }
    : undefined;
}

/** The cardholder accounts of these e-mails (lower-cased). */
export async function findAccounts(db: Executor, emails: readonly string[]): Promise<AccountRow[]> {
  if (emails.length === 0) return [];
  const { rows } = await db.execute<{ email: string; invited_at: unknown; activated_at: unknown }>(
    sql`select email, invited_at, activated_at from cardholder_accounts
         where email in (${sql.join(
           emails.map((email) => sql`${email}`),
           sql`, `,
         )})`,
  );
  return rows.map((row) => ({
    email: row.email,
    invitedAt: date(row.invited_at),
    activatedAt: date(row.activated_at),
  }));
}

/**
 * Marks the e-mail invited now, unless it was invited after `notBefore` (the rate limit, decided in
 * the one statement so two clicks cannot both send). Returns whether it was marked.
 */
export async function markInvited(
  db: Executor,
  email: string,
  displayName: string,
  now: Date,
  notBefore: Date,
): Promise<boolean> {
  const { rows } = await db.execute<{ email: string }>(sql`
    insert into cardholder_accounts (email, display_name, invited_at)
    values (${email}, ${displayName}, ${now.toISOString()})
    on conflict (email) do update set invited_at = excluded.invited_at
     where cardholder_accounts.invited_at is null or cardholder_accounts.invited_at <= ${notBefore.toISOString()}
    returning email`);
  return rows.length > 0;
}

/** Appends one event to the cardholder's history. */
export async function insertEvent(
  db: Executor,
  event: {
    email: string;
    kind: CardholderEventKind;
    cardId?: string | null;
    actor: string;
    reason?: string | null;
  },
): Promise<void> {
  await db.execute(sql`
    insert into cardholder_events (email, kind, card_id, actor, reason)
    values (${event.email}, ${event.kind}, ${event.cardId ?? null}, ${event.actor}, ${event.reason ?? null})`);
}

/**
 * The company's holders with an e-mail who were never invited, among those an import's good rows
 * name: the holders of the cards its loads name, and the existing holders whose e-mail its new
 * cards' holders carry (a holder record made later is invited from the card panel).
 */
export async function findUninvitedHoldersOfImport(
  db: Executor,
  companyId: string,
  importId: string,
): Promise<{ email: string; firstName: string; lastName: string }[]> {
  const { rows } = await db.execute<{ email: string; first_name: string; last_name: string }>(sql`
    with named as (
      select h.email, h.first_name, h.last_name
        from bulk_import_rows r
        join cards c on c.id::text = r.parsed->>'cardId' and c.company_id = ${companyId}
        join cardholders h on h.id = c.cardholder_id
       where r.import_id = ${importId} and r.company_id = ${companyId}
         and not r.is_dropped and r.status <> 'error'
      union all
      select h.email, h.first_name, h.last_name
        from bulk_import_rows r
        join cardholders h on h.company_id = ${companyId}
                          and lower(h.email) = lower(r.parsed->'cardholder'->>'email')
       where r.import_id = ${importId} and r.company_id = ${companyId}
         and not r.is_dropped and r.status <> 'error'
         and coalesce(r.parsed->'cardholder'->>'email', '') <> ''
    )
    select distinct on (lower(n.email)) lower(n.email) as email, n.first_name, n.last_name
      from named n
      left join cardholder_accounts a on a.email = lower(n.email)
     where n.email <> '' and a.invited_at is null
     order by lower(n.email)`);
  return rows.map((row) => ({ email: row.email, firstName: row.first_name, lastName: row.last_name }));
}

const CARD_COLUMNS = sql`
  c.id as card_id, c.company_id, co.name as company_name, c.product, c.card_name, c.bin, c.last4,
  h.first_name, h.last_name, h.email, c.status, c.locked_at, c.locked_by, c.account_id`;

type RawCard = {
  card_id: string;
  company_id: string;
  company_name: string;
  product: CardCategory;
  card_name: string;
  bin: string;
  last4: string;
  first_name: string;
  last_name: string;
  email: string;
  status: CardStatus;
  locked_at: unknown;
  locked_by: string | null;
  account_id: string;
};

function cardOf(row: RawCard): CareCardRow {
  return {
    cardId: row.card_id,
    companyId: row.company_id,
    companyName: row.company_name,
    product: row.product,
    cardName: row.card_name,
    bin: row.bin,
    last4: row.last4,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email.trim().toLowerCase(),
    status: row.status,
    lockedAt: date(row.locked_at),
    lockedBy: row.locked_by,
    accountId: row.account_id,
  };
}

/** Every card (any company) whose holder record carries the e-mail, case-insensitively. */
export async function findCardsByEmail(db: Executor, email: string): Promise<CareCardRow[]> {
  const { rows } = await db.execute<RawCard>(sql`
    select ${CARD_COLUMNS}
      from cardholders h join cards c on c.cardholder_id = h.id join companies co on co.id = c.company_id
     where lower(h.email) = ${email}
     order by co.name, c.created_at
     limit 200`);
  return rows.map(cardOf);
}

/** The company's cards ending in these four digits. */
export async function findCardsByLast4(
  db: Executor,
  companyId: string,
  last4: string,
): Promise<CareCardRow[]> {
  const { rows } = await db.execute<RawCard>(sql`
    select ${CARD_COLUMNS}
      from cards c join cardholders h on h.id = c.cardholder_id join companies co on co.id = c.company_id
     where c.company_id = ${companyId} and c.last4 = ${last4}
     order by h.last_name, h.first_name
     limit 50`);
  return rows.map(cardOf);
}

/** One card by id (any company: care's tools serve every company). */
export async function findCard(db: Executor, cardId: string): Promise<CareCardRow | undefined> {
  const { rows } = await db.execute<RawCard>(sql`
    select ${CARD_COLUMNS}
      from cards c join cardholders h on h.id = c.cardholder_id join companies co on co.id = c.company_id
     where c.id = ${cardId}`);
  return rows[0] ? cardOf(rows[0]) : undefined;
}

/** Unlocks a locked card; false when it was not locked (someone unlocked it first). */
export async function unlockCard(db: Executor, cardId: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update cards set locked_at = null, locked_by = null, updated_at = now()
     where id = ${cardId} and locked_at is not null
    returning id`);
  return rows.length > 0;
}

/** The e-mails' latest events, newest first. */
export async function findEvents(
  db: Executor,
  emails: readonly string[],
  limit: number,
): Promise<EventRow[]> {
  if (emails.length === 0) return [];
  const { rows } = await db.execute<{
    id: string | number;
    email: string;
    at: unknown;
    kind: CardholderEventKind;
    card_id: string | null;
    actor: string;
    reason: string | null;
    ip: string | null;
  }>(sql`
    select id, email, at, kind, card_id, actor, reason, ip from cardholder_events
     where email in (${sql.join(
       emails.map((email) => sql`${email}`),
       sql`, `,
     )})
     order by at desc, id desc
     limit ${limit}`);
  return rows.map((row) => ({
    id: Number(row.id),
    email: row.email,
    at: date(row.at)!,
    kind: row.kind,
    cardId: row.card_id,
    actor: row.actor,
    reason: row.reason,
    ip: row.ip,
  }));
}

/** Whether the company exists (care's look-up by last four names one). */
export async function companyExists(db: Executor, companyId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from companies where id = ${companyId}`);
  return rows.length > 0;
}

/** The company's name (the invitation's first line names it). */
export async function findCompanyName(db: Executor, companyId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select name from companies where id = ${companyId}`,
  );
  return rows[0]?.name ?? '';
}
