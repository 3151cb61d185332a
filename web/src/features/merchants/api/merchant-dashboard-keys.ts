import type { TransactionListQuery } from '@tessera/domain';
import { merchantKeys } from '../../../lib/query-keys';

/** Filters of the transaction list as the web sends them (no cursor, no page size). */
export type TransactionFilters = Omit<TransactionListQuery, 'cursor' | 'pageSize' | 'merchantId'>;

/**
 * The query keys of the dashboard, balance sheet and notifications (issue 16): under the merchant's
 * own root (`merchantKeys`), so switching merchant never shows the previous one's figures.
 */
export const merchantDashboardKeys = {
  kpis: (merchantId: string | null) => [...merchantKeys.all, merchantId, 'kpis'] as const,
  balance: (merchantId: string | null) => [...merchantKeys.all, merchantId, 'balance'] as const,
  settlements: (
    merchantId: string | null,
    input: { from?: string; to?: string; page: number; pageSize: number },
  ) => [...merchantKeys.all, merchantId, 'settlements', input] as const,
  transactions: (merchantId: string | null, filters: TransactionFilters, cursor: string | null) =>
    [...merchantKeys.all, merchantId, 'transactions', filters, cursor] as const,
  notifications: (merchantId: string | null) => [...merchantKeys.all, merchantId, 'notifications'] as const,
};
