import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recurringKeys } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, useRequestContext } from '../../../lib/request-context';

export const DELETE_RECURRING_RULE_PATH = `${ORDERS_API}/deleteRecurringRule`;

/**
 * `POST deleteRecurringRule`: the rule stops for good (its past orders stay). A failure shows the
 * global error; the mutation resolves to whether the rule is gone.
 */
export function useDeleteRecurringRule() {
  const context = useRequestContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ruleId: string) => {
      const result = await request<{ success: true }>(DELETE_RECURRING_RULE_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: { ruleId },
      });
      return !result.error;
    },
    onSuccess: (isDeleted, ruleId) => {
      if (!isDeleted) return;
      queryClient.removeQueries({ queryKey: recurringKeys.rule(context.companyId, ruleId) });
      void queryClient.invalidateQueries({ queryKey: recurringKeys.list(context.companyId) });
    },
  });
}
