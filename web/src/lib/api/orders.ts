import { ROLE, type PaymentKind, type RoleId, type SubmitOrderResponse } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import { DRAFTS_QUERY_ROOT, draftKeys, PLACED_ORDERS_QUERY_ROOT } from '../query-keys';
import { request } from '../request';
import { ORDERS_API, contextOptions, type RequestContext } from '../request-context';

/**
 * Submitting a draft as an order (SPEC §7 orders service, ADR 010): shared by the card-issue flow's
 * payment step and the payment manager's and finance user's lists of drafts.
 */

export const SUBMIT_PAYMENT_OM_PATH = `${ORDERS_API}/submitPaymentOm`;
export const SUBMIT_ORDER_FINANCE_USER_PATH = `${ORDERS_API}/submitOrderFinanceUser`;
export const SUBMIT_ORDER_PAYMENT_MANAGER_PATH = `${ORDERS_API}/submitOrderPaymentManager`;

/**
 * Who submits a draft, and so through which call (SPEC §7, ADR 010):
 * - `orderManager`: `submitPaymentOm` {draftId, method} submits and, unless the order waits for
 *   approval, starts its payment with the chosen method;
 * - `financeUser`: `submitOrderFinanceUser` {draftId}: the order then awaits payment;
 * - `paymentManager`: `submitOrderPaymentManager` {draftId} (provider staff submit this way too:
 *   they are approvers, so their orders skip approval).
 */
export type Submitter = 'orderManager' | 'financeUser' | 'paymentManager';

export function submitterOf(roleId: RoleId | undefined): Submitter | null {
  switch (roleId) {
    case ROLE.ORDER_MANAGER:
      return 'orderManager';
    case ROLE.FINANCE_USER:
      return 'financeUser';
    case ROLE.PAYMENT_MANAGER:
    case ROLE.ADMIN:
    case ROLE.CUSTOMER_CARE:
      return 'paymentManager';
    default:
      return null;
  }
}

export type SubmitDraftInput =
  | { submitter: 'orderManager'; draftId: string; method: PaymentKind }
  | { submitter: 'financeUser' | 'paymentManager'; draftId: string };

/**
 * Submits a draft as an order. `idempotencyKey` is the user action's (`useIdempotencyKeys`): a
 * retry after a lost answer cannot submit twice. A failure shows the global error (the catalogue's
 * text for the code, e.g. 70: the draft changed state) and answers null.
 */
export async function submitDraftOrder(
  input: SubmitDraftInput,
  context: RequestContext,
  idempotencyKey: string,
): Promise<SubmitOrderResponse | null> {
  const path =
    input.submitter === 'orderManager'
      ? SUBMIT_PAYMENT_OM_PATH
      : input.submitter === 'financeUser'
        ? SUBMIT_ORDER_FINANCE_USER_PATH
        : SUBMIT_ORDER_PAYMENT_MANAGER_PATH;
  const body =
    input.submitter === 'orderManager'
      ? { draftId: input.draftId, method: input.method }
      : { draftId: input.draftId };
  const result = await request<SubmitOrderResponse>(path, {
    ...contextOptions(context, { 'Idempotency-Key': idempotencyKey }),
    method: 'POST',
    body,
  });
  return result.error ? null : result.data;
}

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
