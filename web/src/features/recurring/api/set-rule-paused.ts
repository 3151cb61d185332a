import type { RecurringRuleView } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';

export const PAUSE_RECURRING_RULE_PATH = `${ORDERS_API}/pauseRecurringRule`;
export const RESUME_RECURRING_RULE_PATH = `${ORDERS_API}/resumeRecurringRule`;

/** `POST pauseRecurringRule` or `resumeRecurringRule` for a rule id; resolves to the rule, or null. */
function useSetRulePaused(path: string) {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: async (ruleId: string): Promise<RecurringRuleView | null> => {
      const result = await request<RecurringRuleResponse>(path, {
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

/**
 * Pausing: the rule skips its runs until it is resumed (the periods skipped are not caught up).
 * A failure shows the global error.
 */
export const usePauseRecurringRule = () => useSetRulePaused(PAUSE_RECURRING_RULE_PATH);

/** Resuming: the rule runs again from its next period. A failure shows the global error. */
export const useResumeRecurringRule = () => useSetRulePaused(RESUME_RECURRING_RULE_PATH);
