import {
  CARD_CATEGORIES,
  CARD_FAMILIES,
  CARD_PAGE_SIZES,
  CARD_SORT_FIELDS,
  CARD_STATUSES,
  daysUntilExpiry,
  LIVE_CARD_STATUSES,
  PRODUCTS,
  ROLE,
  type Card,
  type CardCategory,
  type CardFamily,
  type CardFilterRequest,
  type CardSortField,
  type CardStatus,
  type Locale,
  type RoleId,
} from '@tessera/domain';
import { DISPLAY_TIME_ZONE } from '../../lib/format';

/**
 * The card list's rules that need no React: the list state kept in the address (so reload,
 * back/forward and links from the bell keep it), the request it becomes, who may change cards, and
 * which card-issue flows a card may start.
 */

export type SortDirection = 'asc' | 'desc';
export type CardPageSize = (typeof CARD_PAGE_SIZES)[number];

/** Everything the list shows, as read from the query string. */
export type CardListState = {
  product: CardCategory | null;
  family: CardFamily | null;
  status: CardStatus | null;
  /** Live cards expiring within the 60-day window (SPEC §9). */
  expiringSoon: boolean;
  /** Active cards with no load this month (ADR 006). */
  readyToTopUp: boolean;
  search: string;
  sort: CardSortField;
  direction: SortDirection;
  page: number;
  pageSize: CardPageSize;
};

export const DEFAULT_CARD_LIST: CardListState = {
  product: null,
  family: null,
  status: null,
  expiringSoon: false,
  readyToTopUp: false,
  search: '',
  sort: 'cardholder',
  direction: 'asc',
  page: 1,
  pageSize: 25,
};

/** Search waits this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

/** Reads the list state from a query string; anything unknown or malformed falls back to the default. */
export function parseCardListParams(params: URLSearchParams): CardListState {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    product: oneOf(CARD_CATEGORIES, params.get('product')),
    family: oneOf(CARD_FAMILIES, params.get('family')),
    status: oneOf(CARD_STATUSES, params.get('status')),
    expiringSoon: params.get('expiringSoon') === 'true',
    readyToTopUp: params.get('readyToTopUp') === 'true',
    search: (params.get('q') ?? '').trim().slice(0, 100),
    sort: oneOf(CARD_SORT_FIELDS, params.get('sort')) ?? DEFAULT_CARD_LIST.sort,
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: (CARD_PAGE_SIZES as readonly number[]).includes(pageSize)
      ? (pageSize as CardPageSize)
      : DEFAULT_CARD_LIST.pageSize,
  };
}

/** The query string of a list state; defaults are left out so links stay short. */
export function cardListParams(state: CardListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.product) params.set('product', state.product);
  if (state.family) params.set('family', state.family);
  if (state.status) params.set('status', state.status);
  if (state.expiringSoon) params.set('expiringSoon', 'true');
  if (state.readyToTopUp) params.set('readyToTopUp', 'true');
  if (state.search) params.set('q', state.search);
  if (state.sort !== DEFAULT_CARD_LIST.sort) params.set('sort', state.sort);
  if (state.direction !== DEFAULT_CARD_LIST.direction) params.set('direction', state.direction);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_CARD_LIST.pageSize) params.set('pageSize', String(state.pageSize));
  return params;
}

/**
 * A change to the list. Any change of what is listed (filters, search, sort, page size) goes back to
 * the first page; only a page change keeps the rest.
 */
export function applyCardListChange(state: CardListState, change: Partial<CardListState>): CardListState {
  const next = { ...state, ...change };
  if (change.page === undefined) next.page = 1;
  // A family that the chosen product does not come in would match nothing.
  if (change.product && next.family && !familiesOf(change.product).includes(next.family)) next.family = null;
  return next;
}

/** Back to every card, keeping the sort and page size. */
export function resetCardFilters(state: CardListState): CardListState {
  return { ...DEFAULT_CARD_LIST, sort: state.sort, direction: state.direction, pageSize: state.pageSize };
}

export function hasActiveFilters(state: CardListState): boolean {
  return (
    state.product !== null ||
    state.family !== null ||
    state.status !== null ||
    state.expiringSoon ||
    state.readyToTopUp ||
    state.search !== ''
  );
}

/** The `cardFilter` request of a list state: only the filters in use, the rest explicit. */
export function cardFilterRequest(state: CardListState): CardFilterRequest {
  return {
    ...(state.product ? { product: state.product } : {}),
    ...(state.family ? { family: state.family } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...(state.expiringSoon ? { expiringSoon: true } : {}),
    ...(state.readyToTopUp ? { readyToTopUp: true } : {}),
    search: state.search,
    sort: state.sort,
    direction: state.direction,
    page: state.page,
    pageSize: state.pageSize,
  };
}

/** Clicking a column header: the same column flips direction, another starts ascending. */
export function nextSort(state: CardListState, field: CardSortField): Partial<CardListState> {
  if (state.sort === field) return { direction: state.direction === 'asc' ? 'desc' : 'asc' };
  return { sort: field, direction: 'asc' };
}

/** `from–to of total` of the page shown (1-based, inclusive). */
export function pageRange(page: number, pageSize: number, shown: number, total: number) {
  const from = shown === 0 ? 0 : (page - 1) * pageSize + 1;
  return { from, to: shown === 0 ? 0 : Math.min(total, from + shown - 1), total };
}

// ---------------------------------------------------------------------------------------------
// Roles (SPEC §6, route-access ORDERING): the order manager and provider staff acting for the
// company change cards and start flows; the finance user and the payment manager only look.

const EDITING_ROLES: readonly RoleId[] = [ROLE.ADMIN, ROLE.CUSTOMER_CARE, ROLE.ORDER_MANAGER];

export function canEditCards(roleId: RoleId | undefined): boolean {
  return roleId !== undefined && EDITING_ROLES.includes(roleId);
}

/** Only a live card (active or blocked) can be renamed; the others keep their name (the server agrees). */
export function canRename(card: Pick<Card, 'status'>): boolean {
  return LIVE_CARD_STATUSES.includes(card.status);
}

/**
 * A card with money on it can give it back to the company's balance (ADR 010, unload), lost or
 * expired too, so that money is not stranded. A replaced card's money went to its replacement
 * (ADR 010, `transfer`): the replacement unloads. The server checks the balance again.
 */
export function canUnload(card: Pick<Card, 'balanceCents' | 'status' | 'replacedByCardId'>): boolean {
  return card.balanceCents > 0 && card.status !== 'replaced' && card.replacedByCardId === null;
}

// ---------------------------------------------------------------------------------------------
// Card-issue flows started from a card (SPEC §4 reasons). The flow itself is built later; the card
// list links to `/card-issue/info` with the reason and the card.

export const CARD_ISSUE_REASONS = [
  'load-card',
  'damaged-card',
  'lost-card',
  'expired-card',
  'upgrade-card',
] as const;
export type CardIssueReason = (typeof CARD_ISSUE_REASONS)[number];

/** The families a product's cards come in (for the family filter once a product is chosen). */
export function familiesOf(product: CardCategory | null): readonly CardFamily[] {
  return product ? PRODUCTS[product].families : CARD_FAMILIES;
}

/**
 * Which flows make sense for a card:
 * - load: an active card not past its expiry date;
 * - replace as damaged or lost: a live card (active or blocked), or one already reported damaged or
 *   lost that has no replacement yet;
 * - replace as expired: a live card within the 60-day window (or already past its date), or an
 *   expired one not yet replaced;
 * - upgrade: a live virtual card (to a plastic one);
 * - a replaced card starts nothing: its replacement does.
 */
export function issueReasonsFor(card: Card, now: Date = new Date()): CardIssueReason[] {
  if (card.status === 'replaced' || card.replacedByCardId !== null) return [];
  const isLive = LIVE_CARD_STATUSES.includes(card.status);
  const isPastDate = daysLeft(card.expiryDate, now) < 0;
  const reasons: CardIssueReason[] = [];
  if (card.status === 'active' && !isPastDate) reasons.push('load-card');
  if (isLive || card.status === 'damaged') reasons.push('damaged-card');
  if (isLive || card.status === 'lost') reasons.push('lost-card');
  if (card.status === 'expired' || (isLive && (card.expiringSoon || isPastDate)))
    reasons.push('expired-card');
  if (isLive && card.family === 'virtual') reasons.push('upgrade-card');
  return reasons;
}

/** Where a flow starts: `/card-issue/info?reason=…&cardId=…` (without locale). */
export function issueHref(reason: CardIssueReason, cardId: string): string {
  return `/card-issue/info?${new URLSearchParams({ reason, cardId }).toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Dates. Expiry dates are calendar dates (`YYYY-MM-DD`); "today" is the day in Athens
// (ARCHITECTURE §4), so a card does not "expire tomorrow" at 01:00 Athens time.

const athensDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Whole days from today in Athens to the expiry date (0 = expires today, negative once past). */
export function daysLeft(expiryDate: string, now: Date = new Date()): number {
  return daysUntilExpiry(expiryDate, new Date(`${athensDay.format(now)}T00:00:00Z`));
}

/** A date-only value as an instant in the middle of that day, so any time zone shows the same day. */
export function calendarDate(date: string): Date {
  return new Date(`${date.slice(0, 10)}T12:00:00Z`);
}

function intlLocale(locale: Locale): string {
  return locale === 'en' ? 'en-GB' : 'el-GR';
}

/**
 * A `YYYY-MM` month of the chart: short (`Μαρ 2026`) for the axis, long (`Μάρτιος 2026`) for the
 * text alternative. Anything else is shown as it came.
 */
export function formatMonth(month: string, locale: Locale, style: 'short' | 'long'): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  return new Intl.DateTimeFormat(intlLocale(locale), {
    timeZone: 'UTC',
    month: style,
    year: 'numeric',
  }).format(new Date(`${month}-15T12:00:00Z`));
}
