import type { ApprovalSettingsSchema } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request';
import { APPROVAL_SETTINGS_PATH, type ApprovalSettingsResponse } from './get-approval-settings';
import { contextOptions, useRequestContext } from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

type ApprovalSettings = z.infer<typeof ApprovalSettingsSchema>;

/**
 * `POST approvalSettings` {thresholdCents | null} (payment managers, provider staff): orders of
 * order managers above the threshold wait for approval; null turns approval off.
 */
export function useUpdateApprovalSettings() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApprovalSettings) => {
      const result = await request<ApprovalSettingsResponse>(APPROVAL_SETTINGS_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: input,
      });
      return result.error ? null : result.data.settings;
    },
    onSuccess: async (settings) => {
      if (!settings) return;
      queryClient.setQueryData(orderKeys.approvalSettings(context.companyId), settings);
      // The overview shows the threshold too.
      await queryClient.invalidateQueries({ queryKey: orderKeys.overview(context.companyId) });
    },
  });
}
