import { ERROR_CODE, type ErrorBody } from '@tessera/domain';
import type { RequestFailure } from '../../../lib/request';

/**
 * How a draft request failed, for the page to say. The draft limit (422, code 60: the company
 * already holds 99 drafts, ADR 009) and a 400 naming lines or fields (messages already in the UI
 * language) stay with the page; every other failure goes to the global error (SPEC §8).
 */
export type DraftFailure = { kind: 'limit' } | { kind: 'invalid'; messages: string[] } | { kind: 'failed' };

export const isHandledDraftFailure = (failure: RequestFailure): boolean =>
  failure.body?.errorCode === ERROR_CODE.DRAFT_LIMIT_REACHED ||
  (failure.status === 400 && (failure.body?.fields?.length ?? 0) > 0);

export function draftFailureOf(error: ErrorBody | true): DraftFailure {
  if (error === true) return { kind: 'failed' };
  if (error.errorCode === ERROR_CODE.DRAFT_LIMIT_REACHED) return { kind: 'limit' };
  const messages = [...new Set((error.fields ?? []).map((field) => field.message))];
  return messages.length > 0 ? { kind: 'invalid', messages } : { kind: 'failed' };
}

export type DraftResult<T> = { ok: true; data: T } | { ok: false; failure: DraftFailure };
