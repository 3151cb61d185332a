import { ERROR_CODE, type ResetPasswordRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { errorCodeOf, fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';

export const RESET_PASSWORD_PATH = '/api/v2/identity/password/reset';

export type ResetPasswordResult =
  | { ok: true }
  | { ok: false; isInvalidLink: boolean; isRateLimited: boolean; fieldErrors: FieldErrors<'password'> };

/**
 * `POST /api/v2/identity/password/reset` with the emailed code (`code_type=token`, SPEC §7). The code
 * is single-use and expires; an unknown, used or expired one answers code 23.
 */
export async function resetPassword(input: ResetPasswordRequest): Promise<ResetPasswordResult> {
  const result = await request(RESET_PASSWORD_PATH, {
    method: 'POST',
    body: input,
    suppressGlobalError: isFormFailure([ERROR_CODE.TOKEN_INVALID_OR_EXPIRED, ERROR_CODE.WEAK_PASSWORD]),
  });
  if (!result.error) return { ok: true };
  const code = errorCodeOf(result.error);
  const fieldErrors = fieldErrorsOf(result.error, ['password'] as const);
  // The field's message names the broken rule (ADR 033); the code's message, all of them.
  if (code === ERROR_CODE.WEAK_PASSWORD && result.error !== true && result.error.errorMessage) {
    fieldErrors.password ??= result.error.errorMessage;
  }
  return {
    ok: false,
    isInvalidLink: code === ERROR_CODE.TOKEN_INVALID_OR_EXPIRED,
    isRateLimited: result.status === 429,
    fieldErrors,
  };
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
