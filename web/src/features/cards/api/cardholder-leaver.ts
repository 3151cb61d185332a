import type { CardholderLeaver, MarkCardholderLeaverRequest } from '@tessera/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cardKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import {
  ACCOUNTS_API,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../../../lib/request-context';
import { bulkFailureOf, isBulkCardFailure, type BulkResult } from './bulk-card-failure';
import { invalidateCardQueries } from './invalidate-cards';

export const CARDHOLDER_LEAVER_PATH = `${ACCOUNTS_API}/cardholderLeaver`;
export const MARK_CARDHOLDER_LEAVER_PATH = `${ACCOUNTS_API}/markCardholderLeaver`;

type LeaverResponse = { success: true; cardholder: CardholderLeaver };

/**
 * `GET cardholderLeaver?cardholderId=` (ADR 036): the cardholder's leaver mark, or null when it
 * cannot be read (the form then leaves the mark out rather than raising the global error over the
 * cardholder's form).
 */
export const cardholderLeaverQueryOptions = (context: RequestContext, cardholderId: string) =>
  queryOptions({
    queryKey: cardKeys.leaverMark(context.companyId, cardholderId),
    queryFn: async ({ signal }): Promise<CardholderLeaver | null> => {
      const result = await request<LeaverResponse>(
        `${CARDHOLDER_LEAVER_PATH}?${new URLSearchParams({ cardholderId }).toString()}`,
        { ...contextOptions(context), signal, suppressGlobalError: true },
      );
      return result.error ? null : result.data.cardholder;
    },
    enabled: context.companyId !== null,
  });

export function useCardholderLeaver(cardholderId: string) {
  return useQuery(cardholderLeaverQueryOptions(useRequestContext(), cardholderId));
}

/** `POST markCardholderLeaver` (ADR 036): mark the cardholder as a leaver (with a date) or unmark them. */
export async function markCardholderLeaver(
  input: MarkCardholderLeaverRequest,
  context: RequestContext,
): Promise<BulkResult<CardholderLeaver>> {
  const result = await request<LeaverResponse>(MARK_CARDHOLDER_LEAVER_PATH, {
    ...contextOptions(context),
    method: 'POST',
    body: input,
    suppressGlobalError: isBulkCardFailure,
  });
  return result.error ? bulkFailureOf(result.error) : { ok: true, data: result.data.cardholder };
}

export function useMarkCardholderLeaver() {
  const queryClient = useQueryClient();
  const context = useRequestContext();
  return useMutation({
    mutationFn: (input: MarkCardholderLeaverRequest) => markCardholderLeaver(input, context),
    onSuccess: async (result) => {
      if (result.ok) await invalidateCardQueries(queryClient);
    },
  });
}
