import type { RecurringRuleView } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';

export const RESUME_RECURRING_RULE_PATH = `${ORDERS_API}/resumeRecurringRule`;

/**
 * `POST resumeRecurringRule`: the rule runs again from its next period. A failure shows the global
 * error; the mutation resolves to the rule as it is now, or null.
 */
export function useResumeRecurringRule() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: async (ruleId: string): Promise<RecurringRuleView | null> => {
      const result = await request<RecurringRuleResponse>(RESUME_RECURRING_RULE_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: { ruleId },
      });
      return result.error ? null : result.data.rule;
    },
    onSuccess: (rule) => {
      if (rule) onChanged(rule);
    },
  });
}
