import type { ErrorBody } from '@tessera/domain';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/form-errors';
import type { FormFailure } from './form-failure';

/**
 * The fields of an unload request the server may name in a 400. The panel unloads one card, so
 * its line is always `cards.0`: its amount (over the balance), or its card (no longer the
 * company's).
 */
export const UNLOAD_FIELDS = ['cards.0.amountCents', 'cards.0.cardId', 'comments'] as const;
export type UnloadField = (typeof UNLOAD_FIELDS)[number];

export type UnloadResult<T> = { ok: true; data: T } | FormFailure<FieldErrors<UnloadField>>;

export function unloadFieldErrorsOf(error: ErrorBody | true): FieldErrors<UnloadField> {
  return fieldErrorsOf(error, UNLOAD_FIELDS);
}
