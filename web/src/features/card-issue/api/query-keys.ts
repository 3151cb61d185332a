import type { CardFilterRequest, OrderPriceRequest } from '@tessera/domain';
import { DRAFTS_QUERY_ROOT } from '../../../lib/draft-orders';

/**
 * Query keys of the flow. Every key carries the company acted for. Drafts sit under the shared
 * drafts root, so saving or deleting a draft anywhere refreshes them; delivery points under the
 * accounts key the account pages invalidate.
 */
export const issueKeys = {
  draft: (companyId: string | null, draftId: string) =>
    [...DRAFTS_QUERY_ROOT, 'detail', companyId, draftId] as const,
  price: (companyId: string | null, request: OrderPriceRequest) =>
    ['orders', 'price', companyId, request] as const,
  pickerCards: (companyId: string | null, request: CardFilterRequest) =>
    ['card-issue', 'cards', companyId, request] as const,
  deliveryPoints: (companyId: string | null) => ['accounts', 'deliveryPoints', companyId, 'issue'] as const,
  bundles: (companyId: string | null, kind: 'voucher' | 'complimentary') =>
    ['orders', 'bundles', kind, companyId] as const,
};
