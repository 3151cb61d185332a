import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { CardFilter, CardStatus } from '@tessera/domain';
import { statementName, type Executor } from '../../platform/db';
import { accountFigures, accountFiguresJoin, loadCreditsSql } from '../ledger';
import { cardholders, cards, products } from './schema';

export type { Executor };
export type CardRow = typeof cards.$inferSelect;
export type CardholderRow = typeof cardholders.$inferSelect;
export type NewCardRow = typeof cards.$inferInsert;
export type NewCardholderRow = typeof cardholders.$inferInsert;

/** The dates the card rules are evaluated at (Athens calendar, ADR 006). */
export type CardClock = {
  /** Today in Athens, `YYYY-MM-DD`. */
  today: string;
  /** Today + 60 days. */
  expiringUntil: string;
  /** The first instant of the current month in Athens. */
  monthStart: Date;
};

const LIVE: CardStatus[] = ['active', 'blocked'];
/** Statuses of a card that can still be used (webhooks' expiry notices read them too). */
export const LIVE_STATUSES = LIVE;

/**
 * A value of a card-list statement: itself (a statement built for one request), or a named
 * placeholder filled at each execution (a statement prepared once per filter shape, `cardPageStatements`).
 */
type Bind = <T>(name: string, value: T) => T | Placeholder<string, T>;
const literal: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

/** Live cards whose expiry falls within the next 60 days (ADR 006). */
export function expiringSoonSql(clock: CardClock, bind: Bind = literal): SQL {
  return and(
    inArray(cards.status, LIVE),
    gte(cards.expiryDate, bind('today', clock.today)),
    lte(cards.expiryDate, bind('expiringUntil', clock.expiringUntil)),
  )!;
}

/** Active, unexpired cards not loaded since the month began (ADR 006). */
export function readyToTopUpSql(clock: CardClock, bind: Bind = literal): SQL {
  return and(
    eq(cards.status, 'active'),
    gte(cards.expiryDate, bind('today', clock.today)),
    or(
      isNull(accountFigures.lastLoadAt),
      lt(accountFigures.lastLoadAt, bind('monthStart', clock.monthStart)),
    ),
  )!;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The WHERE of the card list: always the company; then each filter given. */
function filterWhere(
  companyId: string,
  filter: CardFilter,
  words: readonly string[],
  clock: CardClock,
  bind: Bind = literal,
): SQL {
  const conditions: SQL[] = [eq(cards.companyId, bind('companyId', companyId))];
  if (filter.product) conditions.push(eq(cards.product, bind('product', filter.product)));
  if (filter.family) conditions.push(eq(cards.family, bind('family', filter.family)));
  if (filter.status) conditions.push(eq(cards.status, bind('status', filter.status)));
  if (filter.cardIds) conditions.push(inArray(cards.id, filter.cardIds));
  if (filter.expiringSoon) conditions.push(expiringSoonSql(clock, bind));
  if (filter.readyToTopUp) conditions.push(readyToTopUpSql(clock, bind));
  words.forEach((word, index) =>
    conditions.push(like(cards.searchText, bind(`word${index}`, `%${escapeLike(word)}%`))),
  );
  return and(...conditions)!;
}

const SORT_COLUMNS = {
  cardholder: cards.holderSort,
  cardName: cards.cardName,
  expiryDate: cards.expiryDate,
  balance: accountFigures.balanceCents,
  status: cards.status,
  createdAt: cards.createdAt,
} as const;

/** A statement as it reaches PostgreSQL: its text and parameters (the benchmark's floor runs these). */
export type Statement = { sql: string; params: unknown[] };

/** Which rows of the list a page reads: from `offset`, `limit` of them, backwards when reversed. */
export type PageWindow = { isReversed: boolean; offset: number; limit: number };

/**
 * Where a page lies in the list, read from whichever end is nearer (issue 17, ADR 021): `page`'s
 * rows are positions [offset, offset + pageSize) of `total`. Past the middle they are read in the
 * reverse order from the far end — the last page skips nothing, as the first does — then put back
 * in order by the outer query. Without a total (the first page, counted alongside) it reads forward.
 */
export function pageWindow(page: number, pageSize: number, total: number | undefined): PageWindow {
  const offset = (page - 1) * pageSize;
  if (total === undefined) return { isReversed: false, offset, limit: pageSize };
  if (offset >= total) return { isReversed: false, offset, limit: 0 };
  const end = Math.min(offset + pageSize, total);
  const fromEnd = total - end;
  return fromEnd < offset
    ? { isReversed: true, offset: fromEnd, limit: end - offset }
    : { isReversed: false, offset, limit: end - offset };
}

/**
 * The statements of one card-list page: the count of matching cards and the page (the ids in order
 * — a sort over the card row, joining the ledger account only to sort by balance or to find cards
 * ready to top up — then those cards' details, in one statement). `total`, when known, lets the
 * page be read from the nearer end (`pageWindow`). Exported so that the benchmark's floor runs the
 * very text the server runs (`.toSQL()`).
 */
export function cardPageQueries(
  db: Executor,
  companyId: string,
  filter: CardFilter,
  foldedSearch: string,
  clock: CardClock,
  total?: number,
) {
  const window = pageWindow(filter.page, filter.pageSize, total);
  const queries = buildCardPageQueries(
    db,
    companyId,
    filter,
    searchWords(foldedSearch),
    clock,
    window,
    literal,
  );
  return { page: window.limit > 0 ? queries.page : null, count: queries.count };
}

/** The words of a folded search, each a condition of its own. */
function searchWords(foldedSearch: string): string[] {
  return foldedSearch.split(' ').filter(Boolean);
}

/** The count and page statements of `cardPageQueries`, their values given by `bind`. */
function buildCardPageQueries(
  db: Executor,
  companyId: string,
  filter: CardFilter,
  words: readonly string[],
  clock: CardClock,
  window: PageWindow,
  bind: Bind,
) {
  const where = filterWhere(companyId, filter, words, clock, bind);
  const needsAccount = filter.readyToTopUp === true || filter.sort === 'balance';
  const isDescending = (filter.direction === 'desc') !== window.isReversed;
  const idOrder = isDescending ? desc : asc;
  const order = filter.direction === 'desc' ? desc : asc;
  const idQuery = (
    needsAccount
      ? db
          .select({ id: cards.id })
          .from(cards)
          .innerJoin(...accountFiguresJoin(cards.accountId))
          .where(where)
      : db.select({ id: cards.id }).from(cards).where(where)
  )
    .orderBy(idOrder(SORT_COLUMNS[filter.sort]), idOrder(cards.id))
    .offset(bind('offset', window.offset))
    .limit(bind('limit', window.limit));
  const countQuery = needsAccount
    ? db
        .select({ total: sql<number>`count(*)::int` })
        .from(cards)
        .innerJoin(...accountFiguresJoin(cards.accountId))
        .where(where)
    : db
        .select({ total: sql<number>`count(*)::int` })
        .from(cards)
        .where(where);
  // The sort never drags joined columns: the ids first, then the details of those ids, in order.
  const pageQuery = db
    .select(CARD_DETAIL_COLUMNS)
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
    .innerJoin(...accountFiguresJoin(cards.accountId))
    .where(inArray(cards.id, idQuery))
    .orderBy(order(SORT_COLUMNS[filter.sort]), order(cards.id));
  return { page: pageQuery, count: countQuery };
}

/** Search words beyond this many build their statements for the request alone (rare, and unbounded). */
const PREPARED_MAX_WORDS = 4;
/** Filter shapes kept per database (each holds two built statements); the oldest goes first. */
const PREPARED_MAX_SHAPES = 200;

type PreparedCardPage = {
  count: { execute(values: Record<string, unknown>): Promise<{ total: number }[]> };
  page: { execute(values: Record<string, unknown>): Promise<CardDetailRow[]> };
};
const preparedShapes = new WeakMap<Executor, Map<string, PreparedCardPage>>();

/**
 * The count and page statements of a filter's shape — which filters it has (not their values), how
 * many search words, the sort, its direction and whether the page is read from the far end —
 * built once and kept by `db` (issue 36 §3: building the statements and their row mapping was a
 * sixth of a card-list request's time), run with this request's values; on PostgreSQL as named
 * statements, parsed and planned once per connection (`statementName`). The text is the one
 * `cardPageQueries` builds for the same request; the values are bound when it runs.
 * A list of card ids, or many search words, builds its statements for the request alone.
 */
function cardPageStatements(
  db: Executor,
  companyId: string,
  filter: CardFilter,
  words: readonly string[],
  clock: CardClock,
  window: PageWindow,
): { statements: PreparedCardPage; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {
    companyId,
    product: filter.product,
    family: filter.family,
    status: filter.status,
    today: clock.today,
    expiringUntil: clock.expiringUntil,
    monthStart: clock.monthStart,
    offset: window.offset,
    limit: window.limit,
  };
  words.forEach((word, index) => (values[`word${index}`] = `%${escapeLike(word)}%`));
  if (filter.cardIds || words.length > PREPARED_MAX_WORDS) {
    const built = buildCardPageQueries(db, companyId, filter, words, clock, window, literal);
    return { statements: { count: built.count.prepare(''), page: built.page.prepare('') }, values };
  }
  const shape = [
    filter.product ? 'p' : '',
    filter.family ? 'f' : '',
    filter.status ? 's' : '',
    filter.expiringSoon ? 'e' : '',
    filter.readyToTopUp ? 'r' : '',
    words.length,
    filter.sort,
    filter.direction === 'desc' ? 'd' : 'a',
    window.isReversed ? 'r' : 'f',
  ].join('');
  let shapes = preparedShapes.get(db);
  if (!shapes) preparedShapes.set(db, (shapes = new Map()));
  let statements = shapes.get(shape);
  if (!statements) {
    const built = buildCardPageQueries(db, companyId, filter, words, clock, window, placeholder);
    statements = {
      count: built.count.prepare(statementName(`card_count_${shape}`)),
      page: built.page.prepare(statementName(`card_page_${shape}`)),
    };
    if (shapes.size >= PREPARED_MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(shape, statements);
  }
  return { statements, values };
}

/**
 * One page of a company's cards with their cardholders and ledger figures (filter, sort, page),
 * and the number of matching cards (through `options.total`, which may reuse a count). The first
 * page is read alongside its count; a later page waits for the total (reused while the user pages,
 * ADR 008) so that it is read from the nearer end of the list (`pageWindow`).
 */
export async function filterCardPage(
  db: Executor,
  companyId: string,
  filter: CardFilter,
  foldedSearch: string,
  clock: CardClock,
  options: { total?: (count: () => Promise<number>) => Promise<number> } = {},
): Promise<{ rows: CardDetailRow[]; total: number }> {
  const words = searchWords(foldedSearch);
  const statementsAt = (total?: number) =>
    cardPageStatements(db, companyId, filter, words, clock, pageWindow(filter.page, filter.pageSize, total));
  // Run when needed: most requests reuse a counted total, and the page needs the total first.
  const count = async () => {
    const { statements, values } = statementsAt();
    return (await statements.count.execute(values))[0]?.total ?? 0;
  };
  const totalOf = () => (options.total ? options.total(count) : count());
  const read = async (total?: number) => {
    const { statements, values } = statementsAt(total);
    return values.limit === 0 ? [] : await statements.page.execute(values);
  };
  if (filter.page === 1) {
    const [rows, total] = await Promise.all([read(), totalOf()]);
    return { rows, total };
  }
  const total = await totalOf();
  return { rows: await read(total), total };
}

/**
 * The columns a card is shown with (`toCard`): not its token, search texts or update times, which
 * a list page of 100 cards would otherwise carry over the wire and parse for nothing (issue 17).
 */
const CARD_DETAIL_COLUMNS = {
  card: {
    id: cards.id,
    product: cards.product,
    family: cards.family,
    cardName: cards.cardName,
    status: cards.status,
    expiryDate: cards.expiryDate,
    bin: cards.bin,
    last4: cards.last4,
    replacedByCardId: cards.replacedByCardId,
    doNotRenew: cards.doNotRenew,
    createdAt: cards.createdAt,
  },
  holder: {
    id: cardholders.id,
    firstName: cardholders.firstName,
    lastName: cardholders.lastName,
    email: cardholders.email,
    phone: cardholders.phone,
    employeeCode: cardholders.employeeCode,
    taxId: cardholders.taxId,
  },
  balanceCents: accountFigures.balanceCents,
  lastLoadAt: accountFigures.lastLoadAt,
};

export type CardDetailRow = {
  card: Pick<
    CardRow,
    | 'id'
    | 'product'
    | 'family'
    | 'cardName'
    | 'status'
    | 'expiryDate'
    | 'bin'
    | 'last4'
    | 'replacedByCardId'
    | 'createdAt'
  > & { doNotRenew?: boolean };
  holder: Pick<CardholderRow, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'employeeCode' | 'taxId'>;
  balanceCents: number;
  lastLoadAt: Date | null;
};

/** Cards with their cardholder and ledger figures, in the order of `ids`. */
export async function findCardDetails(db: Executor, ids: string[]): Promise<CardDetailRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(CARD_DETAIL_COLUMNS)
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
    .innerJoin(...accountFiguresJoin(cards.accountId))
    .where(inArray(cards.id, ids));
  const byId = new Map(rows.map((row) => [row.card.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findCardOfCompany(
  db: Executor,
  companyId: string,
  cardId: string,
): Promise<CardRow | undefined> {
  const [row] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.companyId, companyId)));
  return row;
}

export async function findCardholderOfCompany(
  db: Executor,
  companyId: string,
  cardholderId: string,
): Promise<CardholderRow | undefined> {
  const [row] = await db
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.id, cardholderId), eq(cardholders.companyId, companyId)));
  return row;
}

export async function cardsOfCardholder(db: Executor, cardholderId: string): Promise<CardRow[]> {
  return db.select().from(cards).where(eq(cards.cardholderId, cardholderId));
}

export type SummaryRow = {
  product: CardRow['product'];
  family: CardRow['family'];
  cards: number;
  activeCards: number;
  expiringSoon: number;
  readyToTopUp: number;
  balanceCents: number;
};

/** Counts and balance per product and family, with the expiring and ready-to-top-up counts. */
export async function summarizeCards(
  db: Executor,
  companyId: string,
  clock: CardClock,
): Promise<SummaryRow[]> {
  return db
    .select({
      product: cards.product,
      family: cards.family,
      cards: sql<number>`count(*)::int`,
      activeCards: sql<number>`(count(*) filter (where ${cards.status} = 'active'))::int`,
      expiringSoon: sql<number>`(count(*) filter (where ${expiringSoonSql(clock)}))::int`,
      readyToTopUp: sql<number>`(count(*) filter (where ${readyToTopUpSql(clock)}))::int`,
      balanceCents: sql<number>`coalesce(sum(${accountFigures.balanceCents}), 0)::bigint`.mapWith(Number),
    })
    .from(cards)
    .innerJoin(...accountFiguresJoin(cards.accountId))
    .innerJoin(products, eq(products.code, cards.product))
    .where(eq(cards.companyId, companyId))
    .groupBy(cards.product, cards.family, products.sortOrder)
    .orderBy(asc(products.sortOrder), asc(cards.family));
}

export async function countCardsByStatus(db: Executor, companyId: string): Promise<Map<CardStatus, number>> {
  const rows = await db
    .select({ status: cards.status, count: sql<number>`count(*)::int` })
    .from(cards)
    .where(eq(cards.companyId, companyId))
    .groupBy(cards.status);
  return new Map(rows.map((row) => [row.status, row.count]));
}

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for these tables' widths. */
const INSERT_CHUNK = 2_000;

/** Inserts `rows` a chunk a statement, one statement after another; answers the inserted rows in order. */
async function insertInChunks<Row, Inserted>(
  rows: Row[],
  insert: (chunk: Row[]) => Promise<Inserted[]>,
): Promise<Inserted[]> {
  const inserted: Inserted[] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    inserted.push(...(await insert(rows.slice(start, start + INSERT_CHUNK))));
  }
  return inserted;
}

export async function insertCardholders(db: Executor, rows: NewCardholderRow[]): Promise<CardholderRow[]> {
  return insertInChunks(rows, (chunk) => db.insert(cardholders).values(chunk).returning());
}

export async function insertCards(db: Executor, rows: NewCardRow[]): Promise<CardRow[]> {
  return insertInChunks(rows, (chunk) => db.insert(cards).values(chunk).returning());
}

export async function updateCardholderRow(
  db: Executor,
  id: string,
  values: Partial<NewCardholderRow>,
): Promise<CardholderRow> {
  const [row] = await db
    .update(cardholders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cardholders.id, id))
    .returning();
  return row!;
}

export async function updateCardRow(db: Executor, id: string, values: Partial<NewCardRow>): Promise<CardRow> {
  const [row] = await db
    .update(cards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cards.id, id))
    .returning();
  return row!;
}

export async function findProducts(db: Executor) {
  return db.select().from(products).orderBy(asc(products.sortOrder));
}

/** The cards among `ids` that belong to the company, with cardholder and ledger figures. */
export async function findCardDetailsOfCompany(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<CardDetailRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(CARD_DETAIL_COLUMNS)
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
    .innerJoin(...accountFiguresJoin(cards.accountId))
    .where(and(eq(cards.companyId, companyId), inArray(cards.id, [...new Set(ids)])));
}

/** The company's cards among `ids`, locked `for update` until the caller's transaction ends. */
export async function lockCardRowsOfCompany(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<
  Pick<CardRow, 'id' | 'accountId' | 'status' | 'cardholderId' | 'cardName' | 'product' | 'family'>[]
> {
  return db
    .select({
      id: cards.id,
      accountId: cards.accountId,
      status: cards.status,
      cardholderId: cards.cardholderId,
      cardName: cards.cardName,
      product: cards.product,
      family: cards.family,
    })
    .from(cards)
    .where(and(eq(cards.companyId, companyId), inArray(cards.id, [...new Set(ids)])))
    .for('update');
}

/** Activates the company's blocked cards among `ids`; answers how many. */
export async function activateBlockedCards(
  db: Executor,
  companyId: string,
  ids: string[],
  at: Date,
): Promise<number> {
  const rows = await db
    .update(cards)
    .set({ status: 'active', updatedAt: at })
    .where(and(eq(cards.companyId, companyId), inArray(cards.id, ids), eq(cards.status, 'blocked')))
    .returning({ id: cards.id });
  return rows.length;
}

/** Sets the status of the company's cards among `ids`. */
export async function setCardsStatus(
  db: Executor,
  companyId: string,
  ids: string[],
  status: CardStatus,
  at: Date,
): Promise<void> {
  await db
    .update(cards)
    .set({ status, updatedAt: at })
    .where(and(eq(cards.companyId, companyId), inArray(cards.id, ids)));
}

/** The ids among `ids` of the company's cardholders. */
export async function findCardholderIdsOfCompany(
  db: Executor,
  companyId: string,
  ids: string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: cardholders.id })
    .from(cardholders)
    .where(and(eq(cardholders.companyId, companyId), inArray(cardholders.id, [...new Set(ids)])));
  return rows.map((row) => row.id);
}

/**
 * The company's cards of a product and family that are ready to top up (`readyToTopUpSql`, ADR 006),
 * in the card list's default order, with the sum of the `load` credits each received in
 * [`since`, `until`) — the previous Athens month when the caller asks for it.
 */
export async function findReadyToTopUpCards(
  db: Executor,
  companyId: string,
  filter: { product: CardRow['product']; family: CardRow['family'] },
  clock: CardClock,
  loadsBetween: { since: Date; until: Date },
): Promise<{ cardId: string; loadedCents: number }[]> {
  return db
    .select({
      cardId: cards.id,
      loadedCents: loadCreditsSql(cards.accountId, loadsBetween),
    })
    .from(cards)
    .innerJoin(...accountFiguresJoin(cards.accountId))
    .where(
      and(
        eq(cards.companyId, companyId),
        eq(cards.product, filter.product),
        eq(cards.family, filter.family),
        readyToTopUpSql(clock),
      ),
    )
    .orderBy(asc(cards.holderSort), asc(cards.id));
}

/**
 * The company's cardholders that may be the same person as one of a list (checkCardholder): the
 * same email or employee code (case-insensitive), the same tax id (spaces ignored), or a folded
 * search text that starts with a folded "first last" name. A prefilter: the caller decides.
 */
export async function findCardholderCandidates(
  db: Executor,
  companyId: string,
  criteria: { emails: string[]; taxIds: string[]; employeeCodes: string[]; foldedNames: string[] },
): Promise<(CardholderRow & { cards: number })[]> {
  const any: SQL[] = [];
  if (criteria.emails.length > 0) any.push(inArray(sql`lower(${cardholders.email})`, criteria.emails));
  if (criteria.taxIds.length > 0)
    any.push(inArray(sql`regexp_replace(${cardholders.taxId}, '\\s', '', 'g')`, criteria.taxIds));
  if (criteria.employeeCodes.length > 0)
    any.push(inArray(sql`lower(${cardholders.employeeCode})`, criteria.employeeCodes));
  if (criteria.foldedNames.length > 0) {
    any.push(inArray(cardholders.searchText, criteria.foldedNames));
    const patterns = criteria.foldedNames.map((name) => `${escapeLike(name)} %`);
    any.push(
      sql`${cardholders.searchText} like any(array[${sql.join(
        patterns.map((pattern) => sql`${pattern}`),
        sql`, `,
      )}]::text[])`,
    );
  }
  if (any.length === 0) return [];
  const rows = await db
    .select({
      holder: cardholders,
      // Written out: drizzle leaves a lone table's columns unqualified, and "id" would be c.id here.
      cards: sql<number>`(select count(*)::int from cards c where c.cardholder_id = "cardholders"."id")`,
    })
    .from(cardholders)
    .where(and(eq(cardholders.companyId, companyId), or(...any)))
    .orderBy(asc(cardholders.lastName), asc(cardholders.firstName), asc(cardholders.id));
  return rows.map((row) => ({ ...row.holder, cards: row.cards }));
}

/** What a bulk file needs to know of a card it names (ADR 011): no balance, no ledger. */
export type CardReferenceRow = {
  id: string;
  product: CardRow['product'];
  family: CardRow['family'];
  status: CardRow['status'];
  expiryDate: string;
  bin: string;
  last4: string;
  replacedByCardId: string | null;
  firstName: string;
  lastName: string;
  employeeCode: string;
  email: string;
};

const REFERENCE_COLUMNS = sql`c.id, c.product, c.family, c.status, c.expiry_date::text as "expiryDate", c.bin,
  c.last4, c.replaced_by_card_id as "replacedByCardId", h.first_name as "firstName",
  h.last_name as "lastName", h.employee_code as "employeeCode", h.email`;

/**
 * The company's cards a bulk file names, by id (`ids`), and by last four digits with the
 * cardholder's employee code or email, case ignored (`keys`): each list one indexed statement (the
 * cardholder found by its code or email, then their cards by holder), the lists traveling as array
 * parameters so a batch of thousands is one round trip. A card named twice comes back twice.
 */
export async function findCardReferences(
  db: Executor,
  companyId: string,
  ids: string[],
  keys: { last4: string; employeeCode: string; email: string }[],
): Promise<CardReferenceRow[]> {
  const byCode = keys.filter((key) => key.employeeCode !== '');
  const byEmail = keys.filter((key) => key.email !== '');
  const byHolder = (field: 'employee_code' | 'email', list: typeof keys) =>
    list.length === 0
      ? { rows: [] as CardReferenceRow[] }
      : db.execute<CardReferenceRow>(sql`
          select ${REFERENCE_COLUMNS}
            from unnest(${sql.param(list.map((key) => key.last4))}::text[],
                        ${sql.param(list.map((key) => (field === 'email' ? key.email : key.employeeCode).toLowerCase()))}::text[])
                 as k(last4, value)
            join cardholders h on h.company_id = ${companyId} and lower(${sql.raw(`h.${field}`)}) = k.value
            join cards c on c.cardholder_id = h.id and c.company_id = ${companyId} and c.last4 = k.last4`);
  const results = await Promise.all([
    ids.length === 0
      ? { rows: [] as CardReferenceRow[] }
      : db.execute<CardReferenceRow>(sql`
          select ${REFERENCE_COLUMNS}
            from cards c join cardholders h on h.id = c.cardholder_id
           where c.company_id = ${companyId} and c.id = any(${sql.param(ids)}::uuid[])`),
    byHolder('employee_code', byCode),
    byHolder('email', byEmail),
  ]);
  return results.flatMap((result) => result.rows);
}

/**
 * The company's cardholders that share an email, a tax id (spaces ignored) or an employee code
 * (case ignored) with one of a list, or hold a card under the same folded "last first" name
 * (`cards.holder_sort`, indexed): exact keys only, so thousands of people are one indexed
 * statement. Each with their number of cards. A prefilter: the caller applies the rule.
 */
export async function findCardholdersByKeys(
  db: Executor,
  companyId: string,
  criteria: { emails: string[]; taxIds: string[]; employeeCodes: string[]; holderSorts: string[] },
): Promise<(CardholderRow & { cards: number })[]> {
  // One statement per key, each on its own index (an OR of them would scan every cardholder).
  const conditions: SQL[] = [];
  if (criteria.emails.length > 0) {
    conditions.push(sql`lower(${cardholders.email}) = any(${sql.param(criteria.emails)}::text[])`);
  }
  if (criteria.employeeCodes.length > 0) {
    conditions.push(
      sql`lower(${cardholders.employeeCode}) = any(${sql.param(criteria.employeeCodes)}::text[])`,
    );
  }
  if (criteria.holderSorts.length > 0) {
    conditions.push(
      sql`${cardholders.id} in (select c.cardholder_id from cards c where c.company_id = ${companyId} and c.holder_sort = any(${sql.param(criteria.holderSorts)}::text[]))`,
    );
  }
  if (criteria.taxIds.length > 0) {
    conditions.push(
      sql`regexp_replace(${cardholders.taxId}, '\\s', '', 'g') = any(${sql.param(criteria.taxIds)}::text[])`,
    );
  }
  const found = await Promise.all(
    conditions.map((condition) =>
      db
        .select({
          holder: cardholders,
          cards: sql<number>`(select count(*)::int from cards c where c.cardholder_id = "cardholders"."id")`,
        })
        .from(cardholders)
        .where(and(eq(cardholders.companyId, companyId), condition)),
    ),
  );
  const byId = new Map<string, CardholderRow & { cards: number }>();
  for (const rows of found)
    for (const row of rows) byId.set(row.holder.id, { ...row.holder, cards: row.cards });
  return [...byId.values()];
}
