import type { RecurringSettings, RecurringSettingsResponseSchema } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { recurringKeys } from '../../../lib/query-keys';
import { ORDERS_API, useRequestContext } from '../../../lib/request-context';
import type { RecurringRulesResponse } from './get-recurring-rules';
import { postRuleForm } from './post-rule-form';

export const RECURRING_SETTINGS_PATH = `${ORDERS_API}/recurringSettings`;

export type RecurringSettingsResponse = z.infer<typeof RecurringSettingsResponseSchema>;

/**
 * `POST recurringSettings`: how many days before each run the company's order managers get an
 * email reminder (0: none). The list, which carries the setting, shows the answer at once.
 */
export function useSaveRecurringSettings() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecurringSettings) =>
      postRuleForm<RecurringSettingsResponse>(RECURRING_SETTINGS_PATH, input, context),
    onSuccess: (result) => {
      if (!result.ok) return;
      queryClient.setQueryData<RecurringRulesResponse>(recurringKeys.list(context.companyId), (list) =>
        list ? { ...list, settings: result.data.settings } : list,
      );
    },
  });
}
