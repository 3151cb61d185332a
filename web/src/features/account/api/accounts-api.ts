import type { Locale } from '@tessera/domain';
import { fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { companyHeaders } from '../../../lib/request-context';

/** What a form's request answers: the data, or the field errors to show beside the fields. */
export type FormResult<T, F extends string> =
  | { ok: true; data: T }
  | {
      ok: false;
      fieldErrors: FieldErrors<F>;
      /** The server's own message when no field of the form was named (e.g. too many attempts). */
      message: string | null;
    };

/**
 * `POST` of a form: a 400 naming fields (and a 429) stays with the form, which shows each message
 * beside its field (ARCHITECTURE §5: the server's messages are already in the request's language);
 * every other failure goes to the global error like any request (SPEC §8).
 */
export async function submitForm<T, F extends string>(
  path: string,
  body: unknown,
  fields: readonly F[],
  { locale, companyId }: { locale: Locale; companyId: string },
): Promise<FormResult<T, F>> {
  const result = await request<T>(path, {
    method: 'POST',
    body,
    locale,
    headers: companyHeaders(companyId),
    suppressGlobalError: isFormFailure(),
  });
  if (!result.error) return { ok: true, data: result.data };
  const fieldErrors = fieldErrorsOf(result.error, fields);
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  const message = result.error === true || hasFieldError ? null : result.error.errorMessage || null;
  return { ok: false, fieldErrors, message };
}
