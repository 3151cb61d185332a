import type { RecurringRuleView } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';

export const PAUSE_RECURRING_RULE_PATH = `${ORDERS_API}/pauseRecurringRule`;

/**
 * `POST pauseRecurringRule`: the rule skips its runs until it is resumed (the periods skipped are
 * not caught up). A failure shows the global error; the mutation resolves to the rule, or null.
 */
export function usePauseRecurringRule() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: async (ruleId: string): Promise<RecurringRuleView | null> => {
      const result = await request<RecurringRuleResponse>(PAUSE_RECURRING_RULE_PATH, {
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
