import { maskCardNumber, type Card } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { CELL_ERROR, FORMULA_WITHOUT_VALUE } from './read-rows';
import {
  cellsOfRow,
  clockOf,
  crossProblemsOf,
  EMPTY_LOOKUPS,
  judgeRow,
  prepareRow,
  statusOf,
  type Lookups,
} from './validate-rows';

/** The row rules of a bulk file (ADR 011), without a database. */

const NOW = new Date('2026-11-22T10:00:00Z');

function card(overrides: Partial<Card> = {}): Card {
  return {
    cardId: '5b0c4f2e-8a51-4c1e-9d3a-2f6b7c8d9e01',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    cardName: 'GIORGOS PAPADOPOULOS',
    status: 'active',
    expiryDate: '2029-05-31',
    bin: '534711',
    last4: '4821',
    maskedNumber: maskCardNumber('534711', '4821'),
    balanceCents: 0,
    lastLoadedAt: null,
    expiringSoon: false,
    readyToTopUp: true,
    replacedByCardId: null,
    cardholder: {
      cardholderId: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
      firstName: 'Γιώργος',
      lastName: 'Παπαδόπουλος',
      email: 'g.papadopoulos@akmi.gr',
      phone: '',
      employeeCode: 'E10234',
      taxId: '',
    },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const POSITIONS = { cardId: 0, last4: 1, employeeCode: 2, lastName: 3, amount: 4 } as const;

function judgeLoad(values: unknown[], lookups: Partial<Lookups> = {}) {
  const cells = cellsOfRow(2, values as never[], POSITIONS);
  return judgeRow(prepareRow(cells, 'load'), 'load', { ...EMPTY_LOOKUPS, ...clockOf(NOW), ...lookups });
}

describe('a load row', () => {
  it('finds its card by last four digits and employee code, case and spaces aside', () => {
    const known = card();
    const verdict = judgeLoad([null, 4821, ' e10234 ', 'ΠΑΠΑΔΟΠΟΥΛΟΣ', '150,00'], {
      cardsByLast4: new Map([['4821', [known]]]),
    });
    expect(verdict.problems).toEqual([]);
    expect(verdict.parsed).toMatchObject({
      cardId: known.cardId,
      amountCents: 15_000,
      product: 'TICKET_RESTAURANT',
    });
    expect(verdict.cardKey).toBe(known.cardId);
  });

  it('puts back the leading zeros a spreadsheet dropped from the last four digits', () => {
    const known = card({ last4: '0937' });
    const verdict = judgeLoad([null, 937, 'E10234', '', 20], { cardsByLast4: new Map([['0937', [known]]]) });
    expect(verdict.cells.last4).toBe('0937');
    expect(verdict.problems).toEqual([]);
  });

  it('refuses two cards matching, and warns of a card expiring soon and of another holder’s name', () => {
    const a = card();
    const b = card({ cardId: '5b0c4f2e-8a51-4c1e-9d3a-2f6b7c8d9e02', product: 'SPENDEO', family: 'spendeo' });
    const ambiguous = judgeLoad([null, '4821', 'E10234', '', 20], {
      cardsByLast4: new Map([['4821', [a, b]]]),
    });
    expect(ambiguous.problems.map((problem) => problem.key)).toEqual(['bulkAmbiguousCard']);
    const soon = card({ expiryDate: '2026-12-31' });
    const verdict = judgeLoad([soon.cardId, '', '', 'Ιωάννου', 20], {
      cardsById: new Map([[soon.cardId, soon]]),
    });
    expect(verdict.problems.map((problem) => [problem.key, problem.level])).toEqual([
      ['bulkCardExpiringSoon', 'warning'],
      ['bulkCardholderNameMismatch', 'warning'],
    ]);
    expect(verdict.localLevel).toBe(1);
  });

  it('names a formula without a value and a cell error by their column, once', () => {
    const verdict = judgeLoad([card().cardId, '', '', '', FORMULA_WITHOUT_VALUE], {
      cardsById: new Map([[card().cardId, card()]]),
    });
    expect(verdict.problems.map((problem) => `${problem.column}:${problem.key}`)).toEqual([
      'amount:bulkFormulaWithoutValue',
    ]);
    const broken = judgeLoad([CELL_ERROR, '', '', '', 20]);
    expect(broken.problems.map((problem) => `${problem.column}:${problem.key}`)).toEqual([
      'cardId:bulkCellError',
    ]);
  });

  it('a cell with a NUL byte or half a surrogate pair is named, and the rest of its text kept', () => {
    const values = [null, '48\u000021', 'e10\uD800234', 'ΠΑΠΑΔΟΠΟΥΛΟΣ', 20];
    const nul = judgeLoad(values);
    expect(nul.problems.map((problem) => `${problem.column}:${problem.key}`)).toEqual(
      expect.arrayContaining(['last4:bulkInvalidCharacters', 'employeeCode:bulkInvalidCharacters']),
    );
    expect(cellsOfRow(2, values as never[], POSITIONS).cells).toMatchObject({
      last4: '4821',
      employeeCode: 'e10234',
    });
  });
});

describe('duplicates across rows', () => {
  it('name the later row and point at the first: an equal row, else the same card and the same person', () => {
    expect(crossProblemsOf({ sameRow: 2, sameCard: 2, samePerson: [['email:a@b.gr', 2]] })).toEqual([
      { column: null, key: 'bulkDuplicateRow', level: 'error', params: { row: 2 } },
    ]);
    expect(crossProblemsOf({ sameRow: null, sameCard: 3, samePerson: [] })).toEqual([
      { column: null, key: 'bulkDuplicateCard', level: 'error', params: { row: 3 } },
    ]);
    expect(
      crossProblemsOf({
        sameRow: null,
        sameCard: null,
        samePerson: [
          ['taxId:094019245', 9],
          ['name:α\u0001β', 4],
        ],
      }),
    ).toEqual([
      {
        column: 'taxId',
        key: 'bulkDuplicateInFile',
        level: 'warning',
        params: { row: 4, columns: ['taxId', 'lastName', 'firstName'] },
      },
    ]);
    expect(crossProblemsOf({ sameRow: null, sameCard: null, samePerson: [] })).toEqual([]);
  });

  it('make a row’s status the worse of its own problems and theirs', () => {
    expect(statusOf(0, [])).toBe('ok');
    expect(statusOf(1, [])).toBe('warning');
    expect(statusOf(0, [{ column: null, key: 'bulkDuplicateInFile', level: 'warning' }])).toBe('warning');
    expect(statusOf(1, [{ column: null, key: 'bulkDuplicateRow', level: 'error' }])).toBe('error');
  });
});
