import type { Contract, CreateContractRequest } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { contractKeys } from '../../../lib/query-keys';
import { useLocale } from '../../../lib/use-locale';

export const CREATE_CONTRACT_PATH = '/api/v1/accounts/createContract';
export const UPDATE_CONTRACT_STATUS_PATH = '/api/v1/accounts/updateContractStatus';

export const CONTRACT_FIELDS = [
  'product',
  'contractNumber',
  'status',
  'signedOn',
  'validFrom',
  'validTo',
  'cardFeeCents',
  'loadFeeBasisPoints',
  'paymentTermsDays',
] as const;
export type ContractField = (typeof CONTRACT_FIELDS)[number];

/** `POST createContract` (provider staff, ADR 024) for the company `companyId`. */
export function useCreateContract(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateContractRequest): Promise<FormResult<Contract, ContractField>> => {
      const result = await submitForm<{ success: true; contract: Contract }, ContractField>(
        CREATE_CONTRACT_PATH,
        input,
        CONTRACT_FIELDS,
        { locale, companyId },
      );
      return result.ok ? { ok: true, data: result.data.contract } : result;
    },
    onSuccess: async (result) => {
      if (result.ok) await queryClient.invalidateQueries({ queryKey: contractKeys.all(companyId) });
    },
  });
}

/** `POST updateContractStatus` (provider staff): pending, active or expired. */
export function useUpdateContractStatus(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { contractId: string; status: Contract['status'] }) =>
      submitForm<{ success: true; contract: Contract }, 'status'>(
        UPDATE_CONTRACT_STATUS_PATH,
        input,
        ['status'],
        {
          locale,
          companyId,
        },
      ),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: contractKeys.all(companyId) }),
  });
}
