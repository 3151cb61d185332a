import type { ApprovalSettingsInput } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { APPROVAL_SETTINGS_PATH, type ApprovalSettingsResponse } from './get-approval-settings';
import { contextOptions, useRequestContext } from '../../../lib/request-context';
import { orderKeys } from '../../../lib/query-keys';

/**
 * `POST approvalSettings` {thresholdCents | null, secondThresholdCents, expiryDays} (payment
 * managers, provider staff; ADR 032): orders above the threshold wait for one approval, above the
 * second for two; null turns approval off.
 */
export function useUpdateApprovalSettings() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApprovalSettingsInput) => {
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
