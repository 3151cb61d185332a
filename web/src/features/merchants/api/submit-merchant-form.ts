import { fieldErrorsOf, isFormFailure, type FormResult } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { merchantOptions, type MerchantContext } from './merchant-context';

/**
 * `POST` of a merchant form (as `submitForm` of `lib/form-errors`, with the merchant's headers): a
 * 400 naming fields stays with the form, which shows each message beside its field; every other
 * failure (403 for a view-only user, 500) goes to the global error like any request (SPEC §8).
 */
export async function submitMerchantForm<T, F extends string>(
  path: string,
  body: unknown,
  fields: readonly F[],
  context: MerchantContext,
  headers: Record<string, string> = {},
): Promise<FormResult<T, F>> {
  const result = await request<T>(path, {
    method: 'POST',
    body,
    ...merchantOptions(context, headers),
    suppressGlobalError: isFormFailure(),
  });
  if (!result.error) return { ok: true, data: result.data };
  const fieldErrors = fieldErrorsOf(result.error, fields);
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  const message = result.error === true || hasFieldError ? null : result.error.errorMessage || null;
  return { ok: false, fieldErrors, message };
}
