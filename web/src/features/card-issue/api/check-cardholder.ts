import type { CheckCardholderRequest, CheckCardholderResponse } from '@tessera/domain';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, type RequestContext } from '../../../lib/request-context';

export const CHECK_CARDHOLDER_PATH = `${ORDERS_API}/checkCardholder`;

/**
 * `POST checkCardholder`: the company's cardholders who are likely the same people as the new ones
 * (same email, tax id, employee code or name). Null when the check failed (the global error said
 * why).
 */
export async function checkCardholder(
  input: CheckCardholderRequest,
  context: RequestContext,
): Promise<CheckCardholderResponse['matches'] | null> {
  const result = await request<CheckCardholderResponse>(CHECK_CARDHOLDER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
  });
  return result.error ? null : result.data.matches;
}
