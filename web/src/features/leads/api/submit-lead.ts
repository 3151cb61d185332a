import type { SubmitLeadRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { submitForm, type FormResult } from '../../../lib/form-errors';
import { useLocale } from '../../../lib/use-locale';

export const LEADS_PATH = '/api/content/leads';

export const LEAD_FIELDS = [
  'companyName',
  'vat',
  'contactName',
  'email',
  'phone',
  'size',
  'message',
  'consent',
] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];

/**
 * `POST /api/content/leads` (public): the "become a client / partner merchant" form. A 400 naming
 * fields stays with the form, and so does a 429 (too many forms from this address).
 */
export function useSubmitLead() {
  const locale = useLocale();
  return useMutation({
    mutationFn: async (input: SubmitLeadRequest): Promise<FormResult<{ reference: string }, LeadField>> =>
      submitForm<{ success: true; reference: string }, LeadField>(LEADS_PATH, input, LEAD_FIELDS, {
        locale,
        companyId: null,
      }),
  });
}
