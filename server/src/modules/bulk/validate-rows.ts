import {
  BULK_COLUMN_KEYS,
  addDays,
  athensDate,
  checkDraftLines,
  DraftCardSchema,
  duplicateReasons,
  EXPIRING_WINDOW_DAYS,
  foldForSearch,
  isFamilyOfProduct,
  isSafeText,
  normalizeBulkText,
  parseAmount,
  parseBulkAction,
  parseBulkFamily,
  parseBulkProduct,
  PRODUCTS,
  withoutUnsafeText,
  type BulkColumnKey,
  type BulkPurpose,
  type BulkRowKind,
  type BulkRowStatus,
  type Cardholder,
  type DraftCard,
  type DraftLineProblem,
  type DraftLineToCheck,
  type LineCard,
  type PersonToCheck,
} from '@tessera/domain';
import type { ValidationKey } from '../../platform/errors';
import type { CardReference } from '../cards';
import { CELL_ERROR, FORMULA_WITHOUT_VALUE, type CellValue } from './read-rows';

/**
 * The rules a row of a bulk file obeys (ADR 011): what it names, whether the card exists among the
 * company's and may be loaded, amounts within the product's limits (`PRODUCTS`), the cardholder's
 * fields as the drafts accept them, and likely duplicates. Pure: the caller reads the company's
 * cards and cardholders the rows name, a batch at a time, and passes them in. Every problem names
 * its column and a validation-catalogue key, translated when the preview is read.
 */

export type { ParsedRow, ProblemParams, StoredProblem } from './row-types';
import type { ParsedRow, ProblemParams, StoredProblem } from './row-types';

/** A row's cells as text by column, read from the sheet (or edited), with the cells' own issues. */
export type RowCells = {
  rowNumber: number;
  cells: Partial<Record<BulkColumnKey, string>>;
  /** Numeric xlsx cells, kept as numbers (an amount written as a number). */
  numbers: Partial<Record<BulkColumnKey, number>>;
  /** Cells that held a formula without a value or a spreadsheet error. */
  issues: StoredProblem[];
};

/** A judged row: its parsed values, its own problems and the keys duplicates are found by. */
export type RowVerdict = {
  rowNumber: number;
  kind: BulkRowKind | null;
  cells: Partial<Record<BulkColumnKey, string>>;
  parsed: ParsedRow;
  problems: StoredProblem[];
  localLevel: 0 | 1 | 2;
  rowHash: string | null;
  cardKey: string | null;
  personKeys: string[];
};

/** The dates the card rules are judged at, computed once a batch (Athens calendar, ADR 006). */
export type CardClock = {
  /** Today in Athens, `YYYY-MM-DD`: a card that expired before today cannot be loaded. */
  today: string;
  /** Today + 60 days: a live card expiring by then is expiring soon (SPEC §9). */
  expiringUntil: string;
};

export function clockOf(now: Date): CardClock {
  const today = athensDate(now);
  return { today, expiringUntil: addDays(today, EXPIRING_WINDOW_DAYS) };
}

/** What the judge needs from the database, for one batch of rows. */
export type Lookups = CardClock & {
  /** The company's cards among the card ids the rows name (others are absent). */
  cardsById: ReadonlyMap<string, CardReference>;
  /** The company's cards whose last four digits and cardholder match a row, by last four. */
  cardsByLast4: ReadonlyMap<string, readonly CardReference[]>;
  /** The company's cardholders that look like a new row's person, by row number. */
  likelyHolders: ReadonlyMap<
    number,
    readonly { holder: Cardholder & { cards: number }; reasons: string[] }[]
  >;
};

export const EMPTY_LOOKUPS: Omit<Lookups, keyof CardClock> = {
  cardsById: new Map(),
  cardsByLast4: new Map(),
  likelyHolders: new Map(),
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a row's draft line names when it is not a new cardholder's. */
const NO_CARDHOLDER = { cardId: null, cardholderId: null, cardholder: null, cardName: '' } as const;
const NO_CARDS: ReadonlyMap<string, LineCard> = new Map();

/** The column of each field of a draft line (the card's column depends on how the row named it). */
const FIELD_COLUMNS: Partial<Record<DraftLineProblem['field'], BulkColumnKey>> = {
  'cardholder.firstName': 'firstName',
  'cardholder.lastName': 'lastName',
  'cardholder.email': 'email',
  'cardholder.phone': 'phone',
  'cardholder.employeeCode': 'employeeCode',
  'cardholder.taxId': 'taxId',
  cardName: 'cardName',
  amountCents: 'amount',
};

/**
 * The draft line's rules for a row (`checkDraftLines`, shared with the drafts), as the preview
 * applies them: a load also refuses a card that has a replacement, and warns of one expiring soon.
 */
function lineProblemsOf(
  line: DraftLineToCheck,
  cards: ReadonlyMap<string, LineCard>,
  clock: CardClock,
): DraftLineProblem[] {
  return checkDraftLines([line], {
    today: clock.today,
    expiringUntil: clock.expiringUntil,
    cards,
    refuseLoadsOfReplacedCards: true,
  });
}

/** A draft line's problem as a row's: the preview's catalogue key and parameters. */
function rowProblemOf(problem: DraftLineProblem): { key: ValidationKey; params?: ProblemParams } {
  switch (problem.code) {
    case 'cardNotOfCompany':
      // Another company's card, or none at all: the same answer, so it reveals nothing (ADR 011).
      return { key: 'bulkCardNotOfCompany' };
    case 'cardNotLoadable': {
      const { reason } = problem.params;
      if (reason === 'blocked') return { key: 'bulkCardBlocked' };
      if (reason === 'replaced') return { key: 'bulkCardReplaced' };
      return { key: 'bulkCardNotLoadable', params: { status: reason } };
    }
    case 'cardExpiringSoon':
      return { key: 'bulkCardExpiringSoon', params: problem.params };
    case 'amountOutOfRange':
    case 'tooLong':
    case 'duplicateCard':
    case 'cardAlreadyReplaced':
    case 'cardNotRenewed':
      return { key: problem.code, params: problem.params };
    default:
      return { key: problem.code };
  }
}

/** Numeric cells of text columns read back as text: `1234` not `1234.0`, zeros Excel dropped put back. */
function textOfNumber(column: BulkColumnKey, value: number): string {
  const text = Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (column === 'last4' && Number.isInteger(value) && value >= 0 && value < 10_000)
    return text.padStart(4, '0');
  if (column === 'taxId' && Number.isInteger(value) && value >= 0 && text.length === 8)
    return text.padStart(9, '0');
  return text;
}

// Most rows have neither issues nor numeric cells: they share these (never written to) empties.
const NO_ISSUES: StoredProblem[] = [];
const NO_NUMBERS: Partial<Record<BulkColumnKey, number>> = {};

/** The cells of a sheet row by column, as text (NFC, spaces collapsed), with formula and error cells named. */
export function cellsOfRow(
  rowNumber: number,
  values: readonly CellValue[],
  positions: Partial<Record<BulkColumnKey, number>>,
): RowCells {
  const row: RowCells = { rowNumber, cells: {}, numbers: NO_NUMBERS, issues: NO_ISSUES };
  for (const key of BULK_COLUMN_KEYS) {
    const position = positions[key];
    if (position === undefined) continue;
    const value = values[position] ?? null;
    if (value === FORMULA_WITHOUT_VALUE || value === CELL_ERROR) {
      if (row.issues === NO_ISSUES) row.issues = [];
      row.issues.push({
        column: key,
        key: value === CELL_ERROR ? 'bulkCellError' : 'bulkFormulaWithoutValue',
        level: 'error',
      });
      row.cells[key] = '';
    } else if (typeof value === 'number') {
      if (row.numbers === NO_NUMBERS) row.numbers = {};
      row.numbers[key] = value;
      row.cells[key] = textOfNumber(key, value);
    } else if (value !== null && !isSafeText(value)) {
      // A NUL byte or half a surrogate pair cannot be stored: the row says so, the rest is kept.
      if (row.issues === NO_ISSUES) row.issues = [];
      row.issues.push({ column: key, key: 'bulkInvalidCharacters', level: 'error' });
      row.cells[key] = normalizeBulkText(withoutUnsafeText(value));
    } else {
      row.cells[key] = value === null ? '' : normalizeBulkText(value);
    }
  }
  return row;
}

/** A row whose cells were edited: the texts as given, normalised; numbers are read from the text. */
export function cellsOfEdit(rowNumber: number, cells: Partial<Record<BulkColumnKey, string>>): RowCells {
  const normal: Partial<Record<BulkColumnKey, string>> = {};
  for (const [key, value] of Object.entries(cells) as [BulkColumnKey, string | undefined][]) {
    normal[key] = normalizeBulkText(value ?? '');
  }
  return { rowNumber, cells: normal, numbers: {}, issues: [] };
}

/** What a row asks for, before any lookup: the kind, and which cards and people to look up. */
export type PreparedRow = RowCells & {
  kind: BulkRowKind | null;
  /** A well-formed card id the row names (lower case). */
  cardId: string | null;
  /** Last four digits with the cardholder's employee code and email (lower case), without a card id. */
  last4Key: { last4: string; employeeCode: string; email: string } | null;
  /** The new cardholder to compare with the company's (new cards). */
  person: PersonToCheck | null;
};

export function prepareRow(row: RowCells, purpose: BulkPurpose): PreparedRow {
  const cell = (key: BulkColumnKey) => row.cells[key] ?? '';
  const kind: BulkRowKind | null =
    purpose === 'load' ? 'load' : purpose === 'new' ? 'new' : parseBulkAction(cell('action'));
  // The row itself becomes the prepared row (thousands a batch: no copies).
  const prepared = Object.assign(row, { kind, cardId: null, last4Key: null, person: null }) as PreparedRow;
  if (kind === 'load') {
    const id = cell('cardId').toLowerCase();
    const last4 = cell('last4').replace(/\s/g, '');
    if (UUID.test(id)) prepared.cardId = id;
    else if (id === '' && /^\d{4}$/.test(last4)) {
      prepared.last4Key = {
        last4,
        employeeCode: cell('employeeCode').toLowerCase(),
        email: cell('email').toLowerCase(),
      };
    }
  } else if (kind === 'new') {
    prepared.person = {
      tempCardId: String(row.rowNumber),
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      email: cell('email'),
      employeeCode: cell('employeeCode'),
      taxId: cell('taxId'),
    };
  }
  return prepared;
}

/** The columns each reason of a likely duplicate person is about. */
const REASON_COLUMNS: Record<string, BulkColumnKey[]> = {
  email: ['email'],
  taxId: ['taxId'],
  employeeCode: ['employeeCode'],
  name: ['lastName', 'firstName'],
};

function holderName(holder: { firstName: string; lastName: string }): string {
  return `${holder.firstName} ${holder.lastName}`.trim();
}

/**
 * The row's cells, case ignored (already NFC with spaces collapsed): equal rows hash alike. Two
 * 32-bit FNV-1a hashes with different seeds, 64 bits together — no allocation per cell, and two
 * different rows of a 100,000-row file share a hash with odds of about one in a billion.
 */
function hashOf(cells: Partial<Record<BulkColumnKey, string>>): string | null {
  let first = 0x811c9dc5;
  let second = 0x01000193;
  let empty = true;
  for (const key of BULK_COLUMN_KEYS) {
    const text = cells[key];
    if (text) empty = false;
    const value = text ? text.toLowerCase() : '';
    for (let index = 0; index <= value.length; index += 1) {
      // The separator (0xffff) after each cell keeps ["ab", ""] apart from ["a", "b"].
      const code = index < value.length ? value.charCodeAt(index) : 0xffff;
      first = Math.imul(first ^ code, 0x01000193);
      second = Math.imul(second ^ code, 0x01000193) ^ (second >>> 13);
    }
  }
  if (empty) return null;
  return (first >>> 0).toString(36).padStart(7, '0') + (second >>> 0).toString(36).padStart(7, '0');
}

/** Cents of an amount cell: a number with at most two decimals, or text as `parseAmount` reads it. */
function amountOf(row: RowCells): number | null {
  const number = row.numbers.amount;
  if (number !== undefined) {
    const cents = Math.round(number * 100);
    return number >= 0 && Math.abs(number * 100 - cents) < 1e-6 ? cents : null;
  }
  return parseAmount(row.cells.amount ?? '');
}

/**
 * Judges a prepared row against what the company holds (`lookups`): its problems (errors make the
 * row unusable, warnings ask for a look), what it became, and its duplicate keys.
 */
export function judgeRow(row: PreparedRow, purpose: BulkPurpose, lookups: Lookups): RowVerdict {
  const problems: StoredProblem[] = [...row.issues];
  const cell = (key: BulkColumnKey) => row.cells[key] ?? '';
  const flagged = (column: BulkColumnKey) => problems.some((problem) => problem.column === column);
  const error = (column: BulkColumnKey | null, key: ValidationKey, params?: ProblemParams) => {
    if (column !== null && flagged(column)) return;
    problems.push({ column, key, level: 'error', ...(params ? { params } : {}) });
  };
  const warning = (column: BulkColumnKey | null, key: ValidationKey, params?: ProblemParams) =>
    problems.push({ column, key, level: 'warning', ...(params ? { params } : {}) });
  const parsed: ParsedRow = {
    kind: row.kind,
    product: null,
    family: null,
    amountCents: null,
    cardId: null,
    cardholder: null,
    cardName: '',
  };

  /** Puts a draft line's problems about `field` (or its subfields) on the row, by column. */
  const report = (line: readonly DraftLineProblem[], field: string, column: BulkColumnKey | null) => {
    for (const problem of line) {
      if (problem.field !== field && !problem.field.startsWith(`${field}.`)) continue;
      const { key, params } = rowProblemOf(problem);
      const at = column ?? FIELD_COLUMNS[problem.field]!;
      if (problem.level === 'warning') warning(at, key, params);
      else error(at, key, params);
    }
  };

  const amount = (line: DraftLineProblem[]) => {
    if (cell('amount') === '' && row.numbers.amount === undefined) return error('amount', 'required');
    const cents = amountOf(row);
    if (cents === null) return error('amount', 'bulkAmountInvalid');
    parsed.amountCents = cents;
    // Within the product's limits; a new card may be ordered without a load (0, "card only"), as
    // the drafts allow (ADR 009).
    report(line, 'amountCents', 'amount');
  };

  if (purpose === 'mixed' && row.kind === null) {
    error('action', cell('action') === '' ? 'required' : 'invalidChoice');
  }

  if (row.kind === 'load') {
    const productText = cell('product');
    const product = productText === '' ? null : parseBulkProduct(productText);
    if (productText !== '' && product === null) error('product', 'invalidChoice');
    let card: CardReference | undefined;
    // The card id the draft line names: the card found, or an id the company's cards lack.
    let lineCardId: string | null = null;
    const idText = cell('cardId');
    const last4 = cell('last4').replace(/\s/g, '');
    if (idText !== '') {
      if (row.cardId === null) error('cardId', 'bulkUnknownCard');
      else {
        card = lookups.cardsById.get(row.cardId);
        // Not among the company's: the line's rules say so (`cardNotOfCompany`).
        if (!card) lineCardId = row.cardId;
        else if (last4 !== '' && last4 !== card.last4) {
          error('last4', 'bulkCardMismatch');
          card = undefined;
        }
      }
    } else if (last4 !== '') {
      if (!/^\d{4}$/.test(last4)) error('last4', 'invalidValue');
      else if (row.last4Key && row.last4Key.employeeCode === '' && row.last4Key.email === '') {
        error('employeeCode', 'bulkCardIdentifierRequired');
      } else if (row.last4Key) {
        const { employeeCode, email } = row.last4Key;
        let found = (lookups.cardsByLast4.get(last4) ?? []).filter(
          (candidate) =>
            (employeeCode !== '' && candidate.cardholder.employeeCode.toLowerCase() === employeeCode) ||
            (email !== '' && candidate.cardholder.email.toLowerCase() === email),
        );
        if (found.length > 1 && product !== null) {
          const ofProduct = found.filter((candidate) => candidate.product === product);
          if (ofProduct.length > 0) found = ofProduct;
        }
        if (found.length === 0) error('last4', 'bulkUnknownCard');
        else if (found.length > 1) error('last4', 'bulkAmbiguousCard', { cards: found.length });
        else card = found[0];
      }
    } else {
      error('cardId', 'bulkCardIdentifierRequired');
    }

    parsed.product = card ? card.product : product;
    const line = lineProblemsOf(
      {
        ...NO_CARDHOLDER,
        tempCardId: `row-${row.rowNumber}`,
        orderType: 'BULK_LOAD',
        product: parsed.product,
        cardId: card ? card.cardId : lineCardId,
        amountCents: amountOf(row),
      },
      card ? new Map([[card.cardId, card]]) : NO_CARDS,
      lookups,
    );
    if (card) {
      parsed.cardId = card.cardId;
      parsed.family = card.family;
      const familyText = cell('family');
      const family = familyText === '' ? null : parseBulkFamily(familyText);
      if (product !== null && product !== card.product) {
        error('product', 'bulkProductMismatch', { product: card.product, family: card.family });
      }
      if (familyText !== '' && family === null) error('family', 'invalidChoice');
      else if (family !== null && family !== card.family) {
        error('family', 'bulkProductMismatch', { product: card.product, family: card.family });
      }
    }
    // Whether the card may be loaded (the draft line's rules), by the column that named it.
    if (card || lineCardId !== null) report(line, 'cardId', row.cells.cardId ? 'cardId' : 'last4');
    if (card) {
      const first = foldForSearch(cell('firstName'));
      const last = foldForSearch(cell('lastName'));
      if (
        (first !== '' && first !== foldForSearch(card.cardholder.firstName)) ||
        (last !== '' && last !== foldForSearch(card.cardholder.lastName))
      ) {
        warning('lastName', 'bulkCardholderNameMismatch', { name: holderName(card.cardholder) });
      }
    }
    amount(line);
  } else if (row.kind === 'new') {
    const productText = cell('product');
    const product = productText === '' ? null : parseBulkProduct(productText);
    if (productText === '') error('product', 'required');
    else if (product === null) error('product', 'invalidChoice');
    parsed.product = product;
    const familyText = cell('family');
    let family = familyText === '' ? null : parseBulkFamily(familyText);
    if (familyText !== '' && family === null) error('family', 'invalidChoice');
    if (product !== null) {
      if (family === null && familyText === '') {
        if (PRODUCTS[product].families.length === 1) family = PRODUCTS[product].families[0]!;
        else error('family', 'required');
      } else if (family !== null && !isFamilyOfProduct(product, family)) {
        error('family', 'bulkFamilyNotOfProduct', { product, family });
        family = null;
      }
    }
    parsed.family = family;
    const email = cell('email');
    const phone = cell('phone');
    const taxId = cell('taxId').replace(/\s/g, '');
    const cardholder = {
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      email,
      phone,
      employeeCode: cell('employeeCode'),
      taxId,
    };
    const line = lineProblemsOf(
      {
        ...NO_CARDHOLDER,
        tempCardId: `row-${row.rowNumber}`,
        orderType: 'NEW',
        product,
        cardholder,
        cardName: cell('cardName'),
        amountCents: amountOf(row),
      },
      NO_CARDS,
      lookups,
    );
    // The new cardholder's fields (the draft line's rules), each by its column.
    report(line, 'cardholder', null);
    report(line, 'cardName', 'cardName');
    amount(line);
    parsed.cardholder = { ...cardholder, email: email.toLowerCase() };
    parsed.cardName = cell('cardName');
    for (const match of lookups.likelyHolders.get(row.rowNumber) ?? []) {
      warning(null, 'bulkExistingCardholder', {
        name: holderName(match.holder),
        columns: match.reasons.flatMap((reason) => REASON_COLUMNS[reason] ?? []),
        cards: match.holder.cards,
      });
    }
  } else if (cell('amount') !== '' || row.numbers.amount !== undefined) {
    parsed.amountCents = amountOf(row);
  }

  // The drafts' own line schema, as the last word for a new cardholder: a row that passes here
  // passes saveDraftOrder's. (A load's line is a card id and an amount, checked above.)
  const worst = problems.some((problem) => problem.level === 'error');
  if (!worst && row.kind === 'new') {
    const line = lineOfRow(row.rowNumber, parsed);
    if (!line) error(null, 'invalidValue');
  }

  const level = problems.some((problem) => problem.level === 'error') ? 2 : problems.length > 0 ? 1 : 0;
  return {
    rowNumber: row.rowNumber,
    kind: row.kind,
    cells: row.cells,
    parsed,
    problems,
    localLevel: level,
    rowHash: hashOf(row.cells),
    cardKey: parsed.cardId,
    personKeys: row.kind === 'new' ? personKeys(parsed.cardholder) : [],
  };
}

/** The keys two rows naming the same person share (the checkCardholder rules, ADR 009). */
function personKeys(holder: ParsedRow['cardholder']): string[] {
  if (!holder) return [];
  const keys: string[] = [];
  if (holder.email !== '') keys.push(`email:${holder.email.toLowerCase()}`);
  const taxId = holder.taxId.replace(/\s/g, '');
  if (taxId !== '') keys.push(`taxId:${taxId}`);
  if (holder.employeeCode !== '') keys.push(`employeeCode:${holder.employeeCode.toLowerCase()}`);
  const first = foldForSearch(holder.firstName);
  const last = foldForSearch(holder.lastName);
  if (first !== '' && last !== '') keys.push(`name:${first}\u0001${last}`);
  return keys;
}

/** The draft line a good row becomes (`tempCardId` = `row-<number>`), or null if the drafts would refuse it. */
export function lineOfRow(rowNumber: number, parsed: ParsedRow): DraftCard | null {
  const result = DraftCardSchema.safeParse({
    tempCardId: `row-${rowNumber}`,
    cardId: parsed.kind === 'load' ? parsed.cardId : null,
    cardholderId: null,
    cardholder: parsed.kind === 'new' ? parsed.cardholder : null,
    cardName: parsed.kind === 'new' ? parsed.cardName : '',
    amountCents: parsed.amountCents ?? -1,
  });
  return result.success ? result.data : null;
}

/** The company's cardholders that look like each new row's person, with why (the checkCardholder rule). */
export function likelyHoldersOf(
  rows: readonly PreparedRow[],
  candidates: readonly (Cardholder & { cards: number })[],
): Map<number, { holder: Cardholder & { cards: number }; reasons: string[] }[]> {
  const found = new Map<number, { holder: Cardholder & { cards: number }; reasons: string[] }[]>();
  if (candidates.length === 0) return found;
  const byKey = new Map<string, (Cardholder & { cards: number })[]>();
  const add = (key: string, holder: Cardholder & { cards: number }) => {
    const list = byKey.get(key) ?? [];
    list.push(holder);
    byKey.set(key, list);
  };
  for (const holder of candidates) {
    for (const key of personKeys({ ...holder, phone: '' })) add(key, holder);
  }
  for (const row of rows) {
    if (!row.person) continue;
    const holders = new Set<Cardholder & { cards: number }>();
    const keys = personKeys({
      ...row.person,
      email: row.person.email.toLowerCase(),
      taxId: row.person.taxId.replace(/\s/g, ''),
      phone: '',
    });
    for (const key of keys) for (const holder of byKey.get(key) ?? []) holders.add(holder);
    const matches = [...holders].flatMap((holder) => {
      const reasons = duplicateReasons(row.person!, holder);
      return reasons.length > 0 ? [{ holder, reasons }] : [];
    });
    if (matches.length > 0) found.set(row.rowNumber, matches.slice(0, 3));
  }
  return found;
}

/**
 * The earlier rows a row repeats, as the database finds them over the whole import (dropped rows
 * left out): the first row with the same cells, the first loading the same card, and for each of
 * its person keys (in the row's order) the first row naming that person, when earlier than it.
 */
export type RowRepeats = {
  sameRow: number | null;
  sameCard: number | null;
  samePerson: readonly (readonly [key: string, first: number])[];
};

/**
 * The problems other rows cause a row: equal to an earlier row (error), loading a card an earlier
 * row loads (error: a draft names a card once), naming a person an earlier row orders a card for
 * (warning). The later row is the one named, pointing at the first.
 */
export function crossProblemsOf(repeats: RowRepeats): StoredProblem[] {
  if (repeats.sameRow !== null) {
    return [{ column: null, key: 'bulkDuplicateRow', level: 'error', params: { row: repeats.sameRow } }];
  }
  const problems: StoredProblem[] = [];
  if (repeats.sameCard !== null) {
    problems.push({
      column: null,
      key: 'bulkDuplicateCard',
      level: 'error',
      params: { row: repeats.sameCard },
    });
  }
  if (repeats.samePerson.length > 0) {
    const reasons = repeats.samePerson.map(([key]) => key.slice(0, key.indexOf(':')));
    problems.push({
      column: REASON_COLUMNS[reasons[0]!]?.[0] ?? null,
      key: 'bulkDuplicateInFile',
      level: 'warning',
      params: {
        row: Math.min(...repeats.samePerson.map(([, first]) => first)),
        columns: reasons.flatMap((reason) => REASON_COLUMNS[reason] ?? []),
      },
    });
  }
  return problems;
}

/** The status of a row from the level of its own problems and those the other rows cause. */
export function statusOf(localLevel: number, cross: readonly StoredProblem[]): BulkRowStatus {
  const level = Math.max(localLevel, ...cross.map((problem) => (problem.level === 'error' ? 2 : 1)));
  return level === 2 ? 'error' : level === 1 ? 'warning' : 'ok';
}
