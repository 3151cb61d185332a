import type { ConvertLeadToMerchantRequest, Lead } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { leadKeys } from './list-leads';

export const REJECT_LEAD_PATH = '/api/v1/accounts/rejectLead';
export const CONVERT_LEAD_TO_MERCHANT_PATH = '/api/v1/accounts/convertLeadToMerchant';

export type MerchantField = 'iban' | 'feeBasisPoints' | 'vat';

/** `POST rejectLead` (role 1). */
export function useRejectLead() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (leadId: string) =>
      submitForm<{ success: true; lead: Lead }, never>(REJECT_LEAD_PATH, { leadId }, [], {
        locale,
        companyId: null,
      }),
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

/** `POST convertLeadToMerchant` (role 1): a merchant from the lead, with its IBAN and fee. */
export function useConvertLeadToMerchant() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConvertLeadToMerchantRequest): Promise<FormResult<Lead, MerchantField>> => {
      const result = await submitForm<{ success: true; lead: Lead }, MerchantField>(
        CONVERT_LEAD_TO_MERCHANT_PATH,
        input,
        ['iban', 'feeBasisPoints', 'vat'],
        { locale, companyId: null },
      );
      return result.ok ? { ok: true, data: result.data.lead } : result;
    },
    onSuccess: async () => queryClient.invalidateQueries({ queryKey: leadKeys.all }),
  });
}
