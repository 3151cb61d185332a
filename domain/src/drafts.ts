import { z } from 'zod';
import { CardholderSchema } from './cards';
import { DeliveryPointSchema } from './delivery-points';
import { CardIssueReasonSchema, DraftCardSchema, OrderTypeSchema } from './orders';
import {
  CardCategorySchema,
  CardFamilySchema,
  CardStatusSchema,
  LoadAmountCentsSchema,
  TOP_UP_PRODUCTS,
} from './products';
import { DateOrDateTimeSchema } from './text';

/**
 * Draft orders on the server (SPEC §7 orders service: saveDraftOrder, retrieveDraftOrder(s),
 * retrieveDraftOrdersFinanceUser, updateDraftOrder, deleteDraftOrder, add/update/delete draft order
 * cards, companyMaxDraftOrders, orderPriceCalculation, readyToTopUp, checkCardholder).
 */

const Alias = z.string().trim().max(80).default('');
const Comments = z.string().trim().max(500).default('');

/** The header of a draft: what it is for and where the cards go. */
export const DraftHeaderSchema = z.object({
  reason: CardIssueReasonSchema,
  orderType: OrderTypeSchema,
  product: CardCategorySchema,
  family: CardFamilySchema,
  draftOrderAlias: Alias,
  invoiceComments: Comments,
  deliveryPointId: z.uuid().nullable().default(null),
  /** One amount for every card, or null when amounts are per card. */
  bulkAmountCents: LoadAmountCentsSchema.nullable().default(null),
  /** The expired flow's date (SPEC §4: now + 60 days). */
  expiringDate: DateOrDateTimeSchema.nullable().default(null),
});
export type DraftHeaderInput = z.input<typeof DraftHeaderSchema>;

/** `POST saveDraftOrder`: a new draft with its lines. */
export const SaveDraftOrderRequestSchema = DraftHeaderSchema.extend({
  cards: z.array(DraftCardSchema).max(10_000),
});
export type SaveDraftOrderRequest = z.input<typeof SaveDraftOrderRequestSchema>;

/** `POST updateDraftOrder`: the header of an existing draft. */
export const UpdateDraftOrderRequestSchema = DraftHeaderSchema.omit({ reason: true, orderType: true }).extend(
  {
    draftId: z.uuid(),
  },
);
export type UpdateDraftOrderRequest = z.input<typeof UpdateDraftOrderRequestSchema>;

export const DraftIdRequestSchema = z.object({ draftId: z.uuid() });

/** `POST addDraftOrderCards` / `updateDraftOrderCards`. */
export const DraftCardsRequestSchema = z.object({
  draftId: z.uuid(),
  cards: z.array(DraftCardSchema).min(1).max(10_000),
});
export type DraftCardsRequest = z.input<typeof DraftCardsRequestSchema>;
/** `POST deleteDraftOrderCards`. */
export const DeleteDraftCardsRequestSchema = z.object({
  draftId: z.uuid(),
  tempCardIds: z.array(z.string().trim().min(1).max(64)).min(1).max(10_000),
});
export type DeleteDraftCardsRequest = z.input<typeof DeleteDraftCardsRequestSchema>;

/** A line as the server returns it: the card it names (masked) and its price parts. */
export const DraftLineSchema = DraftCardSchema.extend({
  card: z
    .object({
      cardId: z.uuid(),
      maskedNumber: z.string(),
      cardName: z.string(),
      status: CardStatusSchema,
      expiryDate: z.string(),
      balanceCents: z.number().int(),
      cardholder: CardholderSchema,
    })
    .nullable(),
  cardFeeCents: z.number().int(),
  replacementFeeCents: z.number().int(),
  serviceFeeCents: z.number().int(),
});
export type DraftLine = z.infer<typeof DraftLineSchema>;

export const OrderPriceSchema = z.object({
  loadCents: z.number().int(),
  cardFeesCents: z.number().int(),
  replacementFeesCents: z.number().int(),
  serviceFeesCents: z.number().int(),
  deliveryFeeCents: z.number().int(),
  feesNetCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});
export type OrderPriceTotals = z.infer<typeof OrderPriceSchema>;

export const DraftOrderSchema = z.object({
  draftId: z.uuid(),
  companyId: z.string(),
  reason: CardIssueReasonSchema,
  orderType: OrderTypeSchema,
  product: CardCategorySchema,
  family: CardFamilySchema,
  draftOrderAlias: z.string(),
  invoiceComments: z.string(),
  deliveryPoint: DeliveryPointSchema.nullable(),
  bulkAmountCents: z.number().int().nullable(),
  expiringDate: z.string().nullable(),
  lines: z.array(DraftLineSchema),
  price: OrderPriceSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DraftOrder = z.infer<typeof DraftOrderSchema>;
export const DraftOrderResponseSchema = z.object({ success: z.literal(true), draftOrder: DraftOrderSchema });
export type DraftOrderResponse = z.infer<typeof DraftOrderResponseSchema>;

/** A draft in lists (/draft-orders). */
export const DraftSummarySchema = z.object({
  draftId: z.uuid(),
  reason: CardIssueReasonSchema,
  orderType: OrderTypeSchema,
  product: CardCategorySchema,
  family: CardFamilySchema,
  draftOrderAlias: z.string(),
  cards: z.number().int(),
  totalCents: z.number().int(),
  createdBy: z.string(),
  createdByName: z.string(),
  updatedAt: z.string(),
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;
/** `GET retrieveDraftOrders` (reads `draftOrders`; 404 with code 40 when there are none). */
export const DraftOrdersResponseSchema = z.object({
  success: z.literal(true),
  draftOrders: z.array(DraftSummarySchema),
  total: z.number().int(),
  isMaxReached: z.boolean(),
});
export type DraftOrdersResponse = z.infer<typeof DraftOrdersResponseSchema>;

/** `GET companyMaxDraftOrders`. */
export const CompanyMaxDraftOrdersResponseSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  max: z.number().int(),
  isMaxReached: z.boolean(),
});
export type CompanyMaxDraftOrdersResponse = z.infer<typeof CompanyMaxDraftOrdersResponseSchema>;

/** `POST orderPriceCalculation`: a saved draft, or lines not saved yet. */
export const OrderPriceRequestSchema = z.union([
  z.object({ draftId: z.uuid() }),
  z.object({
    orderType: OrderTypeSchema,
    product: CardCategorySchema,
    family: CardFamilySchema,
    lines: z
      .array(z.object({ tempCardId: z.string().min(1).max(64), amountCents: LoadAmountCentsSchema }))
      .max(10_000),
  }),
]);
export type OrderPriceRequest = z.input<typeof OrderPriceRequestSchema>;
export const OrderPriceResponseSchema = z.object({
  success: z.literal(true),
  price: OrderPriceSchema,
  lines: z.array(
    z.object({
      tempCardId: z.string(),
      loadCents: z.number().int(),
      cardFeeCents: z.number().int(),
      replacementFeeCents: z.number().int(),
      serviceFeeCents: z.number().int(),
    }),
  ),
});
export type OrderPriceResponse = z.infer<typeof OrderPriceResponseSchema>;

/** `POST readyToTopUp` (SPEC §7): body {product}; answers {success, draftId}. */
export const ReadyToTopUpRequestSchema = z.object({
  product: z.enum(TOP_UP_PRODUCTS),
  /**
   * Optional, beyond SPEC §7: a draft has one family, and Ticket Restaurant has two (TRC plastic,
   * TRZ virtual, as the bell counts them). Defaults to the product's first family (plastic for
   * Ticket Restaurant).
   */
  family: CardFamilySchema.optional(),
});
export type ReadyToTopUpRequest = z.infer<typeof ReadyToTopUpRequestSchema>;
export const ReadyToTopUpResponseSchema = z.object({ success: z.literal(true), draftId: z.uuid() });
export type ReadyToTopUpResponse = z.infer<typeof ReadyToTopUpResponseSchema>;

/** `POST checkCardholder`: likely duplicates of new cardholders among the company's. */
export const CheckCardholderRequestSchema = z.object({
  cardholders: z
    .array(
      z.object({
        tempCardId: z.string().min(1).max(64),
        firstName: z.string().max(100),
        lastName: z.string().max(100),
        email: z.string().max(254).default(''),
        employeeCode: z.string().max(40).default(''),
        taxId: z.string().max(20).default(''),
      }),
    )
    .min(1)
    .max(10_000),
});
export type CheckCardholderRequest = z.input<typeof CheckCardholderRequestSchema>;
export const DUPLICATE_REASONS = ['email', 'taxId', 'employeeCode', 'name'] as const;
export const CheckCardholderResponseSchema = z.object({
  success: z.literal(true),
  matches: z.array(
    z.object({
      tempCardId: z.string(),
      candidates: z.array(
        CardholderSchema.extend({ reasons: z.array(z.enum(DUPLICATE_REASONS)), cards: z.number().int() }),
      ),
    }),
  ),
});
export type CheckCardholderResponse = z.infer<typeof CheckCardholderResponseSchema>;

/** Complimentary and voucher bundles (SPEC §7): ready-made sets of anonymous cards of one value. */
export const BundleSchema = z.object({
  bundleId: z.string(),
  product: z.enum(['VOUCHER', 'COPMLIMENT']),
  family: CardFamilySchema,
  name: z.string(),
  denominationCents: z.number().int(),
  count: z.number().int(),
});
export type Bundle = z.infer<typeof BundleSchema>;
/** `GET retrieveComplimentaryBundles`, `GET retrieveVoucherBundles`. */
export const BundlesResponseSchema = z.object({ success: z.literal(true), bundles: z.array(BundleSchema) });
export type BundlesResponse = z.infer<typeof BundlesResponseSchema>;
/** `POST createBundleDraftOrder`: a NEW draft of `quantity` bundles' cards; answers like readyToTopUp. */
export const CreateBundleDraftRequestSchema = z.object({
  bundleId: z.string().min(1).max(40),
  quantity: z.number().int().min(1).max(50).default(1),
});
export type CreateBundleDraftRequest = z.input<typeof CreateBundleDraftRequestSchema>;
