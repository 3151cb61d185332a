import type { Card, CardResponse, RenameCardRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { formFailureOf, isCardFormFailure, type FormFailure } from './form-failure';
import { invalidateCardQueries } from './invalidate-cards';
import { contextOptions, useRequestContext, type RequestContext } from '../../../lib/request-context';

export const RENAME_CARD_PATH = '/api/v1/accounts/account/card-name';

export type RenameCardResult = { ok: true; card: Card } | FormFailure<FieldErrors<'cardName'>>;

/**
 * `POST /api/v1/accounts/account/card-name` (order manager, provider staff): the name shown on the
 * card, at most 26 characters. A 400 naming the field comes back for the form to show beside it.
 */
export async function renameCard(
  input: RenameCardRequest,
  context: RequestContext,
): Promise<RenameCardResult> {
  const result = await request<CardResponse>(RENAME_CARD_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isCardFormFailure,
  });
  if (!result.error) return { ok: true, card: result.data.card };
  return formFailureOf(
    { ...result, path: RENAME_CARD_PATH },
    fieldErrorsOf(result.error, ['cardName'] as const),
  );
}

export function useRenameCard() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: RenameCardRequest) => renameCard(input, context),
    onSuccess: (result) => {
      if (result.ok) void invalidateCardQueries(queryClient);
    },
  });
}
