import type {
  MarkReturnedRequest,
  PayoutDeskResponse,
  PayoutView,
  SendPayoutsResponse,
} from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, SETTLEMENTS_API } from './keys';

export const payoutDeskQueryOptions = (page: number) =>
  queryOptions({
    queryKey: deskKeys.payouts(page),
    queryFn: ({ signal }) =>
      requestOrThrow<PayoutDeskResponse>(`${SETTLEMENTS_API}/payoutDesk?page=${page}`, { signal }),
  });

export const usePayoutDesk = (page: number) => useQuery(payoutDeskQueryOptions(page));

function useDeskMutation<I, O>(call: (input: I, locale: ReturnType<typeof useLocale>) => Promise<O>) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => call(input, locale),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deskKeys.all }),
  });
}

/** Puts every scheduled payout with a valid IBAN in one pain.001 file and marks them sent. */
export const useSendPayouts = () =>
  useDeskMutation<void, SendPayoutsResponse>((_, locale) =>
    requestOrThrow<SendPayoutsResponse>(`${SETTLEMENTS_API}/payouts/send`, { method: 'POST', locale }),
  );

/** The bank paid these sent payouts. */
export const useMarkPaid = () =>
  useDeskMutation<string[], { payouts: PayoutView[] }>((payoutIds, locale) =>
    requestOrThrow(`${SETTLEMENTS_API}/payouts/markPaid`, { method: 'POST', body: { payoutIds }, locale }),
  );

/** The bank returned a payout: back on the merchant's balance, paid again later. */
export const useMarkReturned = () =>
  useDeskMutation<MarkReturnedRequest, { payout: PayoutView; repayment: PayoutView; balanceCents: number }>(
    (body, locale) =>
      requestOrThrow(`${SETTLEMENTS_API}/payouts/markReturned`, { method: 'POST', body, locale }),
  );
