import type {
  CreatePaymentOrderRequest,
  PaymentInstructions,
  PaymentInstructionsResponse,
} from '@tessera/domain';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, type RequestContext } from '../../../lib/request-context';

export const CREATE_PAYMENT_ORDER_PATH = `${ORDERS_API}/createPaymentOrder`;

/**
 * `POST createPaymentOrder` {orderId, method}: starts a payment of an order awaiting payment and
 * answers what to do (VISA: the bank's page; RF and IRIS: what to transfer). `idempotencyKey` is
 * the user action's. A failure shows the global error and answers null.
 */
export async function createPaymentOrder(
  input: CreatePaymentOrderRequest,
  context: RequestContext,
  idempotencyKey: string,
): Promise<PaymentInstructions | null> {
  const result = await request<PaymentInstructionsResponse>(CREATE_PAYMENT_ORDER_PATH, {
    ...contextOptions(context, { 'Idempotency-Key': idempotencyKey }),
    method: 'POST',
    body: input,
  });
  return result.error ? null : result.data.payment;
}
