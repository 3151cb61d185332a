import type {
  Card,
  CardFilterRequest,
  OrderPriceTotals,
  RecurringPreviewRun,
  RecurringRuleSummary,
  RecurringRuleView,
  RecurringRunView,
} from '@tessera/domain';
import { formatMoney } from '../lib/format';
import { card, cardholder } from './cards';
import { companyResponse, session } from './fixtures';
import type { MockHandler } from './mock-api';
import { uuid } from './orders';

/** Recurring load rules, runs and previews in the shapes of domain/src/recurring-rules.ts (issue 19). */

export const ORDERS_API = '/api/v1/orders';
export const CARD_FILTER = '/api/v1/accounts/cardFilter';
export const RULE_ID = uuid(9001);

/** Three active meal cards of the company. */
export const CARD_MARIA: Card = card({
  cardholder: cardholder({ firstName: 'Μαρία', lastName: 'Παπαδάκη' }),
});
export const CARD_NIKOS: Card = card({ cardholder: cardholder({ firstName: 'Νίκος', lastName: 'Αλεξίου' }) });
export const CARD_ELENI: Card = card({
  family: 'virtual',
  cardholder: cardholder({ firstName: 'Ελένη', lastName: 'Σταύρου' }),
});
export const CARDS = [CARD_MARIA, CARD_NIKOS, CARD_ELENI];

/** Money as a text query finds it (Testing Library reads the no-break space as a space). */
export const money = (cents: number) => formatMoney(cents).replace(/\s/g, ' ');

/** How a card is named in the rule's rows and messages: `Μαρία Παπαδάκη · •••• 1002`. */
export const labelOf = (item: Card) =>
  `${item.cardholder.firstName} ${item.cardholder.lastName} · •••• ${item.last4}`;

export function lineOf(item: Card, amountCents: number | null = null): RecurringRuleView['lines'][number] {
  return {
    cardId: item.cardId,
    amountCents,
    card: {
      maskedNumber: item.maskedNumber,
      cardName: item.cardName,
      cardholderName: `${item.cardholder.firstName} ${item.cardholder.lastName}`,
      status: item.status,
      family: item.family,
      balanceCents: item.balanceCents,
    },
  };
}

export function recurringRun(overrides: Partial<RecurringRunView> = {}): RecurringRunView {
  return {
    runId: uuid(9100),
    ruleId: RULE_ID,
    period: '2026-11',
    runDay: '2026-11-25',
    status: 'created',
    failure: null,
    detail: null,
    cardCount: 2,
    totalCents: 35_712,
    orders: [
      {
        draftId: null,
        orderId: uuid(5001),
        orderNumber: 1234,
        orderStatus: 'awaiting_payment',
        family: 'plastic',
        cardCount: 2,
        totalCents: 35_712,
      },
    ],
    notes: [],
    createdAt: '2026-11-25T04:00:00Z',
    ...overrides,
  };
}

export function ruleSummary(overrides: Partial<RecurringRuleSummary> = {}): RecurringRuleSummary {
  return {
    ruleId: RULE_ID,
    name: 'Επίδομα σίτισης',
    product: 'TICKET_RESTAURANT',
    amountMode: 'perWorkingDay',
    amountCents: 800,
    schedule: { kind: 'monthly', dayOfMonth: 25, workingDaysOnly: true },
    startDay: '2026-01-01',
    endDay: null,
    submitMode: 'submit',
    paymentMethod: 'RF',
    status: 'active',
    cardCount: 2,
    nextRunDay: '2026-12-24',
    lastRun: recurringRun(),
    createdBy: 'Ελένη Κωνσταντίνου',
    createdAt: '2026-01-01T09:00:00Z',
    updatedAt: '2026-01-01T09:00:00Z',
    ...overrides,
  };
}

export function ruleView(overrides: Partial<RecurringRuleView> = {}): RecurringRuleView {
  return {
    ...ruleSummary(),
    lines: [lineOf(CARD_MARIA), lineOf(CARD_NIKOS)],
    ...overrides,
  };
}

export function price(loadCents: number, serviceFeesCents: number): OrderPriceTotals {
  const vatCents = Math.round(serviceFeesCents * 0.24);
  return {
    loadCents,
    cardFeesCents: 0,
    replacementFeesCents: 0,
    serviceFeesCents,
    deliveryFeeCents: 0,
    feesNetCents: serviceFeesCents,
    vatCents,
    totalCents: loadCents + serviceFeesCents + vatCents,
  };
}

export function previewRun(overrides: Partial<RecurringPreviewRun> = {}): RecurringPreviewRun {
  return {
    runDay: '2026-12-24',
    workingDays: 21,
    cardCount: 2,
    price: price(33_600, 672),
    notes: [],
    ...overrides,
  };
}

/** `POST cardFilter` over `cards`: the picker's search by cardholder or last digits, paged. */
export function cardFilterHandler(cards: readonly Card[] = CARDS): MockHandler {
  return ({ body }) => {
    const input = body as CardFilterRequest;
    const search = (input.search ?? '').toLowerCase();
    const found = cards.filter(
      (item) =>
        (input.product === undefined || item.product === input.product) &&
        (input.status === undefined || item.status === input.status) &&
        (search === '' ||
          `${item.cardholder.firstName} ${item.cardholder.lastName}`.toLowerCase().includes(search) ||
          item.last4.includes(search)),
    );
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? 25;
    return {
      body: {
        success: true,
        cards: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      },
    };
  };
}

/** The session and company of an order manager (C1001) or a finance user (C1002, read only). */
export function signedIn(who: 'om1' | 'finance'): Record<string, MockHandler> {
  return {
    'GET /api/auth/session': { body: session(who) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(who === 'om1' ? 'C1001' : 'C1002') },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
  };
}

/** A 400 naming fields, messages already in the request's language. */
export function fieldErrors(fields: { field: string; message: string }[]) {
  return {
    status: 400,
    body: { success: false, errorCode: 2, errorLevel: 'error', errorMessage: 'Validation failed', fields },
  };
}
