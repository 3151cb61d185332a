import type { ErrorBody } from '@tessera/domain';
import { isCardFormFailure } from './form-failure';

/**
 * What a bulk action of the leavers and expiry page answers: its data, or the messages of the rows
 * the server refused (`cardIds.N`, already in the request's language) to show above the table.
 * Other failures go to the global error like any request.
 */
export type BulkResult<T> = { ok: true; data: T } | { ok: false; messages: string[] };

export function bulkFailureOf(error: ErrorBody | true): { ok: false; messages: string[] } {
  if (error === true) return { ok: false, messages: [] };
  const rows = (error.fields ?? []).map((field) => field.message);
  return { ok: false, messages: rows.length > 0 ? rows : [error.errorMessage] };
}

export const isBulkCardFailure = isCardFormFailure;
