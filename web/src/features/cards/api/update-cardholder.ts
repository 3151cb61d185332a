import type { Cardholder, CardholderResponse, UpdateCardholderRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { formFailureOf, isCardFormFailure, type FormFailure } from './form-failure';
import { invalidateCardQueries } from './invalidate-cards';
import { contextOptions, useRequestContext, type RequestContext } from '../../../lib/request-context';

export const UPDATE_CARDHOLDER_PATH = '/api/v1/accounts/updateCardholder';

export const CARDHOLDER_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'employeeCode',
  'taxId',
] as const satisfies readonly (keyof UpdateCardholderRequest)[];
export type CardholderField = (typeof CARDHOLDER_FIELDS)[number];

export type UpdateCardholderResult =
  { ok: true; cardholder: Cardholder } | FormFailure<FieldErrors<CardholderField>>;

/**
 * `POST /api/v1/accounts/updateCardholder` (order manager, provider staff): the cardholder's name,
 * contact details, employee code and tax id (ΑΦΜ). The server normalises the phone to `+30…`.
 */
export async function updateCardholder(
  input: UpdateCardholderRequest,
  context: RequestContext,
): Promise<UpdateCardholderResult> {
  const result = await request<CardholderResponse>(UPDATE_CARDHOLDER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isCardFormFailure,
  });
  if (!result.error) return { ok: true, cardholder: result.data.cardholder };
  return formFailureOf(
    { ...result, path: UPDATE_CARDHOLDER_PATH },
    fieldErrorsOf(result.error, CARDHOLDER_FIELDS),
  );
}

export function useUpdateCardholder() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: UpdateCardholderRequest) => updateCardholder(input, context),
    onSuccess: (result) => {
      if (result.ok) void invalidateCardQueries(queryClient);
    },
  });
}
