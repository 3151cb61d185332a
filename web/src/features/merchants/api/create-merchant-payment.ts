import { request } from '../../../lib/request';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const CREATE_MERCHANT_PAYMENT_PATH = `${MERCHANTS_API}/createMerchantPayment`;

/**
 * `POST createMerchantPayment {chargeIds?}`: a card payment of the open charges (all when none are
 * named) at the sandbox bank; the browser then goes to `redirectUrl`, and the bank sends it back
 * to `/merchant/payment/success` or `/failure`. `idempotencyKey` is the user's action: a second
 * click after a lost answer gets the same payment. A failure shows the global error and answers null.
 */
export async function createMerchantPayment(
  input: { chargeIds?: string[] },
  context: MerchantContext,
  idempotencyKey: string,
): Promise<{ paymentId: string; redirectUrl: string } | null> {
  const result = await request<{ paymentId: string; redirectUrl: string }>(CREATE_MERCHANT_PAYMENT_PATH, {
    method: 'POST',
    body: input,
    ...merchantOptions(context, { 'Idempotency-Key': idempotencyKey }),
  });
  return result.error ? null : result.data;
}
