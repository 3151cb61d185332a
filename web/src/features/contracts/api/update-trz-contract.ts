import type { TrzContractResponse, UpdateTrzContractRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrorsOf, isFormFailure, type FieldErrors } from '../../../lib/form-errors';
import { request } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { trzContractQueryOptions } from './get-trz-contract';

export const UPDATE_TRZ_CONTRACT_PATH = '/api/v1/accounts/updateTrzContract';

export const TRZ_FIELDS = ['dailyAllowanceCents', 'monthlyLoadDay', 'invoiceEmail', 'accept'] as const;
export type TrzField = (typeof TRZ_FIELDS)[number];

export type UpdateTrzResult =
  | { ok: true; trzContract: TrzContractResponse['trzContract'] }
  | { ok: false; fieldErrors: FieldErrors<TrzField>; message: string | null };

/**
 * `POST updateTrzContract` (order manager): the daily allowance, the load day, the invoice email,
 * and with `accept` the signature. A 400 naming fields stays with the form; the rest is global.
 */
export function useUpdateTrzContract(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateTrzContractRequest): Promise<UpdateTrzResult> => {
      const result = await request<TrzContractResponse>(UPDATE_TRZ_CONTRACT_PATH, {
        method: 'POST',
        body: input,
        locale,
        ...(companyId ? { headers: { companyId } } : {}),
        suppressGlobalError: isFormFailure(),
      });
      if (!result.error) return { ok: true, trzContract: result.data.trzContract };
      const fieldErrors = fieldErrorsOf(result.error, TRZ_FIELDS);
      const isNamed = Object.keys(fieldErrors).length > 0;
      return {
        ok: false,
        fieldErrors,
        message: result.error === true || isNamed ? null : result.error.errorMessage || null,
      };
    },
    onSuccess: (result) => {
      if (result.ok)
        queryClient.setQueryData(trzContractQueryOptions(companyId).queryKey, result.trzContract);
    },
  });
}
