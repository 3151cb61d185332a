import { haversineMeters, type CardholderStore } from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../../../test/harness';
import { cardWithBalance } from '../../../test/merchant-helper';
import { demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';
import { seedDemoMerchants } from '../../db/seed/demo-merchants';
import { latestSignInCode } from '../cardholders';

/*
 * Issue 35 §4 (ADR 047): where to spend a card, through the routes on the demo merchants' stores
 * (their seeded coordinates and areas): only the card's product, the search (accents and case
 * ignored, postal code prefix, area, category, channel), nearest first, the cardholder's own card
 * only; and the merchant's store form taking coordinates, both or neither.
 */
const world = demoWorldTestFile({ cardScale: 0.02 });
const SYNTAGMA = { lat: 37.9755, lng: 23.7348 };

let headers: Record<string, string>;
let mealCardId: string;
let foreignCardId: string;

/** Signs `email` in through the mailed code, as the cardholder's phone does; the request headers. */
async function signIn(email: string): Promise<Record<string, string>> {
  const csrf = await csrfHeaders(world.ctx.app);
  const post = (url: string, payload: object) =>
    world.ctx.app.inject({ method: 'POST', url, headers: csrf, payload });
  expect((await post('/api/my/sign-in/code', { email, locale: 'en' })).statusCode).toBe(202);
  const code = await latestSignInCode(world.ctx.database.db, email);
  const verified = await post('/api/my/sign-in/verify', { email, code });
  expect(verified.statusCode).toBe(200);
  const session = verified.cookies.find((cookie) => cookie.name.endsWith('tessera_my'))!;
  return { ...csrf, cookie: `${csrf.cookie}; ${session.name}=${session.value}` };
}

/** Gives the card's holder record `email`. */
async function holdBy(cardId: string, email: string): Promise<void> {
  await world.ctx.database.pool.query(
    'update cardholders set email = $2 where id = (select cardholder_id from cards where id = $1)',
    [cardId, email],
  );
}

async function stores(query: string, as: Record<string, string> = headers) {
  const response = await world.ctx.app.inject({ method: 'GET', url: `/api/my/stores?${query}`, headers: as });
  return response;
}

async function names(query: string): Promise<string[]> {
  const response = await stores(`cardId=${mealCardId}&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ stores: CardholderStore[] }>().stores.map((store) => store.storeName);
}

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
  const meal = await cardWithBalance(world.ctx, { product: 'TICKET_RESTAURANT', balanceCents: 5_000 });
  const foreign = await cardWithBalance(world.ctx, {
    product: 'TICKET_RESTAURANT',
    balanceCents: 5_000,
    skip: 5,
  });
  mealCardId = meal.cardId;
  foreignCardId = foreign.cardId;
  await holdBy(mealCardId, 'Eleni.Stores@Example.test');
  await holdBy(foreignCardId, 'someone.else@example.test');
  headers = await signIn('eleni.stores@example.test');
}, 60_000);

describe('where to spend a card', () => {
  it('lists the stores that take the card’s product, by merchant and name, 20 a page', async () => {
    const response = await stores(`cardId=${mealCardId}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      stores: CardholderStore[];
      total: number;
      page: number;
      pageSize: number;
    }>();
    // Every demo store takes meal cards: the taverna, Φρέσκο Μάρκετ's ten and the online grocer.
    expect(body).toMatchObject({ total: 12, page: 1, pageSize: 20 });
    expect(body.stores.every((store) => store.acceptedProducts.includes('TICKET_RESTAURANT'))).toBe(true);
    expect(body.stores.every((store) => store.distanceMeters === null)).toBe(true);
    expect(body.stores.map((store) => store.merchantName).slice(0, 3)).toEqual([
      'e-Μπακάλικο',
      'Ταβέρνα Το Στέκι',
      'Φρέσκο Μάρκετ',
    ]);
    expect(body.stores.find((store) => store.storeName === 'Φρέσκο Μάρκετ Σύνταγμα')).toMatchObject({
      address: 'Φιλελλήνων 12',
      postalCode: '10557',
      area: 'Σύνταγμα',
      lat: 37.9738,
      lng: 23.734,
      channels: ['in_store'],
      category: 'groceries',
    });
    // A page past the end is empty and still counts them.
    expect((await stores(`cardId=${mealCardId}&page=2`)).json()).toMatchObject({
      stores: [],
      total: 12,
      page: 2,
    });
    // A gift card (VOUCHER) is not taken by the online grocer.
    const { rows } = await world.ctx.database.pool.query<{ id: string }>(
      `select c.id from cards c where c.cardholder_id = (select cardholder_id from cards where id = $1)
          and c.product = 'VOUCHER' limit 1`,
      [mealCardId],
    );
    if (rows[0]) {
      const gift = (await stores(`cardId=${rows[0].id}`)).json<{ stores: CardholderStore[] }>();
      expect(gift.stores.map((store) => store.merchantName)).not.toContain('e-Μπακάλικο');
    }
  });

  it('searches every word in name, address, area, city and postal code, ignoring case and accents', async () => {
    expect(await names('q=ΚΟΛΩΝΑΚΙ')).toEqual(['Φρέσκο Μάρκετ Κολωνάκι']);
    expect(await names(`q=${encodeURIComponent('στέκι κουκακι')}`)).toEqual(['Το Στέκι — Κουκάκι']);
    expect(await names(`q=${encodeURIComponent('φρεσκο πειραιας')}`)).toEqual(['Φρέσκο Μάρκετ Πειραιάς']);
    expect(await names(`q=${encodeURIComponent('117 42')}`)).toEqual(['Το Στέκι — Κουκάκι']);
    expect(await names(`q=${encodeURIComponent('100%_')}`)).toEqual([]);
    expect(await names('postcode=105')).toEqual(['Φρέσκο Μάρκετ Σύνταγμα']);
    expect(await names(`postcode=${encodeURIComponent('106 7')}`)).toEqual(['Φρέσκο Μάρκετ Κολωνάκι']);
    expect(await names(`area=${encodeURIComponent('Κηφισιά')}`)).toEqual(['Φρέσκο Μάρκετ Κηφισιά']);
    expect(await names('category=restaurants')).toEqual(['Το Στέκι — Κουκάκι']);
    // Online: a shop of its own or a delivery platform.
    expect(await names('channel=online')).toEqual([
      'e-Μπακάλικο online',
      'Το Στέκι — Κουκάκι',
      'Φρέσκο Μάρκετ Ηράκλειο',
    ]);
    expect(await names('channel=in-store')).not.toContain('e-Μπακάλικο online');
  });

  it('sorts by distance from the cardholder, as the domain’s haversine measures it', async () => {
    const response = await stores(`cardId=${mealCardId}&lat=${SYNTAGMA.lat}&lng=${SYNTAGMA.lng}`);
    const found = response.json<{ stores: CardholderStore[] }>().stores;
    expect(found.map((store) => store.storeName).slice(0, 3)).toEqual([
      'Φρέσκο Μάρκετ Σύνταγμα',
      'Φρέσκο Μάρκετ Κολωνάκι',
      'Το Στέκι — Κουκάκι',
    ]);
    expect(found.at(-1)!.storeName).toBe('Φρέσκο Μάρκετ Ηράκλειο');
    const distances = found.map((store) => store.distanceMeters!);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const store of found) {
      const expected = haversineMeters(SYNTAGMA, { lat: store.lat!, lng: store.lng! });
      expect(Math.abs(store.distanceMeters! - expected)).toBeLessThanOrEqual(1);
    }
    // Near Piraeus and in Piraeus: the search and the distance together.
    const piraeus = await names(`q=${encodeURIComponent('Μάρκετ')}&lat=37.9429&lng=23.6469`);
    expect(piraeus[0]).toBe('Φρέσκο Μάρκετ Πειραιάς');
  });

  it('finds only the cardholder’s own card, and only with a cardholder session', async () => {
    expect((await stores(`cardId=${foreignCardId}`)).statusCode).toBe(404);
    expect((await stores('cardId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const half = await stores(`cardId=${mealCardId}&lat=37.9`);
    expect(half.statusCode).toBe(400);
    expect(JSON.stringify(half.json())).toContain('lng');
    expect((await stores(`cardId=${mealCardId}&channel=shop`)).statusCode).toBe(400);
    expect((await stores(`cardId=${mealCardId}`, {})).statusCode).toBe(401);
    // A portal user's session is not a cardholder's.
    const portal = await sessionHeaders(world.ctx, world.ids.admin);
    expect((await stores(`cardId=${mealCardId}`, portal)).statusCode).toBe(401);
  });

  it('lets the merchant give a store coordinates, both or neither, and the search uses them', async () => {
    const { rows } = await world.ctx.database.pool.query<{ id: string }>(
      `select id from merchant_stores where name = 'Φρέσκο Μάρκετ Λάρισα'`,
    );
    const storeId = rows[0]!.id;
    const merchant = await sessionHeaders(world.ctx, world.ids.merchant);
    const base = {
      storeId,
      name: 'Φρέσκο Μάρκετ Λάρισα',
      address: 'Κύπρου 20',
      city: 'Λάρισα',
      postalCode: '412 22',
      openingHours: 'Δε–Σα 08:00–21:00',
      channels: ['in_store'],
    };
    const update = (payload: object) =>
      world.ctx.app.inject({
        method: 'POST',
        url: '/api/v1/merchants/updateStoreDetails',
        headers: { ...merchant, culture: 'en-us' },
        payload,
      });
    const half = await update({ ...base, lat: 39.6 });
    expect(half.statusCode).toBe(400);
    expect(JSON.stringify(half.json())).toContain('lng');
    expect((await update({ ...base, lat: 91, lng: 22 })).statusCode).toBe(400);
    // Unchanged when absent.
    const kept = await update(base);
    expect(kept.json()).toMatchObject({ store: { lat: 39.638, lng: 22.418, area: 'Κέντρο' } });
    // Moved next to Syntagma (a test's liberty): the nearest store now.
    const moved = await update({ ...base, lat: 37.9756, lng: 23.7349, area: 'Πλατεία Λάρισας' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ store: { lat: 37.9756, lng: 23.7349, area: 'Πλατεία Λάρισας' } });
    expect((await names(`lat=${SYNTAGMA.lat}&lng=${SYNTAGMA.lng}`))[0]).toBe('Φρέσκο Μάρκετ Λάρισα');
    // Cleared: last when sorting by distance.
    const cleared = await update({ ...base, lat: null, lng: null });
    expect(cleared.json()).toMatchObject({ store: { lat: null, lng: null } });
    expect((await names(`lat=${SYNTAGMA.lat}&lng=${SYNTAGMA.lng}`)).at(-1)).toBe('Φρέσκο Μάρκετ Λάρισα');
  });
});
