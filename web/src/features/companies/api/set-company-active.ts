import type { CompanyAdmin, CompanyAdminResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { companyAdminKeys } from './get-company-admin';

export const DEACTIVATE_COMPANY_PATH = '/api/v1/accounts/deactivateCompany';
export const REACTIVATE_COMPANY_PATH = '/api/v1/accounts/reactivateCompany';

/** `POST deactivateCompany` / `reactivateCompany` (role 1), with the reason the audit keeps. */
export function useSetCompanyActive(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      active: boolean;
      reason: string;
    }): Promise<FormResult<CompanyAdmin, 'reason'>> => {
      const result = await submitForm<CompanyAdminResponse, 'reason'>(
        input.active ? REACTIVATE_COMPANY_PATH : DEACTIVATE_COMPANY_PATH,
        { companyId, reason: input.reason },
        ['reason'],
        { locale, companyId: null },
      );
      return result.ok ? { ok: true, data: result.data.company } : result;
    },
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(companyAdminKeys.company(companyId), result.data);
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'searchCompany'] });
    },
  });
}
