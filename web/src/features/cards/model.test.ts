import type { Card } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import {
  applyCardListChange,
  canUnload,
  cardFilterRequest,
  cardListParams,
  daysLeft,
  DEFAULT_CARD_LIST,
  formatMonth,
  issueHref,
  issueReasonsFor,
  nextSort,
  pageRange,
  parseCardListParams,
} from './model';

const NOW = new Date('2026-03-10T10:00:00Z');

function card(overrides: Partial<Card>): Card {
  return {
    cardId: '00000000-0000-4000-8000-000000000001',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    cardName: 'Κάρτα',
    status: 'active',
    expiryDate: '2028-12-31',
    bin: '534711',
    last4: '1234',
    maskedNumber: '5347 11•• •••• 1234',
    balanceCents: 0,
    lastLoadedAt: null,
    expiringSoon: false,
    readyToTopUp: false,
    replacedByCardId: null,
    cardholder: {
      cardholderId: '00000000-0000-4000-8000-000000000002',
      firstName: 'Μαρία',
      lastName: 'Παπαδάκη',
      email: '',
      phone: '',
      employeeCode: '',
      taxId: '',
    },
    createdAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
}

describe('card list state in the address', () => {
  it('reads what it knows and falls back to the defaults for anything else', () => {
    const state = parseCardListParams(
      new URLSearchParams(
        'product=VOUCHER&family=wooden&status=active&expiringSoon=yes&readyToTopUp=true&q=%20%CE%BC%CE%B1%CF%81%CE%AF%CE%B1%20&sort=secret&direction=desc&page=-2&pageSize=7',
      ),
    );
    expect(state).toEqual({
      ...DEFAULT_CARD_LIST,
      product: 'VOUCHER',
      status: 'active',
      readyToTopUp: true,
      search: 'μαρία',
      direction: 'desc',
    });
  });

  it('writes only what differs from the defaults, and reads back the same state', () => {
    expect(cardListParams(DEFAULT_CARD_LIST).toString()).toBe('');
    const state = {
      ...DEFAULT_CARD_LIST,
      product: 'SPENDEO' as const,
      expiringSoon: true,
      sort: 'balance' as const,
      page: 3,
      pageSize: 100 as const,
    };
    const params = cardListParams(state);
    expect(params.toString()).toBe('product=SPENDEO&expiringSoon=true&sort=balance&page=3&pageSize=100');
    expect(parseCardListParams(params)).toEqual(state);
  });

  it('goes back to the first page on any change but a page change', () => {
    const onPage4 = { ...DEFAULT_CARD_LIST, page: 4 };
    expect(applyCardListChange(onPage4, { status: 'lost' }).page).toBe(1);
    expect(applyCardListChange(onPage4, nextSort(onPage4, 'balance')).page).toBe(1);
    expect(applyCardListChange(onPage4, { page: 5 }).page).toBe(5);
  });

  it('drops a family the newly chosen product does not come in', () => {
    const virtual = { ...DEFAULT_CARD_LIST, family: 'virtual' as const };
    expect(applyCardListChange(virtual, { product: 'SPENDEO' }).family).toBeNull();
    expect(applyCardListChange(virtual, { product: 'VOUCHER' }).family).toBe('virtual');
  });

  it('sends only the filters in use', () => {
    expect(cardFilterRequest({ ...DEFAULT_CARD_LIST, status: 'blocked' })).toEqual({
      status: 'blocked',
      search: '',
      sort: 'cardholder',
      direction: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort(DEFAULT_CARD_LIST, 'cardholder')).toEqual({ direction: 'desc' });
    expect(nextSort({ ...DEFAULT_CARD_LIST, direction: 'desc' }, 'expiryDate')).toEqual({
      sort: 'expiryDate',
      direction: 'asc',
    });
  });

  it('counts the rows shown as from–to of total', () => {
    expect(pageRange(2, 25, 25, 134)).toEqual({ from: 26, to: 50, total: 134 });
    expect(pageRange(6, 25, 9, 134)).toEqual({ from: 126, to: 134, total: 134 });
    expect(pageRange(1, 25, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});

describe('dates', () => {
  it('counts days to expiry from the day in Athens, not in UTC', () => {
    // 22:30 UTC on 31 March is already 1 April (01:30) in Athens.
    const lateNight = new Date('2026-03-31T22:30:00Z');
    expect(daysLeft('2026-04-01', lateNight)).toBe(0);
    expect(daysLeft('2026-04-11', lateNight)).toBe(10);
    expect(daysLeft('2026-03-31', lateNight)).toBe(-1);
  });

  it('names chart months in the UI language', () => {
    expect(formatMonth('2026-03', 'el', 'long')).toBe('Μάρτιος 2026');
    expect(formatMonth('2026-03', 'en', 'long')).toBe('March 2026');
    expect(formatMonth('odd', 'en', 'short')).toBe('odd');
  });
});

describe('issue flows a card may start', () => {
  it('loads and replaces a live card, upgrades a virtual one, renews one about to expire', () => {
    expect(issueReasonsFor(card({}), NOW)).toEqual(['load-card', 'damaged-card', 'lost-card']);
    expect(issueReasonsFor(card({ family: 'virtual', expiringSoon: true }), NOW)).toEqual([
      'load-card',
      'damaged-card',
      'lost-card',
      'expired-card',
      'upgrade-card',
    ]);
    expect(issueReasonsFor(card({ status: 'blocked' }), NOW)).toEqual(['damaged-card', 'lost-card']);
  });

  it('never loads an expired, lost or replaced card', () => {
    expect(issueReasonsFor(card({ status: 'expired', expiryDate: '2026-02-28' }), NOW)).toEqual([
      'expired-card',
    ]);
    expect(issueReasonsFor(card({ status: 'lost' }), NOW)).toEqual(['lost-card']);
    expect(issueReasonsFor(card({ status: 'damaged' }), NOW)).toEqual(['damaged-card']);
    expect(issueReasonsFor(card({ status: 'replaced' }), NOW)).toEqual([]);
    expect(
      issueReasonsFor(
        card({ status: 'lost', replacedByCardId: '00000000-0000-4000-8000-000000000009' }),
        NOW,
      ),
    ).toEqual([]);
    // Active in the records but past its date (not yet marked expired): renewed, never loaded.
    expect(issueReasonsFor(card({ expiryDate: '2026-03-09' }), NOW)).toEqual([
      'damaged-card',
      'lost-card',
      'expired-card',
    ]);
  });

  it('links to the issue flow with the reason and the card', () => {
    expect(issueHref('lost-card', 'abc')).toBe('/card-issue/info?reason=lost-card&cardId=abc');
  });
});

describe('unloading a card to the company balance', () => {
  it('is offered for a card with money, whatever its status, but not for a replaced one', () => {
    expect(canUnload(card({ balanceCents: 1 }))).toBe(true);
    expect(canUnload(card({ balanceCents: 5_000, status: 'lost' }))).toBe(true);
    expect(canUnload(card({ balanceCents: 5_000, status: 'expired' }))).toBe(true);
    expect(canUnload(card({ balanceCents: 0 }))).toBe(false);
    expect(canUnload(card({ balanceCents: 5_000, status: 'replaced' }))).toBe(false);
    expect(
      canUnload(card({ balanceCents: 5_000, replacedByCardId: '00000000-0000-4000-8000-000000000009' })),
    ).toBe(false);
  });
});
