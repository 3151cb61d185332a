import type { EnrolmentState, TerminalDeskResponse, TerminalDeskStateRequest } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, SETTLEMENTS_API } from './keys';

export type TerminalDeskFilter = { state?: EnrolmentState; merchantId?: string };

export const terminalDeskQueryOptions = (filter: TerminalDeskFilter) =>
  queryOptions({
    queryKey: deskKeys.terminals(filter),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams();
      if (filter.state) query.set('state', filter.state);
      if (filter.merchantId) query.set('merchantId', filter.merchantId);
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return requestOrThrow<TerminalDeskResponse>(`${SETTLEMENTS_API}/terminalDesk${suffix}`, { signal });
    },
  });

export const useTerminalDesk = (filter: TerminalDeskFilter) => useQuery(terminalDeskQueryOptions(filter));

/** Enrols, suspends or resumes a till with the staff's reason (kept in the audit log). */
export function useChangeTerminalState() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ terminalId, ...body }: TerminalDeskStateRequest & { terminalId: string }) =>
      requestOrThrow<unknown>(`${SETTLEMENTS_API}/terminalDesk/${encodeURIComponent(terminalId)}/state`, {
        method: 'POST',
        body,
        locale,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.all }),
  });
}
