import type { CardFilterRequest, Locale, OrderHistoryRequest, OrderPriceRequest } from '@tessera/domain';

/**
 * Every TanStack Query key of the web client, one factory per server resource (issue 14). A hook
 * that reads a resource and a mutation that changes it take their key from here, so an invalidation
 * reaches every page that shows the resource. Every company key carries the company acted for: after
 * choosing another company the cached data of the previous one must never show.
 */

/** The signed-in user's session (`GET /api/auth/session`). */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

const accounts = ['accounts'] as const;

/** Every query about drafts starts with this key, so one invalidation refreshes them all. */
export const DRAFTS_QUERY_ROOT = ['orders', 'drafts'] as const;
/** Every query about submitted orders starts with this key, so one invalidation refreshes them all. */
export const PLACED_ORDERS_QUERY_ROOT = ['orders', 'placed'] as const;

export const contentKeys = {
  menu: (variant: string, locale: Locale) => ['content', 'menu', variant, locale] as const,
  footer: (variant: string, locale: Locale) => ['content', 'footer', variant, locale] as const,
  page: (slug: string, locale: Locale) => ['content', 'page', slug, locale] as const,
  faqs: (audience: string, query: string, locale: Locale) =>
    ['content', 'faqs', audience, query, locale] as const,
  videoTutorials: (locale: Locale) => ['content', 'video-tutorials', locale] as const,
  notifications: (audience: string | null, locale: Locale) =>
    ['content', 'notifications', audience, locale] as const,
};

export const identityKeys = {
  me: ['identity', 'me'] as const,
  /** Issue 21: the account's second factor and remembered devices. */
  secondFactor: ['identity', 'second-factor'] as const,
};

export const companyKeys = {
  related: [...accounts, 'relatedCompanies'] as const,
  company: (companyId: string | null) => [...accounts, 'company', companyId] as const,
  search: (query: string, page: number) => [...accounts, 'searchCompany', query, page] as const,
};

export const contractKeys = {
  trz: (companyId: string) => [...accounts, 'trzContract', companyId] as const,
  all: (companyId: string) => [...accounts, 'contracts', companyId] as const,
};

/** `getCompanyDeliveryPoints` and friends: one root a company, invalidated by every creation. */
export const deliveryPointKeys = {
  all: (companyId: string | null) => [...accounts, 'deliveryPoints', companyId] as const,
  /** The first hundred points, the choices of the order flow, the bulk drafts and card printing. */
  choices: (companyId: string | null) => [...deliveryPointKeys.all(companyId), 'choices'] as const,
  list: (companyId: string | null, input: { query: string; page: number; pageSize: number }) =>
    [...deliveryPointKeys.all(companyId), 'list', input] as const,
  byId: (companyId: string | null, deliveryPointId: string) =>
    [...deliveryPointKeys.all(companyId), 'byId', deliveryPointId] as const,
};

export const spendRuleKeys = {
  all: (companyId: string) => [...accounts, 'spendRules', companyId] as const,
  list: (companyId: string, kind: 'SPENDEO' | 'MY_BENEFITS', locale: Locale) =>
    [...spendRuleKeys.all(companyId), kind, locale] as const,
  coreCategories: (locale: Locale) => [...accounts, 'coreCategories', locale] as const,
};

export const peopleKeys = {
  users: (companyId: string) => [...accounts, 'users', companyId] as const,
  agents: (companyId: string) => [...accounts, 'agents', companyId] as const,
};

export const cardPrintingKeys = {
  settings: (companyId: string) => [...accounts, 'cardPrinting', companyId] as const,
};

export const notificationKeys = {
  status: (companyId: string | null) => [...accounts, 'notificationStatus', companyId] as const,
  service: (companyId: string | null, locale: Locale) =>
    [...accounts, 'notifications', companyId, locale] as const,
  read: [...accounts, 'notifications', 'read'] as const,
};

export const cardKeys = {
  all: [...accounts, 'cards'] as const,
  filter: (companyId: string | null) => [...cardKeys.all, 'cardFilter', companyId] as const,
  kpis: (companyId: string | null) => [...cardKeys.all, 'kpis', companyId] as const,
  summaries: (companyId: string | null) => [...cardKeys.all, 'summaries', companyId] as const,
  /** A card's movements (its panel); purchases at merchants land here, so it is never kept long. */
  movements: (companyId: string | null, cardId: string) =>
    [...cardKeys.all, 'movements', companyId, cardId] as const,
  /** The order flow's quiet read of the summaries (a failure answers null, no error shown). */
  issueSummaries: (companyId: string | null) => [...cardKeys.summaries(companyId), 'issue'] as const,
  /** The order flow's card picker (its answers also land in the flow's known cards). */
  picker: (companyId: string | null, request: CardFilterRequest) =>
    ['card-issue', 'cards', companyId, request] as const,
  activeCount: (companyId: string | null, product: string, family: string) =>
    ['card-issue', 'active-count', companyId, product, family] as const,
  /** The leavers and expiry page's list (issue 22 §4, ADR 036). */
  leavers: (companyId: string | null) => [...cardKeys.all, 'leaversAndExpiring', companyId] as const,
  /** A cardholder's leaver mark (the cardholder form). */
  leaverMark: (companyId: string | null, cardholderId: string) =>
    [...cardKeys.all, 'cardholderLeaver', companyId, cardholderId] as const,
};

export const draftKeys = {
  all: DRAFTS_QUERY_ROOT,
  details: [...DRAFTS_QUERY_ROOT, 'detail'] as const,
  detail: (companyId: string | null, draftId: string) =>
    [...DRAFTS_QUERY_ROOT, 'detail', companyId, draftId] as const,
  count: (companyId: string | null) => [...DRAFTS_QUERY_ROOT, 'count', companyId] as const,
  list: (scope: 'company' | 'finance', companyId: string | null, locale: Locale) =>
    [...DRAFTS_QUERY_ROOT, 'list', scope, companyId, locale] as const,
};

export const orderKeys = {
  all: PLACED_ORDERS_QUERY_ROOT,
  history: (companyId: string | null, request: OrderHistoryRequest) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'history', companyId, request] as const,
  details: (companyId: string | null, orderId: string) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'details', companyId, orderId] as const,
  cards: (companyId: string | null, orderId: string, page: number) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'cards', companyId, orderId, page] as const,
  overview: (companyId: string | null) => [...PLACED_ORDERS_QUERY_ROOT, 'overview', companyId] as const,
  apmLoops: (companyId: string | null) => [...PLACED_ORDERS_QUERY_ROOT, 'apmLoops', companyId] as const,
  approvalSettings: (companyId: string | null) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'approvalSettings', companyId] as const,
  price: (companyId: string | null, request: OrderPriceRequest) =>
    ['orders', 'price', companyId, request] as const,
  bundles: (companyId: string | null, kind: 'voucher' | 'complimentary') =>
    ['orders', 'bundles', kind, companyId] as const,
};

/**
 * Recurring load rules (issue 19): one root a company, so every change (a rule saved, paused, its
 * cards, the reminder) refreshes the list, the rule, its preview and its runs at once.
 */
export const recurringKeys = {
  all: (companyId: string | null) => ['orders', 'recurring', companyId] as const,
  list: (companyId: string | null) => [...recurringKeys.all(companyId), 'list'] as const,
  rule: (companyId: string | null, ruleId: string) =>
    [...recurringKeys.all(companyId), 'rule', ruleId] as const,
  preview: (companyId: string | null, ruleId: string) =>
    [...recurringKeys.all(companyId), 'preview', ruleId] as const,
  runs: (companyId: string | null, ruleId: string, page: number) =>
    [...recurringKeys.all(companyId), 'runs', ruleId, page] as const,
  /** The editor's card picker (active cards of the rule's product): refreshed with the cards. */
  cards: (companyId: string | null, request: CardFilterRequest) =>
    [...cardKeys.all, 'recurringPicker', companyId, request] as const,
};

export const paymentKeys = {
  payment: (companyId: string | null, paymentId: string) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'payment', companyId, paymentId] as const,
  methods: (companyId: string | null, orderId: string) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'paymentMethods', companyId, orderId] as const,
};

export const bulkKeys = {
  all: ['bulk'] as const,
  imports: (companyId: string | null) => ['bulk', companyId, 'imports'] as const,
  import: (companyId: string | null, importId: string) => ['bulk', companyId, 'import', importId] as const,
  rowsOf: (companyId: string | null, importId: string) => ['bulk', companyId, 'rows', importId] as const,
  rows: (companyId: string | null, importId: string, filter: string, page: number) =>
    ['bulk', companyId, 'rows', importId, filter, page] as const,
};

/**
 * The merchant portal (issue 15): every key carries the merchant shown (null: the merchant user's
 * own), so provider staff switching merchant never see the previous one's data.
 */
export const merchantKeys = {
  all: ['merchants'] as const,
  list: ['merchants', 'list'] as const,
  profile: (merchantId: string | null) => ['merchants', merchantId, 'profile'] as const,
  stores: (merchantId: string | null) => ['merchants', merchantId, 'stores'] as const,
  demoCards: (merchantId: string | null) => ['merchants', merchantId, 'demoCards'] as const,
};
