import type { MerchantTransaction } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { merchantDashboardKeys, type TransactionFilters } from './merchant-dashboard-keys';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const MERCHANT_TRANSACTIONS_PATH = `${MERCHANTS_API}/retrieveTransactionList`;
export const DOWNLOAD_TRANSACTIONS_PATH = `${MERCHANTS_API}/downloadTransactionsList`;
export const TRANSACTIONS_PAGE_SIZE = 25;

export type TransactionPage = { transactions: MerchantTransaction[]; nextCursor: string | null };

/** The filters as query parameters (empty ones left out). */
export function transactionSearch(filters: TransactionFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (typeof value === 'string' && value !== '') search.set(name, value);
  }
  return search;
}

/** `GET retrieveTransactionList`: one page after `cursor` (keyset pagination, newest first). */
export function getMerchantTransactions(
  context: MerchantContext,
  filters: TransactionFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const search = transactionSearch(filters);
  search.set('pageSize', String(TRANSACTIONS_PAGE_SIZE));
  if (cursor) search.set('cursor', cursor);
  return requestOrThrow<TransactionPage>(`${MERCHANT_TRANSACTIONS_PATH}?${search}`, {
    ...merchantOptions(context),
    signal,
  });
}

export const merchantTransactionsQueryOptions = (
  context: MerchantContext,
  filters: TransactionFilters,
  cursor: string | null,
) =>
  queryOptions({
    queryKey: merchantDashboardKeys.transactions(context.merchantId, filters, cursor),
    queryFn: ({ signal }) => getMerchantTransactions(context, filters, cursor, signal),
    placeholderData: keepPreviousData,
  });

export function useMerchantTransactions(
  context: MerchantContext,
  filters: TransactionFilters,
  cursor: string | null,
) {
  return useQuery(merchantTransactionsQueryOptions(context, filters, cursor));
}

/**
 * `GET downloadTransactionsList` as a plain link: the same filters, the file's format and language
 * (a link carries no headers, so provider staff name the merchant in it too).
 */
export function transactionsDownloadHref(
  context: MerchantContext,
  filters: TransactionFilters,
  format: 'xlsx' | 'csv',
): string {
  const search = transactionSearch(filters);
  search.set('format', format);
  search.set('lang', context.locale);
  if (context.merchantId) search.set('merchantId', context.merchantId);
  return `${DOWNLOAD_TRANSACTIONS_PATH}?${search}`;
}
