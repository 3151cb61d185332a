import type { UpdateRecurringRuleRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';
import { postRuleForm } from './post-rule-form';

export const UPDATE_RECURRING_RULE_PATH = `${ORDERS_API}/updateRecurringRule`;

/**
 * `POST updateRecurringRule`: the whole rule as the editor holds it, its cards included (they
 * replace the rule's lines). A 400 names the rule's fields (`rule.endDay` or `endDay`).
 */
export function useUpdateRecurringRule() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: (input: UpdateRecurringRuleRequest) =>
      postRuleForm<RecurringRuleResponse>(UPDATE_RECURRING_RULE_PATH, input, context),
    onSuccess: (result) => {
      if (result.ok) onChanged(result.data.rule);
    },
  });
}
