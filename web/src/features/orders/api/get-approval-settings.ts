import type { ApprovalSettingsResponseSchema } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ORDERS_API, ordersRequestOptions, type OrdersContext } from '../../../lib/placed-orders';
import { requestOrThrow } from '../../../lib/request';
import { useOrdersContext } from '../../../lib/use-orders-context';
import { orderKeys } from './query-keys';

export const APPROVAL_SETTINGS_PATH = `${ORDERS_API}/approvalSettings`;

export type ApprovalSettingsResponse = z.infer<typeof ApprovalSettingsResponseSchema>;

/** `GET approvalSettings`: the company's approval threshold (null: no order waits for approval). */
export const approvalSettingsQueryOptions = (context: OrdersContext) =>
  queryOptions({
    queryKey: orderKeys.approvalSettings(context.companyId),
    queryFn: async ({ signal }) => {
      const data = await requestOrThrow<ApprovalSettingsResponse>(APPROVAL_SETTINGS_PATH, {
        ...ordersRequestOptions(context),
        signal,
      });
      return data.settings;
    },
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

export function useApprovalSettings() {
  return useQuery(approvalSettingsQueryOptions(useOrdersContext()));
}
