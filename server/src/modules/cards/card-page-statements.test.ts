import { CardFilterRequestSchema, foldForSearch, type CardFilterRequest } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness';
import type { Database } from '../../platform/db';
import { cardClock } from './card-fields';
import { cardPageQueries, filterCardPage } from './repository';

/**
 * The card list's statements prepared once per filter shape (issue 36 §3, ADR 053 amended) answer
 * what the statements built for each request answer (`cardPageQueries`, whose text the benchmark's
 * floor runs): for every shape, for a second request of the same shape with other values (the
 * values are the request's, never the first one's), for pages read from either end, and for the
 * shapes built per request (a list of card ids, many search words).
 */
let database: Database;
let cardIds: string[];
const COMPANY = 'C1001';
const at = new Date();
const clock = cardClock(at);

beforeAll(async () => {
  database = await openTestDatabase({ demoWorld: { cardScale: 0.1 } });
  const { rows } = await database.pool.query<{ id: string }>(
    'select id from cards where company_id = $1 order by id limit 7',
    [COMPANY],
  );
  cardIds = rows.map((row) => row.id);
}, 120_000);
afterAll(async () => database?.close());

/** The page and total as the statements built for this request alone give them. */
async function builtForTheRequest(request: CardFilterRequest) {
  const filter = CardFilterRequestSchema.parse(request);
  const folded = foldForSearch(filter.search);
  const counted = await cardPageQueries(database.db, COMPANY, filter, folded, clock).count;
  const total = counted[0]?.total ?? 0;
  const { page } = cardPageQueries(
    database.db,
    COMPANY,
    filter,
    folded,
    clock,
    filter.page === 1 ? undefined : total,
  );
  return { ids: page ? (await page).map((row) => row.card.id) : [], total };
}

async function prepared(request: CardFilterRequest) {
  const filter = CardFilterRequestSchema.parse(request);
  const { rows, total } = await filterCardPage(
    database.db,
    COMPANY,
    filter,
    foldForSearch(filter.search),
    clock,
  );
  return { ids: rows.map((row) => row.card.id), total };
}

describe('the card list prepared once per filter shape', () => {
  const requests: CardFilterRequest[] = [
    { pageSize: 50 },
    { product: 'TICKET_RESTAURANT', pageSize: 50 },
    // The same shape with another value: the value is this request's.
    { product: 'MY_BENEFITS', pageSize: 50 },
    { product: 'TICKET_RESTAURANT', family: 'plastic', status: 'active', sort: 'expiryDate', pageSize: 20 },
    { status: 'blocked', sort: 'status', direction: 'desc', pageSize: 10 },
    { expiringSoon: true, sort: 'expiryDate', pageSize: 30 },
    { readyToTopUp: true, sort: 'balance', direction: 'desc', pageSize: 30 },
    { readyToTopUp: true, expiringSoon: true, pageSize: 30 },
    { search: 'μαρ', pageSize: 25 },
    { search: 'γιαν', pageSize: 25 },
    { search: 'α ο', sort: 'cardName', pageSize: 25 },
    { search: 'a e i o u', pageSize: 25 },
    { cardIds: [], pageSize: 25 },
    { page: 2, pageSize: 50 },
    { page: 3, pageSize: 50, sort: 'createdAt', direction: 'desc' },
    // Read from the far end, and past the end.
    { page: 1_000, pageSize: 5 },
    { page: 100_000, pageSize: 100 },
  ];

  it('answers every shape, and a second request of a shape with its own values, as the built statements do', async () => {
    let nonEmpty = 0;
    for (const template of requests) {
      const request = template.cardIds ? { ...template, cardIds: cardIds.slice(0, 5) } : template;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const expected = await builtForTheRequest(request);
        expect(await prepared(request), JSON.stringify(request)).toEqual(expected);
        if (expected.ids.length > 0) nonEmpty += 1;
      }
    }
    // The comparison is about rows, not about two empty pages.
    expect(nonEmpty).toBeGreaterThan(requests.length);
  });

  it('reads the last page from the far end with the total it was given', async () => {
    const { total } = await builtForTheRequest({ pageSize: 7 });
    const lastPage = Math.ceil(total / 7);
    const last = await prepared({ page: lastPage, pageSize: 7 });
    expect(last.ids).toHaveLength(total - (lastPage - 1) * 7);
    expect(last).toEqual(await builtForTheRequest({ page: lastPage, pageSize: 7 }));
  });
});
