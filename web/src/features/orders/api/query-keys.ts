import type { OrderHistoryRequest } from '@tessera/domain';
import { PLACED_ORDERS_QUERY_ROOT } from '../../../lib/placed-orders';

/**
 * Query keys of the orders pages. Every key carries the company acted for and sits under the
 * placed-orders root, so submitting, paying, approving or cancelling anywhere refreshes them all.
 */
export const orderKeys = {
  history: (companyId: string | null, request: OrderHistoryRequest) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'history', companyId, request] as const,
  details: (companyId: string | null, orderId: string) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'details', companyId, orderId] as const,
  cards: (companyId: string | null, orderId: string, page: number) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'cards', companyId, orderId, page] as const,
  overview: (companyId: string | null) => [...PLACED_ORDERS_QUERY_ROOT, 'overview', companyId] as const,
  apmLoops: (companyId: string | null) => [...PLACED_ORDERS_QUERY_ROOT, 'apmLoops', companyId] as const,
  payment: (companyId: string | null, paymentId: string) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'payment', companyId, paymentId] as const,
  approvalSettings: (companyId: string | null) =>
    [...PLACED_ORDERS_QUERY_ROOT, 'approvalSettings', companyId] as const,
};
