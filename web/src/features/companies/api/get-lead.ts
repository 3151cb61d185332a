import type { Lead } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';

export const GET_LEAD_PATH = '/api/v1/accounts/getLead';

/** `POST getLead` (role 1): the lead a new company is made from, to fill the form in. */
export function useLead(leadId: string | null) {
  return useQuery({
    queryKey: ['accounts', 'lead', leadId],
    queryFn: async ({ signal }) =>
      (
        await requestOrThrow<{ success: true; lead: Lead }>(GET_LEAD_PATH, {
          method: 'POST',
          body: { leadId },
          signal,
        })
      ).lead,
    enabled: leadId !== null,
  });
}
