import type { InvoiceKind, Locale } from '@tessera/domain';
import { PLACED_ORDERS_QUERY_ROOT, merchantKeys } from '../../../lib/query-keys';
import { ORDERS_API } from '../../../lib/request-context';

/** The company's documents (`/api/v1/orders/invoices…`) and the merchant's (`/api/v1/merchants/invoices…`). */
export const COMPANY_INVOICES_PATH = `${ORDERS_API}/invoices`;
export const ORDER_INVOICES_PATH = `${ORDERS_API}/invoices/ofOrder`;
export const COMPANY_INVOICES_EXPORT_PATH = `${ORDERS_API}/invoices/export`;
export const MERCHANT_INVOICES_PATH = '/api/v1/merchants/invoices';

/** The filters of the company's list: issue dates (inclusive) and invoices or credit notes. */
export type InvoiceFilters = { from: string | null; to: string | null; kind: InvoiceKind | null };
export const NO_FILTERS: InvoiceFilters = { from: null, to: null, kind: null };
export const INVOICES_PAGE_SIZE = 10;

/**
 * The query keys: a company's under the placed orders' root (an order paid or changed refreshes
 * its invoices too), a merchant's under the merchant's; each carries the customer, so another
 * company's or merchant's documents never show from the cache.
 */
export const invoiceKeys = {
  company: (companyId: string | null, filters: InvoiceFilters, page: number) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'invoices', companyId, filters, page] as const,
  order: (companyId: string | null, orderId: string) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'invoices', companyId, 'order', orderId] as const,
  merchant: (merchantId: string | null, page: number) =>
    [...merchantKeys.all, merchantId, 'invoices', page] as const,
};

/** The party a plain link names: links carry no headers, so the company or merchant goes in the query. */
export type Party = { companyId: string } | { merchantId: string } | null;

function search(party: Party, locale: Locale, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(extra);
  if (party && 'companyId' in party) query.set('companyId', party.companyId);
  if (party && 'merchantId' in party) query.set('merchantId', party.merchantId);
  query.set('lang', locale);
  return query.toString();
}

/** A document's PDF and myDATA XML, as plain links. */
export function documentHref(
  base: typeof COMPANY_INVOICES_PATH | typeof MERCHANT_INVOICES_PATH,
  invoiceId: string,
  file: 'pdf' | 'xml',
  party: Party,
  locale: Locale,
): string {
  return `${base}/${encodeURIComponent(invoiceId)}/${file}?${search(party, locale)}`;
}

/** The accountant's spreadsheet of the documents the filters show. */
export function exportHref(companyId: string | null, filters: InvoiceFilters, locale: Locale): string {
  const extra: Record<string, string> = {};
  if (filters.from) extra.from = filters.from;
  if (filters.to) extra.to = filters.to;
  if (filters.kind) extra.kind = filters.kind;
  return `${COMPANY_INVOICES_EXPORT_PATH}?${search(companyId ? { companyId } : null, locale, extra)}`;
}
