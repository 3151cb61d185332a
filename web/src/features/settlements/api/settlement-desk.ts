import type { RerunDayResponse, SettlementDeskResponse } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, SETTLEMENTS_API } from './keys';

export type SettlementDeskFilter = { from?: string; to?: string; merchantId?: string };

export const settlementDeskQueryOptions = (filter: SettlementDeskFilter) =>
  queryOptions({
    queryKey: deskKeys.settlements(filter),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value as string);
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return requestOrThrow<SettlementDeskResponse>(`${SETTLEMENTS_API}/settlementDesk${suffix}`, {
        signal,
      });
    },
  });

export const useSettlementDesk = (filter: SettlementDeskFilter) =>
  useQuery(settlementDeskQueryOptions(filter));

/** Settles a past day again (the job's idempotent run): only merchants not settled yet change. */
export function useRerunDay() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (businessDay: string) =>
      requestOrThrow<RerunDayResponse>(`${SETTLEMENTS_API}/settlements/rerunDay`, {
        method: 'POST',
        body: { businessDay },
        locale,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.all }),
  });
}
