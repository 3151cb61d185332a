import { z } from 'zod';
import {
  INVOICE_KINDS,
  InvoiceDocumentTypeSchema,
  InvoiceLineKindSchema,
  InvoiceStateSchema,
} from './invoicing';
import { LOCALES } from './locale';
import { DateOnlySchema } from './text';

/**
 * A customer's own invoices and credit notes (issue 37 §4): a company's (the fees of its paid
 * orders: `/api/v1/orders/invoices…`, its order manager, finance users and provider staff) and a
 * merchant's (commission, terminal rentals, bags and stickers: `/api/v1/merchants/invoices…`, its
 * users and provider staff). Always the customer's the request acts for, never another's.
 */

/** One document in a customer's lists. */
export const CustomerInvoiceSchema = z.object({
  invoiceId: z.uuid(),
  /** As printed and searched: `TPY-1042`. */
  number: z.string(),
  documentType: InvoiceDocumentTypeSchema,
  /** `YYYY-MM-DD`, the document's date (Athens). */
  issueDate: z.string(),
  state: InvoiceStateSchema,
  /** Issued while AADE could not be reached: it carries (or will carry) the transmission-failure flag. */
  isTransmissionFailure: z.boolean(),
  /** AADE's MARK, once it gave one. */
  mark: z.string().nullable(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  grossCents: z.number().int(),
  /** The order whose fees it charges (a company's documents). */
  orderId: z.uuid().nullable(),
  orderNumber: z.number().int().nullable(),
  /** The invoice a credit note credits. */
  credits: z.object({ invoiceId: z.uuid(), number: z.string() }).nullable(),
  /** What it charges, each kind of line once, in the order of its lines. */
  lineKinds: z.array(InvoiceLineKindSchema),
});
export type CustomerInvoice = z.infer<typeof CustomerInvoiceSchema>;

const Page = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

/** The filters of a customer's documents: period (issue dates, inclusive), invoices or credit notes. */
const Filters = {
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
};

/** `GET /api/v1/orders/invoices`: the company's documents, newest first, a page at a time. */
export const CompanyInvoicesQuerySchema = z.object({
  ...Filters,
  /** Only the documents of one order (its invoice, and the credit notes of it). */
  orderId: z.uuid().optional(),
  ...Page,
});
export type CompanyInvoicesQuery = z.input<typeof CompanyInvoicesQuerySchema>;

/**
 * `GET /api/v1/orders/invoices/export`: the same documents as a spreadsheet for the company's
 * accountant. A plain link: the company (and the file's language) come in the query.
 */
export const CompanyInvoicesExportQuerySchema = z.object({
  ...Filters,
  orderId: z.uuid().optional(),
  companyId: z.string().max(40).optional(),
  lang: z.enum(LOCALES).optional(),
});
export type CompanyInvoicesExportQuery = z.input<typeof CompanyInvoicesExportQuerySchema>;

/** `GET /api/v1/merchants/invoices`: the merchant's documents, newest first, a page at a time. */
export const MerchantInvoicesQuerySchema = z.object({ ...Filters, ...Page });
export type MerchantInvoicesQuery = z.input<typeof MerchantInvoicesQuerySchema>;

export const CustomerInvoicesResponseSchema = z.object({
  success: z.literal(true),
  invoices: z.array(CustomerInvoiceSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomerInvoicesResponse = z.infer<typeof CustomerInvoicesResponseSchema>;

/** `GET /api/v1/orders/invoices/ofOrder?orderId=`: an order's invoice and its credit notes. */
export const OrderInvoicesQuerySchema = z.object({ orderId: z.uuid() });
export const OrderInvoicesResponseSchema = z.object({
  success: z.literal(true),
  invoices: z.array(CustomerInvoiceSchema),
});
export type OrderInvoicesResponse = z.infer<typeof OrderInvoicesResponseSchema>;

/** One document of the customer, as a path parameter. */
export const InvoiceIdParamsSchema = z.object({ invoiceId: z.uuid() });

/**
 * A document's downloads (`…/invoices/:invoiceId/pdf`, `…/xml`) are plain links: provider staff
 * name the company or merchant in the query; `lang=en` prints English beside the Greek.
 */
export const CompanyInvoiceFileQuerySchema = z.object({
  companyId: z.string().max(40).optional(),
  lang: z.enum(LOCALES).optional(),
});
export const MerchantInvoiceFileQuerySchema = z.object({
  merchantId: z.string().max(40).optional(),
  lang: z.enum(LOCALES).optional(),
});
