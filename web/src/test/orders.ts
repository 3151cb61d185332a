import {
  rfOfOrderNumber,
  type DeliveryPoint,
  type DraftSummary,
  type OrderDetails,
  type OrderSummary,
  type Payment,
  type PaymentInstructions,
} from '@tessera/domain';

/** Orders, payments and payment instructions in the shapes of domain/src/order-api.ts. */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The company's head office, where the orders of the tests are delivered. */
export const DELIVERY_POINT: DeliveryPoint = {
  deliveryPointId: uuid(7001),
  companyId: 'C1001',
  alias: 'Κεντρικά γραφεία',
  street: 'Λεωφόρος Κηφισίας',
  streetNumber: '44',
  postalCode: '15125',
  city: 'Μαρούσι',
  region: 'attica',
  contactName: 'Ελένη Κωνσταντίνου',
  phone: '+302101234567',
  notes: '',
  createdAt: '2025-01-01T10:00:00Z',
};

/** A draft in the lists (drafts page, orders overview): three plastic meal cards by default. */
export function draftSummary(n: number, overrides: Partial<DraftSummary> = {}): DraftSummary {
  return {
    draftId: uuid(n),
    reason: 'new-card',
    orderType: 'NEW',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    draftOrderAlias: '',
    cards: 3,
    totalCents: 123_456,
    createdBy: uuid(900),
    createdByName: 'Ελένη Κωνσταντίνου',
    updatedAt: '2026-03-02T08:30:00Z',
    ...overrides,
  };
}

export function orderSummary(number: number, overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    orderId: uuid(5000 + number),
    orderNumber: number,
    companyId: 'C1001',
    reason: 'new-card',
    orderType: 'NEW',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    draftOrderAlias: '',
    status: 'awaiting_payment',
    cards: 3,
    totalCents: 123_456,
    rfCode: rfOfOrderNumber(number),
    submittedBy: 'user-om1',
    submittedByName: 'Ελένη Κωνσταντίνου',
    submittedAt: '2026-03-04T21:15:00Z',
    updatedAt: '2026-03-04T21:15:00Z',
    ...overrides,
  };
}

export function payment(n: number, overrides: Partial<Payment> = {}): Payment {
  return {
    paymentId: uuid(8000 + n),
    method: 'VISA',
    status: 'pending',
    amountCents: 123_456,
    bankReference: '',
    failureReason: null,
    createdAt: '2026-03-05T08:00:00Z',
    completedAt: null,
    ...overrides,
  };
}

export function orderDetails(number: number, overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    ...orderSummary(number),
    invoiceComments: '',
    deliveryPoint: null,
    price: {
      loadCents: 120_000,
      cardFeesCents: 1_200,
      replacementFeesCents: 0,
      serviceFeesCents: 1_587,
      deliveryFeeCents: 0,
      feesNetCents: 2_787,
      vatCents: 669,
      totalCents: 123_456,
    },
    paidCents: 0,
    payments: [],
    timeline: [
      { step: 'draft', at: '2026-03-04T20:00:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
      { step: 'awaiting_payment', at: '2026-03-04T21:15:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
      { step: 'paid', at: null, byName: '', notes: [] },
      { step: 'loaded', at: null, byName: '', notes: [] },
    ],
    approval: {
      required: false,
      thresholdCents: null,
      approvalsRequired: 0,
      approvals: [],
      expiresAt: null,
      decidedByName: '',
      decidedAt: null,
      rejectedReason: '',
    },
    trackingNumber: '',
    actions: { approve: false, pay: false, cancel: false, reorder: false, activate: false },
    ...overrides,
  };
}

export const BANK = {
  beneficiary: 'Tessera Α.Ε.',
  iban: 'GR1601101250000000012300695',
  bic: 'ETHNGRAA',
  bankName: 'Εθνική Τράπεζα',
};

export function instructions(
  order: Pick<OrderSummary, 'orderId' | 'orderNumber' | 'totalCents'>,
  method: PaymentInstructions['method'],
  n = 1,
): PaymentInstructions {
  return {
    paymentId: uuid(8000 + n),
    orderId: order.orderId,
    method,
    amountCents: order.totalCents,
    rfCode: rfOfOrderNumber(order.orderNumber),
    redirectUrl: method === 'VISA' ? `https://bank.example/pay?session=s-${n}` : null,
    iris:
      method === 'IRIS'
        ? {
            qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="10" height="10"/></svg>',
            payload: 'BCD',
          }
        : null,
    bank: BANK,
  };
}

/** The methods an amount may use, as `retrievePaymentMethods` answers them. */
export function methodsFor(totalCents: number) {
  return {
    success: true,
    methods: [
      { method: 'IRIS', available: true, maxCents: null },
      { method: 'VISA', available: totalCents <= 2_000_000, maxCents: 2_000_000 },
      { method: 'RF', available: true, maxCents: null },
    ],
  };
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
