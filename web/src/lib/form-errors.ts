import type { ErrorBody, Locale } from '@tessera/domain';
import { request, type RequestFailure } from './request';
import { companyHeaders } from './request-context';

/**
 * Field-level errors of a 400 (ARCHITECTURE §5: the server names the fields, with messages already
 * in the request's language). Forms show each beside its field; the first message per field wins.
 */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export function fieldErrorsOf<F extends string>(
  error: ErrorBody | true,
  fields: readonly F[],
): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  if (error === true) return result;
  for (const { field, message } of error.fields ?? []) {
    if ((fields as readonly string[]).includes(field)) result[field as F] ??= message;
  }
  return result;
}

/** A form handles its own 400s naming fields (and the codes in `codes`); the rest is global. */
export function isFormFailure(codes: readonly number[] = []) {
  return (failure: RequestFailure): boolean =>
    (failure.status === 400 && (failure.body?.fields?.length ?? 0) > 0) ||
    (failure.body !== null && codes.includes(failure.body.errorCode)) ||
    failure.status === 429;
}

/** The error code of a failed result, or null. */
export function errorCodeOf(error: ErrorBody | true): number | null {
  return error === true ? null : error.errorCode;
}

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
  {
    locale,
    companyId,
    codes = [],
  }: {
    locale: Locale;
    companyId: string | null;
    /** Error codes besides 400s naming fields that the form shows itself (e.g. 409 for a taken email). */
    codes?: readonly number[];
  },
): Promise<FormResult<T, F>> {
  const result = await request<T>(path, {
    method: 'POST',
    body,
    locale,
    headers: companyHeaders(companyId),
    suppressGlobalError: isFormFailure(codes),
  });
  if (!result.error) return { ok: true, data: result.data };
  const fieldErrors = fieldErrorsOf(result.error, fields);
  const hasFieldError = Object.keys(fieldErrors).length > 0;
  const message = result.error === true || hasFieldError ? null : result.error.errorMessage || null;
  return { ok: false, fieldErrors, message };
}
