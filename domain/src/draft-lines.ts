import { z } from 'zod';
import { CARD_NAME_MAX, type Card, type Cardholder } from './cards';
import type { CheckCardholderResponse, DUPLICATE_REASONS } from './drafts';
import { isValidGreekTaxId, normalizeGreekPhone } from './greek';
import { foldForSearch } from './input';
import { formatAmount } from './money';
import {
  CARD_CREATING_TYPES,
  LOADING_TYPES,
  REPLACING_TYPES,
  usesExistingCards,
  type OrderType,
} from './orders';
import { PRODUCTS, type CardCategory, type CardStatus } from './products';

/**
 * The rules of a draft line — a card to load or replace, or a new card for a cardholder — wherever
 * the line comes from: a draft written in the portal (issue 5, ADR 009) or a row of a bulk file
 * (ADR 011). Pure: the callers read the company's cards and cardholders the lines name beforehand
 * and pass them in (`DraftLinesContext`). Each problem names the line (its index in `lines`), the
 * field of the line and a code; the callers turn them into their own field paths and catalogue keys
 * (`draftLineError` for the drafts' `cards.N.field`, the bulk preview for its row columns).
 */

/** The new cardholder's fields as the line gives them. */
export type LineCardholder = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  employeeCode: string;
  taxId: string;
};

/** A line to check: what it orders (the order type and product of its draft) and what it names. */
export type DraftLineToCheck = {
  tempCardId: string;
  orderType: OrderType;
  /** Null when the line's product is unknown (a bulk row naming none): no amount limits then. */
  product: CardCategory | null;
  cardId: string | null;
  cardholderId: string | null;
  cardholder: LineCardholder | null;
  cardName: string;
  /** Null when the line has no readable amount (the bulk file says why): no limits then. */
  amountCents: number | null;
};

/** What the line rules need to know of a card of the company. */
export type LineCard = Pick<Card, 'cardId' | 'product' | 'status' | 'expiryDate' | 'replacedByCardId'> & {
  maskedNumber?: string;
  /** Marked "do not renew" (ADR 036): an EXPIRED replacement of it is refused. */
  doNotRenew?: boolean;
};

/** What the line rules need from the database, looked up by the caller beforehand. */
export type DraftLinesContext = {
  /** Today in Athens, `YYYY-MM-DD` (ADR 006): a card that expired before today cannot be loaded. */
  today: string;
  /** The company's cards among those the lines name (others are absent: not the company's). */
  cards: ReadonlyMap<string, LineCard>;
  /** The company's cardholders among those the lines name. */
  cardholderIds?: ReadonlySet<string>;
  /**
   * The draft's whole list of lines once the change is made, for cards named twice: the line that
   * repeats a card is named — one of `lines` rather than one already saved, else the later. Without
   * it, no duplicates are looked for (the bulk preview finds them over the whole file).
   */
  draftLines?: readonly { tempCardId: string; cardId: string | null }[];
  /** With it, a loadable card expiring by this date (`YYYY-MM-DD`) is warned of (SPEC §9). */
  expiringUntil?: string;
  /**
   * Whether a load of an active card that already has a replacement is refused. The bulk preview
   * refuses it (`replaced`); the drafts accept it while the card is active (kept as they were).
   */
  refuseLoadsOfReplacedCards?: boolean;
};

/** Why a card cannot be loaded: blocked, replaced, another status than active, or expired. */
export type NotLoadableReason = CardStatus | 'expired';

export type DraftLineField =
  | 'cardId'
  | 'cardholderId'
  | 'cardholder'
  | `cardholder.${keyof LineCardholder}`
  | 'cardName'
  | 'amountCents';

type ProblemOf<Code extends string, Params> = {
  /** The index of the line in `lines`. */
  line: number;
  field: DraftLineField;
  code: Code;
  level: 'error' | 'warning';
  params: Params;
};

/** A problem that refuses the line. */
export type DraftLineError =
  | ProblemOf<'cardNotOfCompany' | 'cardholderNotOfCompany' | 'cardholderRequired' | 'required', object>
  | ProblemOf<'duplicateCard' | 'cardAlreadyReplaced' | 'cardNotRenewed', { card: string }>
  | ProblemOf<'cardNotLoadable', { card: string; reason: NotLoadableReason }>
  | ProblemOf<'tooLong', { max: number }>
  | ProblemOf<'invalidEmail' | 'invalidPhone' | 'invalidTaxId', object>
  /** Amounts in cents. */
  | ProblemOf<'amountOutOfRange', { min: number; max: number }>;

/** A problem that asks for a look: a card to load that expires soon. */
export type DraftLineWarning = ProblemOf<'cardExpiringSoon', { date: string }>;

export type DraftLineProblem = DraftLineError | DraftLineWarning;
export type DraftLineCode = DraftLineProblem['code'];

export function isDraftLineError(problem: DraftLineProblem): problem is DraftLineError {
  return problem.level === 'error';
}

const EmailSchema = z.email().max(254);

/** 0 (card only) for orders that create cards; otherwise within the product's load limits. */
export function isLineAmountAllowed(
  orderType: OrderType,
  product: CardCategory,
  amountCents: number,
): boolean {
  if (amountCents === 0 && CARD_CREATING_TYPES.includes(orderType)) return true;
  const { minLoadCents, maxLoadCents } = PRODUCTS[product];
  return amountCents >= minLoadCents && amountCents <= maxLoadCents;
}

/**
 * Why a card cannot be loaded, or null: blocked, then replaced (its status, or a replacement made
 * when `refuseReplaced`), then any status but active, then expired before `today`.
 */
export function notLoadableReason(
  card: LineCard,
  today: string,
  refuseReplaced: boolean,
): NotLoadableReason | null {
  const expired = card.expiryDate.slice(0, 10) < today;
  if (card.status === 'blocked') return 'blocked';
  if (card.status === 'replaced') return 'replaced';
  if (card.replacedByCardId !== null && (refuseReplaced || expired)) return 'replaced';
  if (card.status !== 'active') return card.status;
  return expired ? 'expired' : null;
}

/** Which line owns each card named: the first naming it among those not checked, else among those checked. */
function ownersOf(
  draftLines: readonly { tempCardId: string; cardId: string | null }[],
  checked: ReadonlySet<string>,
): Map<string, string> {
  const owner = new Map<string, string>();
  for (const pass of [false, true]) {
    for (const line of draftLines) {
      if (line.cardId && checked.has(line.tempCardId) === pass && !owner.has(line.cardId)) {
        owner.set(line.cardId, line.tempCardId);
      }
    }
  }
  return owner;
}

/** The new cardholder's fields: names required (at most 100), email, phone, tax id, employee code, card name. */
function cardholderProblems(
  line: DraftLineToCheck,
  index: number,
  holder: LineCardholder,
): DraftLineProblem[] {
  const problems: DraftLineProblem[] = [];
  const error = (problem: Omit<DraftLineProblem, 'line' | 'level'>) =>
    problems.push({ line: index, level: 'error', ...problem } as DraftLineProblem);
  for (const key of ['firstName', 'lastName'] as const) {
    if (holder[key] === '') error({ field: `cardholder.${key}`, code: 'required', params: {} });
    else if (holder[key].length > 100)
      error({ field: `cardholder.${key}`, code: 'tooLong', params: { max: 100 } });
  }
  if (holder.email !== '' && !EmailSchema.safeParse(holder.email).success) {
    error({ field: 'cardholder.email', code: 'invalidEmail', params: {} });
  }
  if (holder.phone !== '' && normalizeGreekPhone(holder.phone) === null) {
    error({ field: 'cardholder.phone', code: 'invalidPhone', params: {} });
  }
  const taxId = holder.taxId.replace(/\s/g, '');
  if (taxId !== '' && !isValidGreekTaxId(taxId)) {
    error({ field: 'cardholder.taxId', code: 'invalidTaxId', params: {} });
  }
  if (holder.employeeCode.length > 40) {
    error({ field: 'cardholder.employeeCode', code: 'tooLong', params: { max: 40 } });
  }
  if (line.cardName.length > CARD_NAME_MAX) {
    error({ field: 'cardName', code: 'tooLong', params: { max: CARD_NAME_MAX } });
  }
  return problems;
}

/**
 * The problems of `lines`, in line order and, within a line, card or cardholder first, then the
 * amount. A line naming existing cards (loads, replacements) must name a card of the company and
 * of its product, once in the draft; a load's card must be loadable (`notLoadableReason`), a
 * replacement's not replaced already; a loadable card expiring soon is a warning. A new card's
 * line names a cardholder of the company or a new one with valid fields. The amount is within the
 * product's limits, or 0 for orders that create cards.
 */
export function checkDraftLines(
  lines: readonly DraftLineToCheck[],
  context: DraftLinesContext,
): DraftLineProblem[] {
  const problems: DraftLineProblem[] = [];
  const owner = context.draftLines
    ? ownersOf(context.draftLines, new Set(lines.map((line) => line.tempCardId)))
    : null;
  lines.forEach((line, index) => {
    const at = { line: index, level: 'error' as const };
    if (usesExistingCards(line.orderType)) {
      const card = line.cardId ? context.cards.get(line.cardId) : undefined;
      if (!card || (line.product !== null && card.product !== line.product)) {
        problems.push({ ...at, field: 'cardId', code: 'cardNotOfCompany', params: {} });
      } else {
        const named = { card: card.maskedNumber ?? '' };
        const reason = LOADING_TYPES.includes(line.orderType)
          ? notLoadableReason(card, context.today, context.refuseLoadsOfReplacedCards ?? false)
          : null;
        if (owner && owner.get(card.cardId) !== line.tempCardId) {
          problems.push({ ...at, field: 'cardId', code: 'duplicateCard', params: named });
        } else if (reason !== null) {
          problems.push({ ...at, field: 'cardId', code: 'cardNotLoadable', params: { ...named, reason } });
        } else if (
          REPLACING_TYPES.includes(line.orderType) &&
          (card.status === 'replaced' || card.replacedByCardId !== null)
        ) {
          problems.push({ ...at, field: 'cardId', code: 'cardAlreadyReplaced', params: named });
        } else if (line.orderType === 'EXPIRED' && card.doNotRenew === true) {
          // ADR 036: a card marked "do not renew" is not replaced when it expires.
          problems.push({ ...at, field: 'cardId', code: 'cardNotRenewed', params: named });
        } else if (
          LOADING_TYPES.includes(line.orderType) &&
          context.expiringUntil !== undefined &&
          card.expiryDate <= context.expiringUntil
        ) {
          problems.push({
            ...at,
            level: 'warning',
            field: 'cardId',
            code: 'cardExpiringSoon',
            params: { date: card.expiryDate },
          });
        }
      }
    } else if (line.cardholderId !== null) {
      if (!context.cardholderIds?.has(line.cardholderId)) {
        problems.push({ ...at, field: 'cardholderId', code: 'cardholderNotOfCompany', params: {} });
      }
    } else if (line.cardholder === null) {
      problems.push({ ...at, field: 'cardholder', code: 'cardholderRequired', params: {} });
    } else {
      problems.push(...cardholderProblems(line, index, line.cardholder));
    }
    if (
      line.product !== null &&
      line.amountCents !== null &&
      !isLineAmountAllowed(line.orderType, line.product, line.amountCents)
    ) {
      const { minLoadCents, maxLoadCents } = PRODUCTS[line.product];
      problems.push({
        ...at,
        field: 'amountCents',
        code: 'amountOutOfRange',
        params: { min: minLoadCents, max: maxLoadCents },
      });
    }
  });
  return problems;
}

/**
 * A line's error as the drafts API reports it (issue 5): the catalogue key and its parameters,
 * the line numbered `number` (1-based), amounts in euros (`lineAmountOutOfRange`).
 */
export function draftLineError(
  problem: DraftLineError,
  number: number,
): {
  key: Exclude<DraftLineError['code'], 'amountOutOfRange'> | 'lineAmountOutOfRange';
  params: Record<string, string | number>;
} {
  switch (problem.code) {
    case 'amountOutOfRange':
      return {
        key: 'lineAmountOutOfRange',
        params: {
          line: number,
          min: formatAmount(problem.params.min),
          max: formatAmount(problem.params.max),
        },
      };
    case 'cardNotLoadable':
      return { key: problem.code, params: { line: number, card: problem.params.card } };
    default:
      return { key: problem.code, params: { line: number, ...problem.params } };
  }
}

// ---------------------------------------------------------------------------------------------
// Likely duplicates of a new cardholder among the company's (ADR 009 checkCardholder; the bulk
// preview's warnings).

type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export type PersonToCheck = {
  tempCardId: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeCode: string;
  taxId: string;
};

const same = (a: string, b: string) => a !== '' && a === b;
const email = (text: string) => text.trim().toLowerCase();
const code = (text: string) => text.trim().toLowerCase();
const taxId = (text: string) => text.replace(/\s/g, '');

/**
 * Why `existing` may be the same person as `person`: the same email or employee code (case
 * ignored), the same tax id (spaces ignored), or the same first and last name with accents, case
 * and final sigma ignored (`foldForSearch`, STYLE: searches ignore the tonos). Empty fields never
 * match.
 */
export function duplicateReasons(
  person: Omit<PersonToCheck, 'tempCardId'>,
  existing: Cardholder,
): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  if (same(email(person.email), email(existing.email))) reasons.push('email');
  if (same(taxId(person.taxId), taxId(existing.taxId))) reasons.push('taxId');
  if (same(code(person.employeeCode), code(existing.employeeCode))) reasons.push('employeeCode');
  if (
    same(foldForSearch(person.firstName), foldForSearch(existing.firstName)) &&
    same(foldForSearch(person.lastName), foldForSearch(existing.lastName))
  ) {
    reasons.push('name');
  }
  return reasons;
}

/**
 * The likely duplicates of each new cardholder among the company's (`candidates`, prefiltered by
 * the cards module): one entry per person that has any, in the order given. Candidates are indexed
 * by each kind of key first, so ten thousand people against as many cardholders stay linear.
 */
export function matchCardholders(
  people: readonly PersonToCheck[],
  candidates: readonly (Cardholder & { cards: number })[],
): CheckCardholderResponse['matches'] {
  const index = new Map<string, Set<number>>();
  const add = (key: string, position: number) => {
    if (key.endsWith('\u0000')) return;
    const set = index.get(key) ?? new Set<number>();
    set.add(position);
    index.set(key, set);
  };
  const keysOf = (person: Omit<PersonToCheck, 'tempCardId'>) => [
    `e\u0000${email(person.email)}`,
    `t\u0000${taxId(person.taxId)}`,
    `c\u0000${code(person.employeeCode)}`,
    foldForSearch(person.firstName) && foldForSearch(person.lastName)
      ? `n\u0000${foldForSearch(person.firstName)}\u0001${foldForSearch(person.lastName)}`
      : 'n\u0000',
  ];
  candidates.forEach((candidate, position) => {
    for (const key of keysOf(candidate)) add(key, position);
  });
  return people.flatMap((person) => {
    const positions = new Set<number>();
    for (const key of keysOf(person)) for (const position of index.get(key) ?? []) positions.add(position);
    const found = [...positions]
      .sort((a, b) => a - b)
      .flatMap((position) => {
        const candidate = candidates[position]!;
        const reasons = duplicateReasons(person, candidate);
        return reasons.length > 0 ? [{ ...candidate, reasons }] : [];
      });
    return found.length > 0 ? [{ tempCardId: person.tempCardId, candidates: found }] : [];
  });
}
