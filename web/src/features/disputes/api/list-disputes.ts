import type {
  DisputeDetailResponse,
  DisputeListResponse,
  DisputeQueueResponse,
  DisputeState,
} from '@tessera/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { disputeKeys, DISPUTE_DESK_PATH, MERCHANT_DISPUTES_PATH, partyHeaders } from './dispute-keys';

export const DISPUTES_PAGE_SIZE = 20;

function listQuery(state: DisputeState | undefined, page: number): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(DISPUTES_PAGE_SIZE) });
  if (state) query.set('state', state);
  return query.toString();
}

/** `GET /api/v1/merchants/disputes`: the merchant's disputes, open first. */
export function useMerchantDisputes(
  merchantId: string | null,
  state: DisputeState | undefined,
  page: number,
) {
  const locale = useLocale();
  return useQuery({
    queryKey: disputeKeys.merchantList(merchantId, { state, page }),
    queryFn: ({ signal }) =>
      requestOrThrow<DisputeListResponse>(`${MERCHANT_DISPUTES_PATH}?${listQuery(state, page)}`, {
        locale,
        headers: partyHeaders({ party: 'merchant', merchantId }),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v1/disputes`: the staff's queue, open first. */
export function useDisputeQueue(state: DisputeState | undefined, page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: disputeKeys.queue({ state, page }),
    queryFn: ({ signal }) =>
      requestOrThrow<DisputeQueueResponse>(`${DISPUTE_DESK_PATH}?${listQuery(state, page)}`, {
        locale,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/v1/disputes/:disputeId`: one dispute with what is left to give back. */
export function useDispute(disputeId: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: disputeKeys.detail(disputeId),
    queryFn: ({ signal }) =>
      requestOrThrow<DisputeDetailResponse>(`${DISPUTE_DESK_PATH}/${encodeURIComponent(disputeId)}`, {
        locale,
        signal,
      }),
  });
}
