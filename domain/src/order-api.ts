import { z } from 'zod';
import { CardholderSchema } from './cards';
import { DeliveryPointSchema } from './delivery-points';
import { OrderPriceSchema } from './drafts';
import { ORDER_EVENT_KINDS, ORDER_STATUSES } from './order-lifecycle';
import { PaymentInstructionsSchema, PaymentKindSchema, PaymentSchema } from './payments';
import { CardIssueReasonSchema, ORDER_TYPES } from './orders';
import { AmountCentsSchema, CardCategorySchema, CardFamilySchema, CardStatusSchema } from './products';
import { DateOnlySchema } from './text';

/**
 * Submitted orders and their payments over HTTP (SPEC §7 orders service: submitPaymentOm,
 * submitOrderFinanceUser, submitOrderPaymentManager, submitUnloadOrder, orderPriceCalculation,
 * unloadOrderPriceCalculation, createPaymentOrder, submitPaymentOrder, retrievePaymentMethods,
 * retrieveOrderCards, retrieveOrderDetails, retrieveOrderHistory, reorder, sendProformaDocument,
 * retrieveApmLoops, downloadOrderAnalysisExcel; docs/decisions/010-orders-payments.md).
 */

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
/** Orders carry the SPEC §4 order types, and UNLOAD for money taken back from cards. */
export const PlacedOrderTypeSchema = z.enum([...ORDER_TYPES, 'UNLOAD']);
export type PlacedOrderType = z.infer<typeof PlacedOrderTypeSchema>;

const OrderId = z.uuid();

/** An order in lists. */
export const OrderSummarySchema = z.object({
  orderId: z.uuid(),
  /** The human order number (`#1042`), also the body of its RF reference. */
  orderNumber: z.number().int(),
  companyId: z.string(),
  reason: CardIssueReasonSchema.nullable(),
  orderType: PlacedOrderTypeSchema,
  product: CardCategorySchema,
  family: CardFamilySchema,
  draftOrderAlias: z.string(),
  status: OrderStatusSchema,
  cards: z.number().int(),
  totalCents: z.number().int(),
  rfCode: z.string(),
  submittedBy: z.string(),
  submittedByName: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** Who prepared its draft (ADR 032: they do not approve it either). */
  draftedBy: z.string().nullable().optional(),
  /** Approvals it needs (0–2) and who has given one so far (ADR 032). */
  approvalsRequired: z.number().int().optional(),
  approvedBy: z.array(z.string()).optional(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/**
 * What an order event adds to its step, as a code and its values, translated where it is shown
 * (ADR 013): an approval, the approver's reason for a rejection (their own words), the courier's
 * tracking number, the lines a payment could not load (numbered as the order's card list numbers
 * them), and the complimentary cards activated.
 */
export const OrderEventNoteSchema = z.discriminatedUnion('code', [
  /**
   * An approval (ADR 032): who gave it, their optional comment, and for an order needing two, how
   * many it has of how many (the first of two leaves the order waiting).
   */
  z.object({
    code: z.literal('approved'),
    approverName: z.string().optional(),
    comment: z.string().optional(),
    count: z.number().int().optional(),
    of: z.number().int().optional(),
  }),
  z.object({ code: z.literal('rejectionReason'), reason: z.string(), approverName: z.string().optional() }),
  /** Nobody decided within the company's expiry days (ADR 032): the system rejected the order. */
  z.object({ code: z.literal('approvalExpired'), days: z.number().int() }),
  z.object({
    code: z.literal('trackingNumber'),
    trackingNumber: z.string(),
    /** The courier (`COURIERS`), when the shipment was recorded from the fulfilment page (ADR 026). */
    courier: z.string().optional(),
  }),
  z.object({ code: z.literal('linesNotLoaded'), lines: z.array(z.number().int()) }),
  z.object({ code: z.literal('cardsActivated'), count: z.number().int() }),
  /** The courier brought the cards back (ADR 026): the order waits in production to be sent again. */
  z.object({
    code: z.literal('shipmentReturned'),
    courier: z.string(),
    trackingNumber: z.string(),
    reason: z.string(),
  }),
]);
export type OrderEventNote = z.infer<typeof OrderEventNoteSchema>;

/**
 * One step of an order's timeline: a step that applies to the order (reached, or still ahead), or
 * the end it came to (`rejected`, `cancelled`: then nothing follows), or an unload done.
 */
export const TimelineEntrySchema = z.object({
  step: z.enum(ORDER_EVENT_KINDS),
  /** When the order reached the step; null for steps still ahead. */
  at: z.string().nullable(),
  byName: z.string(),
  notes: z.array(OrderEventNoteSchema),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const OrderDetailsSchema = OrderSummarySchema.extend({
  invoiceComments: z.string(),
  /** The delivery point as it was when the order was submitted. */
  deliveryPoint: DeliveryPointSchema.nullable(),
  price: OrderPriceSchema,
  /** What has been paid (succeeded payments). */
  paidCents: z.number().int(),
  payments: z.array(PaymentSchema),
  timeline: z.array(TimelineEntrySchema),
  approval: z.object({
    required: z.boolean(),
    thresholdCents: z.number().int().nullable(),
    /** Approvals the order needs (0, 1 or 2: ADR 032) and those given so far, oldest first. */
    approvalsRequired: z.number().int(),
    approvals: z.array(z.object({ byName: z.string(), at: z.string(), comment: z.string() })),
    /** When it expires if nobody decides (null: it does not wait). */
    expiresAt: z.string().nullable(),
    decidedByName: z.string(),
    decidedAt: z.string().nullable(),
    rejectedReason: z.string(),
  }),
  trackingNumber: z.string(),
  /** What the signed-in user may do with it now. */
  actions: z.object({
    approve: z.boolean(),
    pay: z.boolean(),
    cancel: z.boolean(),
    reorder: z.boolean(),
    /** A paid complimentary order whose cards wait for activation (activateComplimentOrder). */
    activate: z.boolean(),
  }),
});
export type OrderDetails = z.infer<typeof OrderDetailsSchema>;

const OrderCardRefSchema = z.object({
  cardId: z.uuid(),
  maskedNumber: z.string(),
  cardName: z.string(),
  status: CardStatusSchema,
  balanceCents: z.number().int(),
});

/** One line of an order: the card it loads or made, and what it cost. */
export const OrderCardSchema = z.object({
  position: z.number().int(),
  tempCardId: z.string(),
  cardholder: CardholderSchema.pick({ firstName: true, lastName: true, email: true, employeeCode: true }),
  /** The card loaded, or the card the order made (after payment). */
  card: OrderCardRefSchema.nullable(),
  /** The card a replacement closed. */
  replacedCard: OrderCardRefSchema.nullable(),
  amountCents: z.number().int(),
  cardFeeCents: z.number().int(),
  replacementFeeCents: z.number().int(),
  serviceFeeCents: z.number().int(),
});
export type OrderCard = z.infer<typeof OrderCardSchema>;

// Submission -------------------------------------------------------------------------------

/** `POST submitPaymentOm`: the order manager submits a draft and, unless it waits for approval, pays. */
export const SubmitPaymentOmRequestSchema = z.object({ draftId: z.uuid(), method: PaymentKindSchema });
export type SubmitPaymentOmRequest = z.infer<typeof SubmitPaymentOmRequestSchema>;
/** `POST submitOrderFinanceUser`: a finance user submits a draft; it then awaits payment. */
export const SubmitDraftRequestSchema = z.object({ draftId: z.uuid() });
export type SubmitDraftRequest = z.infer<typeof SubmitDraftRequestSchema>;
/**
 * `POST submitOrderPaymentManager`: a payment manager submits a draft (`draftId`), or approves an
 * order waiting for approval (`orderId`).
 */
export const SubmitOrderPaymentManagerRequestSchema = z.union([
  z.object({ draftId: z.uuid() }),
  z.object({ orderId: OrderId, comment: z.string().trim().max(500).default('') }),
]);
export type SubmitOrderPaymentManagerRequest = z.infer<typeof SubmitOrderPaymentManagerRequestSchema>;
export const SubmitOrderResponseSchema = z.object({
  success: z.literal(true),
  order: OrderSummarySchema,
  /** Set when the order went straight to payment with a method chosen (submitPaymentOm). */
  payment: PaymentInstructionsSchema.nullable(),
});
export type SubmitOrderResponse = z.infer<typeof SubmitOrderResponseSchema>;

/** `POST approveOrder`: an approver says yes to a waiting order, with an optional comment (ADR 032). */
export const ApproveOrderRequestSchema = z.object({
  orderId: OrderId,
  comment: z.string().trim().max(500).default(''),
});
/** `POST rejectOrder`: an approver turns down a waiting order, saying why. */
export const RejectOrderRequestSchema = z.object({
  orderId: OrderId,
  reason: z.string().trim().min(1).max(500),
});
/** `POST cancelOrder`: the submitter (or an approver) withdraws an order not paid yet. */
export const OrderIdRequestSchema = z.object({ orderId: OrderId });
export const OrderResponseSchema = z.object({ success: z.literal(true), order: OrderSummarySchema });
export type OrderResponse = z.infer<typeof OrderResponseSchema>;

/** `GET retrievePayment`, `POST submitPaymentOrder`: a payment attempt and the order it pays. */
export const PaymentResultResponseSchema = z.object({
  success: z.literal(true),
  payment: PaymentSchema,
  order: OrderSummarySchema,
});
export type PaymentResultResponse = z.infer<typeof PaymentResultResponseSchema>;

// History and details ----------------------------------------------------------------------

/** `GET retrieveOrderHistory`. */
export const OrderHistoryRequestSchema = z.object({
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  status: OrderStatusSchema.optional(),
  product: CardCategorySchema.optional(),
  orderType: PlacedOrderTypeSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type OrderHistoryRequest = z.input<typeof OrderHistoryRequestSchema>;
export const OrderHistoryResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(OrderSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponseSchema>;

/** `GET retrieveOrderDetails?orderId=`. */
export const OrderDetailsResponseSchema = z.object({ success: z.literal(true), order: OrderDetailsSchema });
export type OrderDetailsResponse = z.infer<typeof OrderDetailsResponseSchema>;

/** `GET retrieveOrderCards?orderId=&page=&pageSize=`. */
export const OrderCardsRequestSchema = z.object({
  orderId: OrderId,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const OrderCardsResponseSchema = z.object({
  success: z.literal(true),
  cards: z.array(OrderCardSchema),
  total: z.number().int(),
});
export type OrderCardsResponse = z.infer<typeof OrderCardsResponseSchema>;

/** `GET retrieveOrdersOverview`: what waits for whom, and this month's figures (/orders-overview). */
export const OrdersOverviewResponseSchema = z.object({
  success: z.literal(true),
  counts: z.record(OrderStatusSchema, z.number().int()),
  awaitingApproval: z.array(OrderSummarySchema),
  awaitingPayment: z.array(OrderSummarySchema),
  recent: z.array(OrderSummarySchema),
  monthLoadedCents: z.number().int(),
  monthFeesCents: z.number().int(),
  /** Money returned from unloaded cards, held for the company. */
  companyBalanceCents: z.number().int(),
  approvalThresholdCents: z.number().int().nullable(),
});
export type OrdersOverviewResponse = z.infer<typeof OrdersOverviewResponseSchema>;

/** `POST activateComplimentOrder` {orderId}: activates a paid complimentary order's cards. */
export const ActivateComplimentResponseSchema = z.object({
  success: z.literal(true),
  activated: z.number().int(),
});

/** `POST reorder`: a new draft with the lines of an order. */
export const ReorderResponseSchema = z.object({ success: z.literal(true), draftId: z.uuid() });

/** `POST sendProformaDocument`: emails the proforma to the signed-in user. */
export const SendProformaResponseSchema = z.object({ success: z.literal(true), sentTo: z.string() });

/** `POST advanceOrder` (provider staff): production → shipped (with tracking) → delivered → loaded. */
export const AdvanceOrderRequestSchema = z.object({
  orderId: OrderId,
  trackingNumber: z.string().trim().max(40).default(''),
});

// Unload -----------------------------------------------------------------------------------

/** Cards to take money back from: an amount per card, or null for its whole balance. */
export const UnloadRequestSchema = z.object({
  cards: z
    .array(z.object({ cardId: z.uuid(), amountCents: AmountCentsSchema.min(1).nullable() }))
    .min(1)
    .max(10_000),
  comments: z.string().trim().max(500).default(''),
});
export type UnloadRequest = z.input<typeof UnloadRequestSchema>;
export const UnloadPriceResponseSchema = z.object({
  success: z.literal(true),
  lines: z.array(
    z.object({
      cardId: z.uuid(),
      maskedNumber: z.string(),
      cardName: z.string(),
      balanceCents: z.number().int(),
      amountCents: z.number().int(),
    }),
  ),
  totalCents: z.number().int(),
});
export type UnloadPriceResponse = z.infer<typeof UnloadPriceResponseSchema>;
