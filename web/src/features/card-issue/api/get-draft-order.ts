import type { DraftOrderResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { rememberDraftLines } from '../known-cards';
import {
  contextOptions,
  ORDERS_API,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { draftKeys } from '../../../lib/query-keys';

export const RETRIEVE_DRAFT_ORDER_PATH = `${ORDERS_API}/retrieveDraftOrder`;

/** `GET retrieveDraftOrder?draftId=`: the draft with its lines (and their cards), priced by the server. */
export async function getDraftOrder(draftId: string, context: RequestContext, signal?: AbortSignal) {
  const search = new URLSearchParams({ draftId });
  const data = await requestOrThrow<DraftOrderResponse>(`${RETRIEVE_DRAFT_ORDER_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
  rememberDraftLines(data.draftOrder.lines);
  return data.draftOrder;
}

export const draftOrderQueryOptions = (context: RequestContext, draftId: string) =>
  queryOptions({
    queryKey: draftKeys.detail(context.companyId, draftId),
    queryFn: ({ signal }) => getDraftOrder(draftId, context, signal),
    enabled: context.companyId !== null && draftId !== '',
    staleTime: 30_000,
  });

export function useDraftOrder(draftId: string | null) {
  const context = useRequestContext();
  const options = draftOrderQueryOptions(context, draftId ?? '');
  return useQuery({ ...options, enabled: options.enabled !== false && draftId !== null });
}
