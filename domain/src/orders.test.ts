import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDraftDiff,
  CARD_CREATING_TYPES,
  CARD_ISSUE_REASONS,
  diffDraftCards,
  DraftCardSchema,
  expiredFlowDate,
  isDraftMaxReached,
  isOrderTypeOfReason,
  MAX_DRAFT_ORDERS,
  newOrderDraft,
  ORDER_TYPES,
  orderKindOf,
  orderTypeOfReason,
  shipmentOf,
  usesExistingCards,
  withDiff,
  type DraftCard,
} from './orders';
import { CARD_FAMILIES } from './products';

describe('reasons and order types (SPEC §4)', () => {
  it.each([
    ['new-card', 'NEW'],
    ['load-card', 'LOAD'],
    ['damaged-card', 'DAMAGED'],
    ['upgrade-card', 'DAMAGED'],
    ['expired-card', 'EXPIRED'],
    ['expiring-trc', 'EXPIRED'],
    ['expiring-trz', 'EXPIRED'],
    ['lost-card', 'LOST'],
    ['recurring-rule', 'LOAD'],
  ] as const)('%s maps to %s', (reason, type) => {
    expect(orderTypeOfReason(reason)).toBe(type);
    expect(isOrderTypeOfReason(reason, type)).toBe(true);
  });

  it('maps every reason, and a new draft starts with its reason’s type', () => {
    for (const reason of CARD_ISSUE_REASONS) {
      expect(ORDER_TYPES).toContain(orderTypeOfReason(reason));
      expect(newOrderDraft(reason).orderType).toBe(orderTypeOfReason(reason));
    }
  });

  it('accepts the further codes only for the reasons they refine', () => {
    const allowed = (type: (typeof ORDER_TYPES)[number]) =>
      CARD_ISSUE_REASONS.filter((reason) => isOrderTypeOfReason(reason, type));
    expect(allowed('READY_TO_TOP_UP')).toEqual(['load-card']);
    expect(allowed('BULK_LOAD')).toEqual(['load-card']);
    expect(allowed('NEW_LOAD')).toEqual(['new-card']);
    expect(allowed('UPGRADE')).toEqual(['upgrade-card']);
    expect(isOrderTypeOfReason('new-card', 'LOAD')).toBe(false);
  });

  it.each([
    ['LOAD', 'single'],
    ['READY_TO_TOP_UP', 'single'],
    ['BULK_LOAD', 'bulk'],
    ['NEW', null],
    ['NEW_LOAD', null],
    ['DAMAGED', null],
    ['EXPIRED', null],
    ['LOST', null],
    ['UPGRADE', null],
  ] as const)('%s is of kind %s', (type, kind) => {
    expect(orderKindOf(type)).toBe(kind);
  });

  it('only new-card orders name new cardholders; every other type names existing cards', () => {
    expect(ORDER_TYPES.filter((type) => !usesExistingCards(type))).toEqual(['NEW', 'NEW_LOAD']);
  });
});

describe('expiredFlowDate (SPEC §4: now + 60 days)', () => {
  it('is exactly 60 days after now', () => {
    expect(expiredFlowDate(new Date('2026-11-21T10:00:00.000Z'))).toBe('2027-01-20T10:00:00.000Z');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-01-01'), noInvalidDate: true }),
        (now) => {
          expect(Date.parse(expiredFlowDate(now)) - now.getTime()).toBe(60 * 86_400_000);
        },
      ),
    );
  });
});

describe('isDraftMaxReached (SPEC §4, §9: over 99)', () => {
  it.each([
    [0, false],
    [98, false],
    [99, false],
    [100, true],
    [250, true],
  ])('%i drafts → %s', (total, reached) => {
    expect(isDraftMaxReached(total)).toBe(reached);
  });

  it('the maximum is 99', () => expect(MAX_DRAFT_ORDERS).toBe(99));
});

// ------------------------------------------------------------------ the diff (SPEC §3)

const text = fc.constantFrom('', 'Άννα', 'Ιωάννου', 'ANNA', 'x');
const line = (tempCardId: fc.Arbitrary<string>): fc.Arbitrary<DraftCard> =>
  fc.record({
    tempCardId,
    cardId: fc.option(
      fc.constantFrom('6b1f0d57-8d4e-4b7e-9a55-0b6b7cbd1a01', '6b1f0d57-8d4e-4b7e-9a55-0b6b7cbd1a02'),
      {
        nil: null,
      },
    ),
    cardholderId: fc.constant(null),
    cardholder: fc.option(
      fc.record({
        firstName: text,
        lastName: text,
        email: fc.constant(''),
        phone: fc.constant(''),
        employeeCode: text,
        taxId: fc.constant(''),
      }),
      { nil: null },
    ),
    cardName: text,
    amountCents: fc.integer({ min: 0, max: 3 }),
  });

/** A list of lines with distinct ids drawn from a small pool, so lists overlap often. */
const lines = fc.uniqueArray(line(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g')), {
  selector: (card) => card.tempCardId,
  maxLength: 7,
});

const byId = (cards: readonly DraftCard[]) =>
  new Map(cards.map((card) => [card.tempCardId, JSON.stringify(card)]));

describe('diffDraftCards and applyDraftDiff (SPEC §3 diff rules)', () => {
  it('applying the diff to the default lines yields the changed ones (as sets by tempCardId, with content)', () => {
    fc.assert(
      fc.property(lines, lines, (defaults, changed) => {
        const applied = applyDraftDiff(defaults, diffDraftCards(defaults, changed));
        expect(byId(applied)).toEqual(byId(changed));
        expect(applied).toHaveLength(changed.length);
      }),
    );
  });

  it('adds what only the changed list has, deletes what only the default list has, updates what differs', () => {
    fc.assert(
      fc.property(lines, lines, (defaults, changed) => {
        const diff = diffDraftCards(defaults, changed);
        const before = new Set(defaults.map((card) => card.tempCardId));
        const after = new Set(changed.map((card) => card.tempCardId));
        expect(diff.cardsToAdd.map((card) => card.tempCardId).sort()).toEqual(
          [...after].filter((id) => !before.has(id)).sort(),
        );
        expect([...diff.cardsToDelete].sort()).toEqual([...before].filter((id) => !after.has(id)).sort());
        const added = new Set(diff.cardsToAdd.map((card) => card.tempCardId));
        expect(diff.cardsToDelete.filter((id) => added.has(id))).toEqual([]);
        for (const card of diff.cardsToUpdate) {
          const old = defaults.find((candidate) => candidate.tempCardId === card.tempCardId);
          expect(old).toBeDefined();
          expect(JSON.stringify(old)).not.toBe(JSON.stringify(card));
        }
      }),
    );
  });

  it('is empty when nothing changed, and the draft then reads as unchanged', () => {
    fc.assert(
      fc.property(lines, (cards) => {
        const copy = cards.map((card) => ({
          ...card,
          cardholder: card.cardholder && { ...card.cardholder },
        }));
        expect(diffDraftCards(cards, copy)).toEqual({ cardsToAdd: [], cardsToUpdate: [], cardsToDelete: [] });
        const draft = newOrderDraft('load-card');
        const same = withDiff({
          ...draft,
          defaultData: { ...draft.defaultData, cards },
          changedData: { ...draft.changedData, cards: copy },
        });
        expect(same.dataWasChanged).toBe(false);
      }),
    );
  });

  it('a changed amount is an update, never an add and a delete', () => {
    const card = DraftCardSchema.parse({ tempCardId: 'a', amountCents: 1_000 });
    expect(diffDraftCards([card], [{ ...card, amountCents: 2_000 }])).toEqual({
      cardsToAdd: [],
      cardsToUpdate: [{ ...card, amountCents: 2_000 }],
      cardsToDelete: [],
    });
  });
});

describe('what an order ships (shipmentOf)', () => {
  it('ships the plastic cards an order makes, new or replacing, of every family but virtual', () => {
    for (const orderType of ['NEW', 'NEW_LOAD', 'DAMAGED', 'EXPIRED', 'LOST', 'UPGRADE'] as const) {
      for (const family of ['plastic', 'spendeo', 'mybenefits'] as const)
        expect(shipmentOf({ orderType, family })).toEqual({ ships: true });
      expect(shipmentOf({ orderType, family: 'virtual' })).toEqual({ ships: false, reason: 'virtualCards' });
    }
  });

  it('ships nothing for loads of cards the holders already have, plastic or virtual, nor for unloads', () => {
    for (const orderType of ['LOAD', 'READY_TO_TOP_UP', 'BULK_LOAD'] as const) {
      expect(shipmentOf({ orderType, family: 'plastic' })).toEqual({ ships: false, reason: 'loadsOnly' });
      expect(shipmentOf({ orderType, family: 'virtual' })).toEqual({ ships: false, reason: 'loadsOnly' });
    }
    expect(shipmentOf({ orderType: 'UNLOAD', family: 'plastic' })).toEqual({
      ships: false,
      reason: 'unload',
    });
  });

  it('has an answer for every order type and family', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_TYPES), fc.constantFrom(...CARD_FAMILIES), (orderType, family) => {
        const shipment = shipmentOf({ orderType, family });
        expect(shipment.ships).toBe(CARD_CREATING_TYPES.includes(orderType) && family !== 'virtual');
      }),
    );
  });
});
