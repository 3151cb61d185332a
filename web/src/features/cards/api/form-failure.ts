import type { ErrorBody } from '@tessera/domain';
import { isFormFailure } from '../../../lib/form-errors';

/**
 * A form's failed save. `fieldErrors` go beside their fields. `message` is set when the form handles
 * the failure itself (`isFormFailure`: the global error stays quiet) but names no field the form
 * shows (too many requests, say), so the form says it instead of saying nothing.
 */
export type FormFailure<E> = { ok: false; fieldErrors: E; message: string | null };

export const isCardFormFailure = isFormFailure();

export function formFailureOf<E extends object>(
  result: { error: ErrorBody | true; status: number; path: string },
  fieldErrors: E,
): FormFailure<E> {
  const body = result.error === true ? null : result.error;
  const isHandledHere = isCardFormFailure({ path: result.path, status: result.status, body });
  const hasFieldError = Object.values(fieldErrors).some(Boolean);
  const message = isHandledHere && !hasFieldError ? body?.errorMessage || null : null;
  return { ok: false, fieldErrors, message };
}
