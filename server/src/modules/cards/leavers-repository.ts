import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { CardCategory, CardStatus, LeaversView } from '@tessera/domain';
import { accountFiguresJoin, accountFigures } from '../ledger';
import { expiringSoonSql, type CardClock, type Executor } from './repository';
import { cardholders, cards } from './schema';

/**
 * The SQL of the leavers and expiry page (issue 22 §4, ADR 036): the company's live cards expiring
 * within the window or held by leavers, and the two marks (leaver, do not renew).
 */

const LIVE: CardStatus[] = ['active', 'blocked'];

/** A live card of a cardholder marked as a leaver. */
function leaverCardSql(): SQL {
  return and(inArray(cards.status, LIVE), isNotNull(cardholders.leaverMarkedAt))!;
}

function viewSql(which: LeaversView, clock: CardClock): SQL {
  if (which === 'expiring') return expiringSoonSql(clock);
  if (which === 'leavers') return leaverCardSql();
  return or(expiringSoonSql(clock), leaverCardSql())!;
}

const LEAVER_CARD_COLUMNS = {
  id: cards.id,
  product: cards.product,
  family: cards.family,
  cardName: cards.cardName,
  status: cards.status,
  expiryDate: cards.expiryDate,
  bin: cards.bin,
  last4: cards.last4,
  doNotRenew: cards.doNotRenew,
  cardholderId: cardholders.id,
  firstName: cardholders.firstName,
  lastName: cardholders.lastName,
  leaverMarkedAt: cardholders.leaverMarkedAt,
  leavingDate: cardholders.leavingDate,
  balanceCents: accountFigures.balanceCents,
};

export type LeaverCardRow = {
  id: string;
  product: CardCategory;
  family: (typeof cards.$inferSelect)['family'];
  cardName: string;
  status: CardStatus;
  expiryDate: string;
  bin: string;
  last4: string;
  doNotRenew: boolean;
  cardholderId: string;
  firstName: string;
  lastName: string;
  leaverMarkedAt: Date | null;
  leavingDate: string | null;
  balanceCents: number;
};

/**
 * One page of the company's cards in `which` view (soonest expiry first), the number of them, and
 * the number in each view (the tabs' counts).
 */
export async function findLeaverCardPage(
  db: Executor,
  companyId: string,
  query: { which: LeaversView; product?: CardCategory; page: number; pageSize: number },
  clock: CardClock,
): Promise<{ rows: LeaverCardRow[]; total: number; expiring: number; leavers: number }> {
  const scope = and(
    eq(cards.companyId, companyId),
    query.product ? eq(cards.product, query.product) : undefined,
  )!;
  const where = and(scope, viewSql(query.which, clock))!;
  const [rows, [counts]] = await Promise.all([
    db
      .select(LEAVER_CARD_COLUMNS)
      .from(cards)
      .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
      .innerJoin(...accountFiguresJoin(cards.accountId))
      .where(where)
      .orderBy(asc(cards.expiryDate), asc(cardholders.lastName), asc(cards.id))
      .offset((query.page - 1) * query.pageSize)
      .limit(query.pageSize),
    db
      .select({
        total: sql<number>`(count(*) filter (where ${viewSql(query.which, clock)}))::int`,
        expiring: sql<number>`(count(*) filter (where ${expiringSoonSql(clock)}))::int`,
        leavers: sql<number>`(count(*) filter (where ${leaverCardSql()}))::int`,
      })
      .from(cards)
      .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
      .where(and(scope, viewSql('all', clock))),
  ]);
  return {
    rows,
    total: counts?.total ?? 0,
    expiring: counts?.expiring ?? 0,
    leavers: counts?.leavers ?? 0,
  };
}

/** The company's cards among `ids` with what the bulk actions judge them by (others are absent). */
export async function findLeaverCardsOfCompany(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<LeaverCardRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(LEAVER_CARD_COLUMNS)
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
    .innerJoin(...accountFiguresJoin(cards.accountId))
    .where(and(eq(cards.companyId, companyId), inArray(cards.id, [...new Set(ids)])));
}

/** Sets the leaver mark of the company's cardholder; undefined when it is not the company's. */
export async function setCardholderLeaver(
  db: Executor,
  companyId: string,
  cardholderId: string,
  values: { leaverMarkedAt: Date | null; leavingDate: string | null; updatedAt: Date },
) {
  const [row] = await db
    .update(cardholders)
    .set(values)
    .where(and(eq(cardholders.id, cardholderId), eq(cardholders.companyId, companyId)))
    .returning({
      id: cardholders.id,
      leaverMarkedAt: cardholders.leaverMarkedAt,
      leavingDate: cardholders.leavingDate,
    });
  return row;
}

/** The leaver mark of the company's cardholder; undefined when it is not the company's. */
export async function findCardholderLeaver(db: Executor, companyId: string, cardholderId: string) {
  const [row] = await db
    .select({
      id: cardholders.id,
      leaverMarkedAt: cardholders.leaverMarkedAt,
      leavingDate: cardholders.leavingDate,
    })
    .from(cardholders)
    .where(and(eq(cardholders.id, cardholderId), eq(cardholders.companyId, companyId)));
  return row;
}

/** Sets "do not renew" on the company's cards among `ids` whose mark differs; answers their ids. */
export async function setCardsDoNotRenew(
  db: Executor,
  companyId: string,
  ids: string[],
  doNotRenew: boolean,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(cards)
    .set({ doNotRenew, updatedAt: at })
    .where(
      and(
        eq(cards.companyId, companyId),
        inArray(cards.id, [...new Set(ids)]),
        sql`${cards.doNotRenew} is distinct from ${doNotRenew}`,
      ),
    )
    .returning({ id: cards.id });
  return rows.map((row) => row.id);
}
