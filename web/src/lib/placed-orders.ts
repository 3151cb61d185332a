import type { PaymentKind } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { MessageId } from '../i18n/messages';
import { DRAFTS_QUERY_ROOT, PLACED_ORDERS_QUERY_ROOT, draftKeys } from './query-keys';

/**
 * Submitted orders and their payments, shared by the card-issue flow's payment step and the orders
 * pages (SPEC §7 orders service; docs/decisions/010-orders-payments.md).
 */

/**
 * After a draft became an order: the drafts (list, count, the draft itself) and the orders are the
 * server's again.
 */
export async function refreshAfterSubmission(queryClient: QueryClient, draftId: string): Promise<void> {
  queryClient.removeQueries({
    queryKey: draftKeys.details,
    predicate: (query) => query.queryKey.includes(draftId),
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: DRAFTS_QUERY_ROOT }),
    queryClient.invalidateQueries({ queryKey: PLACED_ORDERS_QUERY_ROOT }),
  ]);
}

/** The payment methods of SPEC §3, by name. */
export const PAYMENT_METHOD_MESSAGE: Record<PaymentKind, MessageId> = {
  VISA: 'orders.method.visa',
  IRIS: 'orders.method.iris',
  RF: 'orders.method.rf',
};
