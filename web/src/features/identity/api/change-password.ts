import { ERROR_CODE, type ChangePasswordRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { errorCodeOf, fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';

export const CHANGE_PASSWORD_PATH = '/api/v2/identity/password/change';

export type ChangePasswordResult =
  { ok: true } | { ok: false; fieldErrors: FieldErrors<keyof ChangePasswordRequest> };

/**
 * `POST /api/v2/identity/password/change`: the current browser stays signed in; every other session
 * and token of the user is revoked (ADR 005). A wrong current password (25) or a weak new one (24)
 * come back naming their field.
 */
export async function changePassword(input: ChangePasswordRequest): Promise<ChangePasswordResult> {
  const result = await request(CHANGE_PASSWORD_PATH, {
    method: 'POST',
    body: input,
    suppressGlobalError: isFormFailure([ERROR_CODE.WRONG_CURRENT_PASSWORD, ERROR_CODE.WEAK_PASSWORD]),
  });
  if (!result.error) return { ok: true };
  const fieldErrors = fieldErrorsOf(result.error, ['currentPassword', 'newPassword'] as const);
  // The catalogue's message for a wrong current password says more than the field's generic one.
  const code = errorCodeOf(result.error);
  const message = result.error === true ? '' : result.error.errorMessage;
  if (code === ERROR_CODE.WRONG_CURRENT_PASSWORD && message) fieldErrors.currentPassword = message;
  // A weak password: the field's message names the broken rule (ADR 033); the code's, all of them.
  if (code === ERROR_CODE.WEAK_PASSWORD && message) fieldErrors.newPassword ??= message;
  return { ok: false, fieldErrors };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
