import type { TerminalAnswer, VirtualPurchaseRequest } from '@tessera/domain';
import { request } from '../../../lib/request';
import { MERCHANTS_API, merchantOptions, type MerchantContext } from './merchant-context';

export const VIRTUAL_PURCHASE_PATH = `${MERCHANTS_API}/virtualTerminal/authorise`;

/**
 * `POST virtualTerminal/authorise`: a purchase on one of the merchant's terminals. `idempotencyKey`
 * is the attempt's: sending the same attempt again (a lost answer) gets the first answer and moves
 * no money twice. A decline is an answer (200), not a failure; a failure shows the global error and
 * answers null.
 */
export async function authoriseVirtualPurchase(
  input: VirtualPurchaseRequest,
  context: MerchantContext,
  idempotencyKey: string,
): Promise<TerminalAnswer | null> {
  const result = await request<{ answer: TerminalAnswer }>(VIRTUAL_PURCHASE_PATH, {
    method: 'POST',
    body: input,
    ...merchantOptions(context, { 'Idempotency-Key': idempotencyKey }),
  });
  return result.error ? null : result.data.answer;
}
