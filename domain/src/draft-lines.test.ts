import { describe, expect, it } from 'vitest';
import {
  checkDraftLines,
  draftLineError,
  duplicateReasons,
  isDraftLineError,
  matchCardholders,
  notLoadableReason,
  type DraftLineToCheck,
  type DraftLinesContext,
  type LineCard,
} from './draft-lines';
import { formatAmount } from './money';
import { PRODUCTS } from './products';

/** The rules of a draft line, shared by the drafts and the bulk preview (issue 14), without a database. */

const TODAY = '2026-11-22';
const TR = PRODUCTS.TICKET_RESTAURANT;

function card(overrides: Partial<LineCard> = {}): LineCard {
  return {
    cardId: 'c-1',
    product: 'TICKET_RESTAURANT',
    status: 'active',
    expiryDate: '2029-05-31',
    replacedByCardId: null,
    maskedNumber: '5347 11•• •••• 4821',
    ...overrides,
  };
}

function load(overrides: Partial<DraftLineToCheck> = {}): DraftLineToCheck {
  return {
    tempCardId: 'a',
    orderType: 'LOAD',
    product: 'TICKET_RESTAURANT',
    cardId: 'c-1',
    cardholderId: null,
    cardholder: null,
    cardName: '',
    amountCents: 5_000,
    ...overrides,
  };
}

const holder = {
  firstName: 'Ελένη',
  lastName: 'Παπαδοπούλου',
  email: 'eleni@akmi.gr',
  phone: '6912345678',
  employeeCode: 'E1',
  taxId: '094019245',
};

function newCard(overrides: Partial<DraftLineToCheck> = {}): DraftLineToCheck {
  return load({ orderType: 'NEW', cardId: null, cardholder: holder, ...overrides });
}

function check(lines: DraftLineToCheck[], context: Partial<DraftLinesContext> = {}) {
  const cards = context.cards ?? new Map([['c-1', card()]]);
  return checkDraftLines(lines, { today: TODAY, ...context, cards });
}

const codes = (problems: ReturnType<typeof check>) =>
  problems.map((problem) => `${problem.line}:${problem.field}:${problem.code}`);

describe('a line naming an existing card', () => {
  it('passes with a loadable card of the company and of the line’s product', () => {
    expect(check([load()])).toEqual([]);
  });

  it('must name a card of the company, of the line’s product', () => {
    expect(
      codes(check([load({ cardId: 'c-9' }), load({ cardId: null }), load({ product: 'SPENDEO' })])),
    ).toEqual(['0:cardId:cardNotOfCompany', '1:cardId:cardNotOfCompany', '2:cardId:cardNotOfCompany']);
    expect(check([load({ product: null })])).toEqual([]);
  });

  it('names a card twice in the draft on the line that repeats it: a checked line rather than a saved one', () => {
    const lines = [load({ tempCardId: 'b' }), load({ tempCardId: 'c', amountCents: 6_000 })];
    const problems = check(lines, {
      draftLines: [
        { tempCardId: 'b', cardId: 'c-1' },
        { tempCardId: 'c', cardId: 'c-1' },
      ],
    });
    expect(problems).toEqual([
      {
        line: 1,
        field: 'cardId',
        code: 'duplicateCard',
        level: 'error',
        params: { card: card().maskedNumber },
      },
    ]);
    const saved = check([load({ tempCardId: 'b' })], {
      draftLines: [
        { tempCardId: 'b', cardId: 'c-1' },
        { tempCardId: 'z', cardId: 'c-1' },
      ],
    });
    expect(codes(saved)).toEqual(['0:cardId:duplicateCard']);
    expect(check(lines)).toEqual([]);
  });

  it('of a load must be loadable: active and not expired, with the reason', () => {
    const reasons = (overrides: Partial<LineCard>, refuse = false) => {
      const problems = check([load()], {
        cards: new Map([['c-1', card(overrides)]]),
        refuseLoadsOfReplacedCards: refuse,
      });
      return problems.map((problem) =>
        problem.code === 'cardNotLoadable' ? problem.params.reason : problem.code,
      );
    };
    expect(reasons({ status: 'blocked' })).toEqual(['blocked']);
    expect(reasons({ status: 'replaced' })).toEqual(['replaced']);
    expect(reasons({ status: 'lost' })).toEqual(['lost']);
    expect(reasons({ expiryDate: '2026-11-21' })).toEqual(['expired']);
    expect(reasons({ expiryDate: TODAY })).toEqual([]);
    // A replacement made: the drafts load the card while it is active, the bulk preview refuses it.
    expect(reasons({ replacedByCardId: 'c-2' })).toEqual([]);
    expect(reasons({ replacedByCardId: 'c-2' }, true)).toEqual(['replaced']);
    expect(reasons({ replacedByCardId: 'c-2', expiryDate: '2026-01-31' })).toEqual(['replaced']);
    expect(reasons({ replacedByCardId: 'c-2', status: 'blocked' }, true)).toEqual(['blocked']);
    expect(
      check([load({ orderType: 'BULK_LOAD' })], {
        cards: new Map([['c-1', card({ status: 'blocked' })]]),
      })[0],
    ).toEqual({
      line: 0,
      field: 'cardId',
      code: 'cardNotLoadable',
      level: 'error',
      params: { card: card().maskedNumber, reason: 'blocked' },
    });
    expect(notLoadableReason(card({ expiryDate: '2026-11-21T23:00:00.000Z' }), TODAY, false)).toBe('expired');
  });

  it('of a replacement must not be replaced already', () => {
    const lost = (overrides: Partial<LineCard>) =>
      codes(
        check([load({ orderType: 'LOST', amountCents: 0 })], { cards: new Map([['c-1', card(overrides)]]) }),
      );
    expect(lost({ status: 'replaced' })).toEqual(['0:cardId:cardAlreadyReplaced']);
    expect(lost({ replacedByCardId: 'c-2' })).toEqual(['0:cardId:cardAlreadyReplaced']);
    expect(lost({ status: 'blocked' })).toEqual([]);
  });

  it('warns of a loadable card expiring soon when asked to', () => {
    const soon = new Map([['c-1', card({ expiryDate: '2026-12-31' })]]);
    expect(check([load()], { cards: soon })).toEqual([]);
    expect(check([load()], { cards: soon, expiringUntil: '2027-01-21' })).toEqual([
      {
        line: 0,
        field: 'cardId',
        code: 'cardExpiringSoon',
        level: 'warning',
        params: { date: '2026-12-31' },
      },
    ]);
    const blocked = new Map([['c-1', card({ expiryDate: '2026-12-31', status: 'blocked' })]]);
    expect(codes(check([load()], { cards: blocked, expiringUntil: '2027-01-21' }))).toEqual([
      '0:cardId:cardNotLoadable',
    ]);
  });
});

describe('a line of a new card', () => {
  it('names a cardholder of the company, or a new one', () => {
    expect(check([newCard()])).toEqual([]);
    expect(
      codes(
        check(
          [
            newCard({ cardholder: null, cardholderId: 'h-9' }),
            newCard({ cardholder: null, cardholderId: 'h-1' }),
            newCard({ cardholder: null }),
          ],
          {
            cardholderIds: new Set(['h-1']),
          },
        ),
      ),
    ).toEqual(['0:cardholderId:cardholderNotOfCompany', '2:cardholder:cardholderRequired']);
  });

  it('checks the new cardholder’s fields, in their order', () => {
    const problems = check([
      newCard({
        cardholder: {
          firstName: '',
          lastName: 'Π'.repeat(101),
          email: 'not-an-email',
          phone: '12345',
          employeeCode: 'E'.repeat(41),
          taxId: '094 019 246',
        },
        cardName: 'N'.repeat(27),
      }),
    ]);
    expect(problems.map((problem) => [problem.field, problem.code, problem.params])).toEqual([
      ['cardholder.firstName', 'required', {}],
      ['cardholder.lastName', 'tooLong', { max: 100 }],
      ['cardholder.email', 'invalidEmail', {}],
      ['cardholder.phone', 'invalidPhone', {}],
      ['cardholder.taxId', 'invalidTaxId', {}],
      ['cardholder.employeeCode', 'tooLong', { max: 40 }],
      ['cardName', 'tooLong', { max: 26 }],
    ]);
    expect(
      check([newCard({ cardholder: { ...holder, taxId: '094 019 245', email: '', phone: '' } })]),
    ).toEqual([]);
  });
});

describe('a line’s amount', () => {
  it('is within the product’s limits, or 0 for orders that create cards', () => {
    const range = { min: TR.minLoadCents, max: TR.maxLoadCents };
    expect(check([newCard({ amountCents: 0 }), newCard({ amountCents: TR.maxLoadCents })])).toEqual([]);
    expect(
      check([
        load({ amountCents: 0 }),
        load({ amountCents: TR.minLoadCents - 1 }),
        newCard({ amountCents: TR.maxLoadCents + 1 }),
      ]).map((problem) => [problem.line, problem.field, problem.code, problem.params]),
    ).toEqual([
      [0, 'amountCents', 'amountOutOfRange', range],
      [1, 'amountCents', 'amountOutOfRange', range],
      [2, 'amountCents', 'amountOutOfRange', range],
    ]);
  });

  it('is not judged without a product or an amount, and comes after the card’s problem', () => {
    expect(check([newCard({ product: null, amountCents: 1 }), newCard({ amountCents: null })])).toEqual([]);
    expect(codes(check([load({ cardId: 'c-9', amountCents: 1 })]))).toEqual([
      '0:cardId:cardNotOfCompany',
      '0:amountCents:amountOutOfRange',
    ]);
  });
});

describe('a line’s error as the drafts report it', () => {
  it('numbers the line, names the card and gives amounts in euros', () => {
    const cards = new Map([['c-1', card({ status: 'blocked' })]]);
    const problems = check([load({ amountCents: 1 }), load({ cardId: 'c-9', tempCardId: 'b' })], { cards });
    expect(
      problems.filter(isDraftLineError).map((problem) => draftLineError(problem, problem.line + 7)),
    ).toEqual([
      { key: 'cardNotLoadable', params: { line: 7, card: card().maskedNumber } },
      {
        key: 'lineAmountOutOfRange',
        params: { line: 7, min: formatAmount(TR.minLoadCents), max: formatAmount(TR.maxLoadCents) },
      },
      { key: 'cardNotOfCompany', params: { line: 8 } },
    ]);
  });
});

describe('a likely duplicate cardholder', () => {
  const existing = {
    cardholderId: 'h-1',
    firstName: 'Ελένη',
    lastName: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
    email: 'Eleni@Akmi.gr',
    phone: '',
    employeeCode: ' e1 ',
    taxId: '094 019 245',
    cards: 2,
  };

  it('shares an email, a tax id, an employee code or both names, accents, case and spaces aside', () => {
    expect(duplicateReasons(holder, existing)).toEqual(['email', 'taxId', 'employeeCode', 'name']);
    expect(duplicateReasons({ ...holder, firstName: 'Ελενη', lastName: 'Παπαδοπουλου' }, existing)).toContain(
      'name',
    );
    expect(
      duplicateReasons(
        { firstName: 'Άλλη', lastName: '', email: '', employeeCode: '', taxId: '' },
        {
          ...existing,
          lastName: '',
          email: '',
          employeeCode: '',
          taxId: '',
        },
      ),
    ).toEqual([]);
  });

  it('is found for each person among the candidates, in the candidates’ order', () => {
    const other = {
      ...existing,
      cardholderId: 'h-2',
      email: '',
      employeeCode: '',
      taxId: '',
      firstName: 'Νίκος',
    };
    const second = {
      ...existing,
      cardholderId: 'h-3',
      email: '',
      employeeCode: 'E1',
      taxId: '',
      lastName: 'Άλλος',
    };
    expect(
      matchCardholders(
        [
          { tempCardId: 'a', ...holder },
          { tempCardId: 'b', ...holder, email: '', employeeCode: '', taxId: '', firstName: 'Κανείς' },
        ],
        [existing, other, second],
      ),
    ).toEqual([
      {
        tempCardId: 'a',
        candidates: [
          { ...existing, reasons: ['email', 'taxId', 'employeeCode', 'name'] },
          { ...second, reasons: ['employeeCode'] },
        ],
      },
    ]);
  });
});
