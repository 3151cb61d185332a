import type { ApprovalSettingsResponseSchema } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestOrThrow } from '../../../lib/request';
import {
  ORDERS_API,
  contextOptions,
  type RequestContext,
  useRequestContext,
} from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

export const APPROVAL_SETTINGS_PATH = `${ORDERS_API}/approvalSettings`;

export type ApprovalSettingsResponse = z.infer<typeof ApprovalSettingsResponseSchema>;

/** `GET approvalSettings`: the company's approval threshold (null: no order waits for approval). */
export const approvalSettingsQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: orderKeys.approvalSettings(context.companyId),
    queryFn: async ({ signal }) => {
      const data = await requestOrThrow<ApprovalSettingsResponse>(APPROVAL_SETTINGS_PATH, {
        ...contextOptions(context),
        signal,
      });
      return data.settings;
    },
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useApprovalSettings() {
  return useQuery(approvalSettingsQueryOptions(useRequestContext()));
}
