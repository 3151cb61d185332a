import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  athensDate,
  athensMidnight,
  CARD_STATUSES,
  daysUntilExpiry,
  EXPIRING_WINDOW_DAYS,
  isExpiringSoon,
  isFamilyOfProduct,
  isReadyToTopUp,
  PRODUCTS,
  SERVICE_NOTIFICATION_IDS,
  SERVICE_NOTIFICATION_SCOPE,
  startOfAthensMonth,
  type CardStatus,
} from './products';

const at = (iso: string) => new Date(iso);
/** Instants between 2000 and 2099. */
const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('athensDate', () => {
  it.each([
    // Winter (UTC+2): the Athens day starts at 22:00 UTC the day before.
    ['2025-01-31T21:59:59.999Z', '2025-01-31'],
    ['2025-01-31T22:00:00.000Z', '2025-02-01'],
    // Summer (UTC+3): at 21:00 UTC.
    ['2025-06-30T20:59:59.999Z', '2025-06-30'],
    ['2025-06-30T21:00:00.000Z', '2025-07-01'],
    ['2025-12-31T22:30:00.000Z', '2026-01-01'],
  ])('puts %s on %s', (iso, date) => expect(athensDate(at(iso))).toBe(date));
});

describe('startOfAthensMonth', () => {
  it.each([
    // April begins in summer time: 00:00 of April 1 in Athens is 21:00 UTC of March 31.
    ['2025-04-15T12:00:00Z', '2025-03-31T21:00:00.000Z'],
    // November begins in winter time: 22:00 UTC of October 31.
    ['2025-11-15T12:00:00Z', '2025-10-31T22:00:00.000Z'],
    // The months in which the clocks change start in the time of the month before.
    ['2025-03-31T12:00:00Z', '2025-02-28T22:00:00.000Z'],
    ['2025-10-30T12:00:00Z', '2025-09-30T21:00:00.000Z'],
    ['2024-02-29T23:00:00Z', '2024-02-29T22:00:00.000Z'],
    ['2024-02-29T21:00:00Z', '2024-01-31T22:00:00.000Z'],
  ])('of %s is %s', (iso, start) => expect(startOfAthensMonth(at(iso)).toISOString()).toBe(start));

  it('is the instant itself at the first moment of a month and the month before one millisecond earlier', () => {
    const aprilFirst = at('2026-03-31T21:00:00.000Z');
    expect(startOfAthensMonth(aprilFirst).toISOString()).toBe(aprilFirst.toISOString());
    expect(startOfAthensMonth(new Date(aprilFirst.getTime() - 1)).toISOString()).toBe(
      '2026-02-28T22:00:00.000Z',
    );
  });

  it('is for any instant the Athens midnight of the first of its Athens month, never after it', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const start = startOfAthensMonth(now);
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(athensDate(start)).toBe(`${athensDate(now).slice(0, 7)}-01`);
        // One millisecond before is the last day of the previous month.
        expect(athensDate(new Date(start.getTime() - 1)).slice(0, 7)).not.toBe(athensDate(now).slice(0, 7));
        // Athens is two or three hours ahead of UTC.
        const offsetHours = (Date.parse(`${athensDate(start)}T00:00:00Z`) - start.getTime()) / 3_600_000;
        expect([2, 3]).toContain(offsetHours);
      }),
    );
  });

  it('agrees with athensMidnight', () => {
    expect(athensMidnight('2025-04-01').toISOString()).toBe('2025-03-31T21:00:00.000Z');
    expect(athensMidnight('2025-11-01').toISOString()).toBe('2025-10-31T22:00:00.000Z');
  });
});

describe('daysUntilExpiry', () => {
  const now = at('2025-06-30T21:30:00Z'); // 00:30 of July 1 in Athens
  it.each([
    ['2025-07-01', 0],
    ['2025-07-02', 1],
    ['2025-06-30', -1],
    ['2025-08-30', 60],
    ['2025-08-31', 61],
    ['2026-07-01', 365],
    ['2025-07-01T00:00:00.000Z', 0],
  ])('counts from the Athens date: %s is %i days away', (expiry, days) =>
    expect(daysUntilExpiry(expiry, now)).toBe(days),
  );

  it('counts whole calendar days across the change of the clocks', () => {
    // 2025-10-26 the clocks go back: still one day per date.
    expect(daysUntilExpiry('2025-10-27', at('2025-10-25T12:00:00Z'))).toBe(2);
    expect(daysUntilExpiry('2025-03-31', at('2025-03-29T12:00:00Z'))).toBe(2);
  });

  it('equals the difference of dates for any instant and offset', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -2_000, max: 2_000 }), (now, days) => {
        expect(daysUntilExpiry(addDays(athensDate(now), days), now)).toBe(days);
      }),
    );
  });
});

describe('isExpiringSoon (SPEC §9: 60 days)', () => {
  const now = at('2025-06-30T21:30:00Z');
  const today = '2025-07-01';
  it.each([
    ['active', 0, true],
    ['active', EXPIRING_WINDOW_DAYS, true],
    ['active', EXPIRING_WINDOW_DAYS + 1, false],
    ['active', -1, false],
    ['blocked', 30, true],
    ['expired', 30, false],
    ['lost', 30, false],
    ['damaged', 30, false],
    ['replaced', 30, false],
  ] as [CardStatus, number, boolean][])('%s card expiring in %i days: %s', (status, days, expected) =>
    expect(isExpiringSoon({ status, expiryDate: addDays(today, days) }, now)).toBe(expected),
  );

  it('holds exactly for live cards within 0–60 days', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: -400, max: 400 }),
        fc.constantFrom(...CARD_STATUSES),
        (t, days, status) => {
          const expected = (status === 'active' || status === 'blocked') && days >= 0 && days <= 60;
          expect(isExpiringSoon({ status, expiryDate: addDays(athensDate(t), days) }, t)).toBe(expected);
        },
      ),
    );
  });
});

describe('isReadyToTopUp (ADR: no load since the start of the Athens month)', () => {
  // 10:00 of April 15 in Athens; April began at 2025-03-31T21:00Z.
  const now = at('2025-04-15T07:00:00Z');
  const card = (patch: Partial<{ status: CardStatus; expiryDate: string; lastLoadedAt: string | null }>) => ({
    status: 'active' as CardStatus,
    expiryDate: '2027-12-31',
    lastLoadedAt: null as string | null,
    ...patch,
  });

  it('is true for an active card never loaded', () => expect(isReadyToTopUp(card({}), now)).toBe(true));

  it('is false once loaded this month, true when the last load was last month', () => {
    expect(isReadyToTopUp(card({ lastLoadedAt: '2025-04-02T09:00:00Z' }), now)).toBe(false);
    expect(isReadyToTopUp(card({ lastLoadedAt: '2025-03-31T21:00:00.000Z' }), now)).toBe(false);
    // 23:59:59.999 of March 31 in Athens: last month.
    expect(isReadyToTopUp(card({ lastLoadedAt: '2025-03-31T20:59:59.999Z' }), now)).toBe(true);
    expect(isReadyToTopUp(card({ lastLoadedAt: '2025-03-03T09:00:00Z' }), now)).toBe(true);
  });

  it('is false for a card that is not active or past its expiry date', () => {
    for (const status of CARD_STATUSES.filter((s) => s !== 'active')) {
      expect(isReadyToTopUp(card({ status }), now)).toBe(false);
    }
    expect(isReadyToTopUp(card({ expiryDate: '2025-04-14' }), now)).toBe(false);
    expect(isReadyToTopUp(card({ expiryDate: '2025-04-15' }), now)).toBe(true);
  });

  it('agrees with the start of the month for any instant and last load', () => {
    fc.assert(
      fc.property(instant, instant, (t, loaded) => {
        const ready = isReadyToTopUp(
          card({ expiryDate: '2199-12-31', lastLoadedAt: loaded.toISOString() }),
          t,
        );
        expect(ready).toBe(loaded.getTime() < startOfAthensMonth(t).getTime());
      }),
    );
  });
});

describe('the product catalogue', () => {
  it('gives each product families, a six-digit BIN, sane limits and names in both languages', () => {
    const bins = new Set<string>();
    for (const [code, product] of Object.entries(PRODUCTS)) {
      expect(product.category).toBe(code);
      expect(product.bin).toMatch(/^\d{6}$/);
      bins.add(product.bin);
      expect(product.minLoadCents).toBeGreaterThan(0);
      expect(product.maxLoadCents).toBeGreaterThan(product.minLoadCents);
      expect(product.name.el).not.toBe('');
      expect(product.name.en).not.toBe('');
      for (const family of product.families) expect(isFamilyOfProduct(product.category, family)).toBe(true);
    }
    expect(bins.size).toBe(Object.keys(PRODUCTS).length);
    expect(isFamilyOfProduct('SPENDEO', 'plastic')).toBe(false);
  });

  it('scopes every service notification to a family of its product', () => {
    for (const id of SERVICE_NOTIFICATION_IDS) {
      const scope = SERVICE_NOTIFICATION_SCOPE[id];
      expect(isFamilyOfProduct(scope.category, scope.family)).toBe(true);
      expect(scope.kind).toBe(id.startsWith('exp') ? 'expiring' : 'topUp');
    }
  });
});
