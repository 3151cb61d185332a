import type { ErrorBody } from '@tessera/domain';
import type { RequestFailure } from './request';

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
