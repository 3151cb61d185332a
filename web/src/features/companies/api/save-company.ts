import type {
  CompanyAdmin,
  CompanyAdminResponse,
  CreateCompanyRequest,
  UpdateCompanyRequest,
} from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';
import { companyAdminKeys } from './get-company-admin';

export const CREATE_COMPANY_PATH = '/api/v1/accounts/createCompany';
export const UPDATE_COMPANY_PATH = '/api/v1/accounts/updateCompany';

/** The fields the server may name, as the form names its inputs. */
export const COMPANY_FIELDS = [
  'vat',
  'name',
  'address.street',
  'address.streetNumber',
  'address.postalCode',
  'address.city',
  'products',
  'pricing.cardFeeCents.plastic',
  'pricing.cardFeeCents.virtual',
  'pricing.cardFeeCents.spendeo',
  'pricing.cardFeeCents.mybenefits',
  'pricing.serviceFeeBasisPoints',
  'pricing.deliveryFeeCents',
  'approvalThresholdCents',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/**
 * `POST createCompany` (role 1) or `POST updateCompany` (roles 1 and 2): a 400 naming fields (a
 * wrong AFM check digit, a VAT number in use) stays with the form; the rest is global.
 */
export function useSaveCompany() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { create: CreateCompanyRequest } | { update: UpdateCompanyRequest },
    ): Promise<FormResult<CompanyAdmin, CompanyField>> => {
      const [path, body] =
        'create' in input ? [CREATE_COMPANY_PATH, input.create] : [UPDATE_COMPANY_PATH, input.update];
      const result = await submitForm<CompanyAdminResponse, CompanyField>(path, body, COMPANY_FIELDS, {
        locale,
        companyId: null,
      });
      return result.ok ? { ok: true, data: result.data.company } : result;
    },
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(companyAdminKeys.company(result.data.companyId), result.data);
      await queryClient.invalidateQueries({ queryKey: ['accounts', 'searchCompany'] });
    },
  });
}
