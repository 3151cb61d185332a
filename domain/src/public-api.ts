import { z } from 'zod';
import { BULK_PURPOSES } from './bulk';
import { NewCardholderSchema } from './orders';
import { OrderDetailsSchema, OrderStatusSchema, OrderSummarySchema } from './order-api';
import { PaymentInstructionsSchema, PaymentKindSchema } from './payments';
import { CardCategorySchema, CardFamilySchema, CardStatusSchema, LoadAmountCentsSchema } from './products';
import { DateOnlySchema } from './text';
import {
  InvoiceDocumentTypeSchema,
  InvoiceLineKindSchema,
  InvoiceStateSchema,
  INVOICE_KINDS,
} from './invoicing';

/**
 * The public API's resources (issue 22 §2, ADR 037): what a company's payroll or HR system reads
 * and sends under `/api/public/v1`. Lists are pages with an opaque cursor (`nextCursor`, null on
 * the last page); money is integer cents; every POST carries an `Idempotency-Key`.
 */

/** The most lines one bulk load carries: one draft's worth (the Excel path splits more into drafts). */
export const PUBLIC_BULK_MAX_LINES = 10_000;

/** An opaque page cursor: what the previous page answered as `nextCursor`. */
const Cursor = z.string().trim().min(1).max(200);

const PageQuery = {
  cursor: Cursor.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
};

export const PublicCardholderSchema = z.object({
  cardholderId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  employeeCode: z.string(),
  taxId: z.string(),
  createdAt: z.string(),
});
export type PublicCardholder = z.infer<typeof PublicCardholderSchema>;

export const PublicCardSchema = z.object({
  cardId: z.uuid(),
  /** The card number masked (first six and last four digits): never the whole number. */
  maskedNumber: z.string(),
  cardName: z.string(),
  product: CardCategorySchema,
  family: CardFamilySchema,
  status: CardStatusSchema,
  expiryDate: z.string(),
  balanceCents: z.number().int(),
  cardholder: PublicCardholderSchema.omit({ createdAt: true }),
  createdAt: z.string(),
});
export type PublicCard = z.infer<typeof PublicCardSchema>;

export const PublicCardsQuerySchema = z.object({
  ...PageQuery,
  status: CardStatusSchema.optional(),
  product: CardCategorySchema.optional(),
  family: CardFamilySchema.optional(),
  cardholderId: z.uuid().optional(),
  /** Cards expiring on or before this day (`YYYY-MM-DD`). */
  expiresBefore: DateOnlySchema.optional(),
});
export type PublicCardsQuery = z.output<typeof PublicCardsQuerySchema>;

export const PublicCardsPageSchema = z.object({
  data: z.array(PublicCardSchema),
  nextCursor: z.string().nullable(),
});

export const PublicCardholdersQuerySchema = z.object({
  ...PageQuery,
  employeeCode: z.string().trim().min(1).max(40).optional(),
  email: z.string().trim().min(1).max(254).optional(),
});
export type PublicCardholdersQuery = z.output<typeof PublicCardholdersQuerySchema>;

export const PublicCardholdersPageSchema = z.object({
  data: z.array(PublicCardholderSchema),
  nextCursor: z.string().nullable(),
});

export const PublicCreateCardholderSchema = NewCardholderSchema;
export type PublicCreateCardholder = z.output<typeof PublicCreateCardholderSchema>;

export const PublicCardIdParamsSchema = z.object({ cardId: z.uuid() });
export const PublicOrderIdParamsSchema = z.object({ orderId: z.uuid() });

/** One line of an order made through the API: a load of an existing card, or a new card. */
export const PublicOrderLineSchema = z.object({
  /** The company's card to load (a load order). */
  cardId: z.uuid().optional(),
  /** A new card for an existing cardholder (a new-card order)… */
  cardholderId: z.uuid().optional(),
  /** …or for a new one. */
  cardholder: NewCardholderSchema.optional(),
  cardName: z.string().trim().max(26).default(''),
  amountCents: LoadAmountCentsSchema,
});
export type PublicOrderLine = z.output<typeof PublicOrderLineSchema>;

/** `POST /orders`: a load or new-card order of one product and family, submitted at once or kept as a draft. */
export const PublicCreateOrderSchema = z.object({
  type: z.enum(['load', 'new']),
  product: CardCategorySchema,
  family: CardFamilySchema,
  alias: z.string().trim().max(70).default(''),
  invoiceComments: z.string().trim().max(500).default(''),
  /** Where new plastic cards are delivered (the company's delivery point). */
  deliveryPointId: z.uuid().nullable().default(null),
  lines: z.array(PublicOrderLineSchema).min(1).max(PUBLIC_BULK_MAX_LINES),
  /** How the order is paid once submitted; `RF` (bank transfer) or `IRIS`. Null keeps a draft. */
  paymentMethod: PaymentKindSchema.exclude(['VISA']).nullable().default('RF'),
});
export type PublicCreateOrder = z.output<typeof PublicCreateOrderSchema>;

/** One line of a bulk load: the columns of the Excel template, amounts in cents. */
export const PublicBulkLineSchema = z.object({
  /** `load` or `new` (needed only when a request mixes both). */
  action: z.enum(['load', 'new']).optional(),
  cardId: z.string().max(64).optional(),
  last4: z.string().max(8).optional(),
  product: z.string().max(40).optional(),
  family: z.string().max(40).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(30).optional(),
  employeeCode: z.string().max(40).optional(),
  taxId: z.string().max(20).optional(),
  cardName: z.string().max(26).optional(),
  amountCents: z.number().int().min(0).max(1_000_000_000),
});
export type PublicBulkLine = z.infer<typeof PublicBulkLineSchema>;

/** `POST /loads/bulk`: up to 10,000 lines, judged by the Excel bulk path's rules. */
export const PublicBulkLoadSchema = z.object({
  purpose: z.enum(BULK_PURPOSES).default('load'),
  alias: z.string().trim().max(70).default(''),
  invoiceComments: z.string().trim().max(500).default(''),
  deliveryPointId: z.uuid().nullable().default(null),
  lines: z.array(PublicBulkLineSchema).min(1).max(PUBLIC_BULK_MAX_LINES),
  paymentMethod: PaymentKindSchema.exclude(['VISA']).nullable().default('RF'),
});
export type PublicBulkLoad = z.output<typeof PublicBulkLoadSchema>;

/** What an order request made: its drafts (kept) or orders (submitted), with how to pay them. */
export const PublicOrdersCreatedSchema = z.object({
  drafts: z.array(
    z.object({
      draftId: z.uuid(),
      product: CardCategorySchema,
      family: CardFamilySchema,
      lines: z.number().int(),
    }),
  ),
  orders: z.array(
    z.object({
      order: OrderSummarySchema,
      payment: PaymentInstructionsSchema.nullable(),
    }),
  ),
});
export type PublicOrdersCreated = z.infer<typeof PublicOrdersCreatedSchema>;

export const PublicSubmitDraftSchema = z.object({
  paymentMethod: PaymentKindSchema.exclude(['VISA']).nullable().default('RF'),
});
export const PublicDraftIdParamsSchema = z.object({ draftId: z.uuid() });

export const PublicOrdersQuerySchema = z.object({
  ...PageQuery,
  status: OrderStatusSchema.optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
});
export type PublicOrdersQuery = z.output<typeof PublicOrdersQuerySchema>;

export const PublicOrdersPageSchema = z.object({
  data: z.array(OrderSummarySchema),
  nextCursor: z.string().nullable(),
});

export const PublicOrderSchema = OrderDetailsSchema.omit({ actions: true });

export const PublicBalanceSchema = z.object({
  companyId: z.string(),
  /** Money the provider holds for the company (unloaded cards), usable for later orders. */
  heldCents: z.number().int(),
  /** What the company's live cards hold together. */
  cardsBalanceCents: z.number().int(),
  liveCards: z.number().int(),
  /** Submitted orders waiting for payment. */
  awaitingPaymentCents: z.number().int(),
  at: z.string(),
});
export type PublicBalance = z.infer<typeof PublicBalanceSchema>;

export const PublicStatementQuerySchema = z.object({
  ...PageQuery,
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
});
export type PublicStatementQuery = z.output<typeof PublicStatementQuerySchema>;

/** One money movement of the company, as the ledger posted it. */
export const PublicStatementEntrySchema = z.object({
  transactionId: z.uuid(),
  kind: z.string(),
  reference: z.string(),
  description: z.string(),
  postedAt: z.string(),
  /** Into the company's cards (a load is positive, an unload negative). */
  cardsCents: z.number().int(),
  /** Into the money held for the company. */
  heldCents: z.number().int(),
});

export const PublicStatementPageSchema = z.object({
  data: z.array(PublicStatementEntrySchema),
  nextCursor: z.string().nullable(),
});

// ------------------------------------------------------------------------------ invoices (issue 37 §5)

/** Where the public API serves a company's documents, below the portal's origin. */
export const PUBLIC_API_PREFIX = '/api/public/v1';

/**
 * The addresses of one document in the public API (issue 37 §5): itself as JSON, and its downloads
 * — the myDATA XML (the `InvoicesDoc` as sent to AADE), the PDF and the UBL (EN 16931) XML. The
 * `invoice.issued` webhook carries them too. `origin` is the portal's public address.
 */
export function publicInvoiceLinks(origin: string, invoiceId: string) {
  const self = `${origin.replace(/\/$/, '')}${PUBLIC_API_PREFIX}/invoices/${encodeURIComponent(invoiceId)}`;
  return { self, mydataXml: `${self}/mydata`, pdf: `${self}/pdf`, ubl: `${self}/ubl` };
}

export const PublicInvoiceLinksSchema = z.object({
  self: z.string(),
  mydataXml: z.string(),
  pdf: z.string(),
  ubl: z.string(),
});

export const PublicInvoicesQuerySchema = z.object({
  ...PageQuery,
  /** Issue dates (Athens calendar days), both included. */
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  /** Invoices only, or credit notes only; both by default. */
  kind: z.enum(INVOICE_KINDS).optional(),
});
export type PublicInvoicesQuery = z.output<typeof PublicInvoicesQuerySchema>;

export const PublicInvoiceLineSchema = z.object({
  lineNumber: z.number().int(),
  kind: InvoiceLineKindSchema,
  /** The printed description in Greek and in English. */
  descriptionEl: z.string(),
  descriptionEn: z.string(),
  quantity: z.number().int().nullable(),
  netCents: z.number().int(),
  /** myDATA's VAT category (1: 24 %). */
  vatCategory: z.number().int(),
  vatCents: z.number().int(),
});

/** One of the company's invoices or credit notes, as issued to it and sent to AADE's myDATA. */
export const PublicInvoiceSchema = z.object({
  invoiceId: z.uuid(),
  /** As printed: series and number, `TPY-1042`. */
  number: z.string(),
  series: z.string(),
  sequenceNumber: z.number().int(),
  kind: z.enum(INVOICE_KINDS),
  /** myDATA's document type: 2.1 services invoice, 1.1 sales invoice, 5.1 credit note. */
  documentType: InvoiceDocumentTypeSchema,
  issueDate: z.string(),
  /** Where it stands with AADE: `transmitted` once it has its MARK. */
  state: InvoiceStateSchema,
  currency: z.string(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  /** AADE's MARK and UID, and the QR code's address, once transmitted. */
  mark: z.string().nullable(),
  uid: z.string().nullable(),
  qrUrl: z.string().nullable(),
  /** The order whose fees it charges (an invoice of an order). */
  orderId: z.string().nullable(),
  /** The invoice a credit note credits. */
  correlatedInvoiceId: z.string().nullable(),
  /** The provider's ΑΦΜ and the company as the document names it. */
  issuerVat: z.string(),
  customer: z.object({ name: z.string(), vatNumber: z.string() }),
  lines: z.array(PublicInvoiceLineSchema),
  links: PublicInvoiceLinksSchema,
});
export type PublicInvoice = z.infer<typeof PublicInvoiceSchema>;

export const PublicInvoicesPageSchema = z.object({
  data: z.array(PublicInvoiceSchema),
  nextCursor: z.string().nullable(),
});
export type PublicInvoicesPage = z.infer<typeof PublicInvoicesPageSchema>;

export const PublicInvoiceIdParamsSchema = z.object({ invoiceId: z.uuid() });
