import { useMutation } from '@tanstack/react-query';
import { fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';

export const REQUEST_RESET_PATH = '/api/v2/identity/password/request-reset';

export type RequestResetResult =
  { ok: true } | { ok: false; isRateLimited: boolean; fieldErrors: FieldErrors<'email'> };

/**
 * `POST /api/v2/identity/password/request-reset`: the server answers the same for every address
 * (a reset link goes by email when the account exists), so the page always shows one confirmation.
 */
export async function requestPasswordReset(email: string): Promise<RequestResetResult> {
  const result = await request(REQUEST_RESET_PATH, {
    method: 'POST',
    body: { email },
    suppressGlobalError: isFormFailure(),
  });
  if (!result.error) return { ok: true };
  return {
    ok: false,
    isRateLimited: result.status === 429,
    fieldErrors: fieldErrorsOf(result.error, ['email'] as const),
  };
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
