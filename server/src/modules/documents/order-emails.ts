import type { Locale } from '@tessera/domain';
import { formatOrderNumber } from './texts';

/**
 * The emails of an order's timeline, one per step, in the recipient's language. Their texts are CMS
 * content (`order-emails`, seeded from `db/seed/content/<locale>/order-emails.json`), so the
 * provider can reword them; this module only fills them in.
 */

export const ORDER_EMAIL_KINDS = [
  'awaitingApproval',
  'approvalRequested',
  'approved',
  'rejected',
  'awaitingPayment',
  'paymentFailed',
  'refundDue',
  'paid',
  'inProduction',
  'shipped',
  'delivered',
  'loaded',
  'unloaded',
  'cancelled',
  'proforma',
  /** The courier brought the cards back (ADR 026). */
  'returned',
  /** Nobody decided within the company's expiry days (ADR 032). */
  'approvalExpired',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

export type OrderEmailTemplate = { subject: string; text: string };
export type OrderEmailTemplates = Record<OrderEmailKind, OrderEmailTemplate>;

/**
 * Placeholders every order email uses: the salutation (`emailGreeting`: "Αγαπητή Μαρία,", "Dear
 * Maria,"), which order, and the link to it. `{firstName}` is filled too, for texts reworded in the
 * CMS that still name the person themselves.
 */
export const ORDER_EMAIL_COMMON_PLACEHOLDERS = ['greeting', 'order', 'orderUrl'] as const;

/**
 * The further placeholders each kind's text must use (the content check holds the CMS to them):
 * what the recipient needs to act on that step.
 */
export const ORDER_EMAIL_PLACEHOLDERS: Record<OrderEmailKind, readonly string[]> = {
  awaitingApproval: ['amount'],
  approvalRequested: ['amount', 'submitter'],
  approved: ['amount', 'approver'],
  rejected: ['approver', 'reason'],
  awaitingPayment: ['amount', 'rfCode', 'beneficiary', 'bankName', 'iban'],
  paymentFailed: ['amount', 'retryUrl'],
  refundDue: ['reason'],
  paid: ['amount'],
  inProduction: [],
  shipped: ['trackingNumber'],
  delivered: [],
  loaded: [],
  unloaded: ['amount'],
  cancelled: ['cancelledBy'],
  approvalExpired: ['days'],
  proforma: ['amount', 'rfCode'],
  returned: ['courier', 'trackingNumber', 'reason'],
};

/** The values of a template's placeholders; every placeholder it names must have one. */
export type OrderEmailValues = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

function fill(template: string, values: OrderEmailValues, missing: Set<string>): string {
  // One pass: a value that itself contains `{…}` (a reason typed by a user) is never re-read.
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) {
      missing.add(name);
      return whole;
    }
    return String(value);
  });
}

/**
 * Fills the template of one kind of order email. Pure: it throws when a placeholder of the template
 * has no value, so no email ever leaves with a `{placeholder}` in it.
 */
export function renderOrderEmail(
  templates: OrderEmailTemplates,
  kind: OrderEmailKind,
  values: OrderEmailValues,
): OrderEmailTemplate {
  const template = templates[kind];
  const missing = new Set<string>();
  const subject = fill(template.subject, values, missing);
  const text = fill(template.text, values, missing);
  if (missing.size > 0) {
    throw new Error(`order email ${kind}: no value for {${[...missing].join('}, {')}}`);
  }
  return { subject, text };
}

/**
 * How the emails name an order (the `{order}` placeholder): its number, then its name when it has
 * one, quoted as the language quotes: `#1042 «Μισθοδοσία Νοεμβρίου»`, `#1042 “November payroll”`.
 */
export function orderLabel(order: { orderNumber: number; draftOrderAlias: string }, locale: Locale): string {
  const number = formatOrderNumber(order.orderNumber);
  const alias = order.draftOrderAlias.trim();
  if (!alias) return number;
  return locale === 'el' ? `${number} «${alias}»` : `${number} “${alias}”`;
}
