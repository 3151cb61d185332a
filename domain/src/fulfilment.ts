import { z } from 'zod';
import { CardCategorySchema, CardFamilySchema, type CardCategory, type CardFamily } from './products';
import { OrderStatusSchema } from './order-api';
import { redactSecrets } from './redaction';

/**
 * Fulfilment of plastic-card orders (issue 18 §7; docs/decisions/026-fulfilment-and-client-logs.md):
 * provider staff group paid orders in production into production batches, hand each batch's
 * embossing file to the card bureau, then mark the orders shipped (courier, tracking number),
 * delivered, or returned by the courier.
 */

// ---------------------------------------------------------------------------------------------
// Latin capitals for the embossing machine (ELOT 743).

const GREEK: Record<string, string> = {
  Α: 'A',
  Β: 'V',
  Γ: 'G',
  Δ: 'D',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'I',
  Θ: 'TH',
  Ι: 'I',
  Κ: 'K',
  Λ: 'L',
  Μ: 'M',
  Ν: 'N',
  Ξ: 'X',
  Ο: 'O',
  Π: 'P',
  Ρ: 'R',
  Σ: 'S',
  Τ: 'T',
  Υ: 'Y',
  Φ: 'F',
  Χ: 'CH',
  Ψ: 'PS',
  Ω: 'O',
};
const GREEK_VOWELS = new Set(['Α', 'Ε', 'Η', 'Ι', 'Ο', 'Υ', 'Ω']);
/** ΑΥ and ΕΥ read AV/EV before these (and vowels), AF/EF otherwise. */
const VOICED = new Set(['Β', 'Γ', 'Δ', 'Ζ', 'Λ', 'Μ', 'Ν', 'Ρ']);
const DIAERESIS = '\u0308';

type Letter = { base: string; hasDiaeresis: boolean };

/** Letters in upper case with their marks removed, remembering the diaeresis (ΑΪ is not a digraph). */
function lettersOf(text: string): Letter[] {
  const letters: Letter[] = [];
  for (const char of text.normalize('NFD')) {
    if (/\p{M}/u.test(char)) {
      const last = letters.at(-1);
      if (last && char === DIAERESIS) last.hasDiaeresis = true;
      continue;
    }
    // ς uppercases to Σ; the German ß to SS.
    letters.push({ base: char.toUpperCase(), hasDiaeresis: false });
  }
  return letters;
}

/**
 * Greek → Latin capitals after ELOT 743 (the standard of Greek passports: ΟΥ → OU, ΑΥ → AV/AF,
 * ΜΠ → B at the start of a word…); other letters uppercased without accents.
 */
export function transliterateGreek(text: string): string {
  const letters = lettersOf(text);
  let out = '';
  const isWordStart = () => !/[A-Z0-9]$/.test(out);
  for (let i = 0; i < letters.length; i += 1) {
    const { base } = letters[i]!;
    const next = letters[i + 1];
    const isPlainNext = (char: string) => next?.base === char && !next.hasDiaeresis;
    const after = letters[i + 2]?.base ?? '';
    if (base === 'Ο' && isPlainNext('Υ')) {
      out += 'OU';
      i += 1;
    } else if ((base === 'Α' || base === 'Ε' || base === 'Η') && isPlainNext('Υ')) {
      const isVoiced = GREEK_VOWELS.has(after) || VOICED.has(after);
      out += GREEK[base] + (isVoiced ? 'V' : 'F');
      i += 1;
    } else if (base === 'Μ' && next?.base === 'Π') {
      out += isWordStart() ? 'B' : 'MP';
      i += 1;
    } else if (base === 'Ν' && next?.base === 'Τ') {
      out += isWordStart() ? 'D' : 'NT';
      i += 1;
    } else if (base === 'Γ' && (next?.base === 'Γ' || next?.base === 'Ξ' || next?.base === 'Χ')) {
      out += 'N';
    } else {
      out += GREEK[base] ?? base;
    }
  }
  return out;
}

/** The longest cardholder name the bureau embosses. */
export const EMBOSS_NAME_MAX = 26;
/** The longest second line (the company line of card printing, `EMBOSS_PATTERN`). */
export const EMBOSS_LINE_MAX = 21;

/** What fits the machine: `allowed` characters, others a space, spaces collapsed, cut at `max`. */
function fitEmboss(text: string, allowed: RegExp, max: number): string {
  return transliterateGreek(text).replace(allowed, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** The cardholder's name as embossed: Latin capitals, space, dot and hyphen only, at most 26. */
export function embossName(text: string): string {
  return fitEmboss(text, /[^A-Z .-]/g, EMBOSS_NAME_MAX);
}

/** The second embossed line (the company): Latin capitals, digits, space and . - & ' at most 21. */
export function embossCompanyLine(text: string): string {
  return fitEmboss(text, /[^A-Z0-9 .&'-]/g, EMBOSS_LINE_MAX);
}

/** A product's code on the bureau's file: the category and the family (`TICKET_RESTAURANT-PLASTIC`). */
export function bureauProductCode(product: CardCategory, family: CardFamily): string {
  return `${product}-${family.toUpperCase()}`;
}

// ---------------------------------------------------------------------------------------------
// The embossing file (ADR 026): `;`-separated, one header line, then one line per card.

export const EMBOSS_FILE_COLUMNS = [
  'BATCH_NO',
  'ORDER_NO',
  'LINE_NO',
  'EMBOSS_NAME',
  'EMBOSS_LINE2',
  'PRODUCT_CODE',
  'CARD_REF',
  'CARD_LAST4',
  'DELIVERY_CODE',
  'DELIVERY_NAME',
  'DELIVERY_ADDRESS',
  'DELIVERY_POSTCODE',
  'DELIVERY_CITY',
  'DELIVERY_CONTACT',
  'DELIVERY_PHONE',
] as const;
export type EmbossFileRow = Record<(typeof EMBOSS_FILE_COLUMNS)[number], string>;

/** A free-text field of the file: no separator, quote or line break, no card number or token. */
export function bureauField(text: string, max = 60): string {
  return redactSecrets(text)
    .replace(/[;"\r\n\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The whole file: header and rows joined by CRLF, as bureaus' Windows tools read them. */
export function embossFile(rows: readonly EmbossFileRow[]): string {
  const lines = [EMBOSS_FILE_COLUMNS.join(';')];
  for (const row of rows) lines.push(EMBOSS_FILE_COLUMNS.map((column) => bureauField(row[column])).join(';'));
  return `${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Couriers and the API.

export const COURIERS = ['ACS', 'ELTA_COURIER', 'GENIKI_TAXYDROMIKI', 'SPEEDEX'] as const;
export type Courier = (typeof COURIERS)[number];
export const CourierSchema = z.enum(COURIERS);
/** Couriers' own names: the same in both languages. */
export const COURIER_NAMES: Record<Courier, string> = {
  ACS: 'ACS Courier',
  ELTA_COURIER: 'ΕΛΤΑ Courier',
  GENIKI_TAXYDROMIKI: 'Γενική Ταχυδρομική',
  SPEEDEX: 'Speedex',
};

/** A courier's voucher number: letters, digits, spaces and dashes, 4 to 40. */
export const TrackingNumberSchema = z
  .string()
  .trim()
  .min(4)
  .max(40)
  .regex(/^[A-Za-z0-9 -]+$/);

/** Where a batch is: derived from its orders. */
export const BATCH_STATUSES = ['inProduction', 'partlyShipped', 'shipped', 'delivered'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export function batchStatusOf(orderStatuses: readonly string[]): BatchStatus {
  if (
    orderStatuses.length > 0 &&
    orderStatuses.every((status) => status === 'delivered' || status === 'loaded')
  )
    return 'delivered';
  const onTheWay = orderStatuses.filter((status) => status !== 'in_production').length;
  if (orderStatuses.length > 0 && onTheWay === orderStatuses.length) return 'shipped';
  return onTheWay > 0 ? 'partlyShipped' : 'inProduction';
}

/** A paid plastic-card order waiting in production, not in a batch yet. */
export const QueueOrderSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.number().int(),
  companyId: z.string(),
  companyName: z.string(),
  alias: z.string(),
  product: CardCategorySchema,
  family: CardFamilySchema,
  cards: z.number().int(),
  deliveryPointAlias: z.string(),
  deliveryCity: z.string(),
  paidAt: z.string().nullable(),
});
export type QueueOrder = z.infer<typeof QueueOrderSchema>;
export const FulfilmentQueueResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(QueueOrderSchema),
});

export const BatchOrderSchema = QueueOrderSchema.omit({ paidAt: true }).extend({
  status: OrderStatusSchema,
  courier: CourierSchema.nullable(),
  trackingNumber: z.string(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnReason: z.string(),
});
export type BatchOrder = z.infer<typeof BatchOrderSchema>;
export const ProductionBatchSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.number().int(),
  status: z.enum(BATCH_STATUSES),
  createdAt: z.string(),
  createdByName: z.string(),
  cards: z.number().int(),
  orders: z.array(BatchOrderSchema),
});
export type ProductionBatch = z.infer<typeof ProductionBatchSchema>;
export const ProductionBatchesResponseSchema = z.object({
  success: z.literal(true),
  batches: z.array(ProductionBatchSchema),
});
export const ProductionBatchResponseSchema = z.object({
  success: z.literal(true),
  batch: ProductionBatchSchema,
});

/** The most orders one request moves (a day's production is far less). */
export const MAX_ORDERS_PER_REQUEST = 200;
const OrderIdsSchema = z.array(z.uuid()).min(1).max(MAX_ORDERS_PER_REQUEST);

export const CreateBatchRequestSchema = z.object({ orderIds: OrderIdsSchema });
export type CreateBatchRequest = z.infer<typeof CreateBatchRequestSchema>;

export const ShipOrdersRequestSchema = z.object({
  courier: CourierSchema,
  shipments: z
    .array(z.object({ orderId: z.uuid(), trackingNumber: TrackingNumberSchema }))
    .min(1)
    .max(MAX_ORDERS_PER_REQUEST),
});
export type ShipOrdersRequest = z.infer<typeof ShipOrdersRequestSchema>;

export const DeliverOrdersRequestSchema = z.object({ orderIds: OrderIdsSchema });
export type DeliverOrdersRequest = z.infer<typeof DeliverOrdersRequestSchema>;

export const ReturnShipmentRequestSchema = z.object({
  orderId: z.uuid(),
  reason: z.string().trim().min(3).max(300),
});
export type ReturnShipmentRequest = z.infer<typeof ReturnShipmentRequestSchema>;

export const BatchIdParamsSchema = z.object({ batchId: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Merchants' supply orders (bags and stickers, ADR 017) shipped from the same page.

export const PendingSupplyOrderSchema = z.object({
  supplyOrderId: z.uuid(),
  merchantId: z.string(),
  merchantName: z.string(),
  storeName: z.string(),
  storeAddress: z.string(),
  bags: z.number().int(),
  stickers: z.number().int(),
  notes: z.string(),
  createdAt: z.string(),
});
export type PendingSupplyOrder = z.infer<typeof PendingSupplyOrderSchema>;
export const PendingSupplyOrdersResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(PendingSupplyOrderSchema),
});
export const ShipSupplyOrderRequestSchema = z.object({
  supplyOrderId: z.uuid(),
  courier: CourierSchema,
  trackingNumber: TrackingNumberSchema,
});
export type ShipSupplyOrderRequest = z.infer<typeof ShipSupplyOrderRequestSchema>;
