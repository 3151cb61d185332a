import type { RecurringRuleInput } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';
import { postRuleForm } from './post-rule-form';

export const SAVE_RECURRING_RULE_PATH = `${ORDERS_API}/saveRecurringRule`;

/** `POST saveRecurringRule`: a new rule; a 400 names its fields (`lines.2.amountCents`, `endDay`). */
export function useSaveRecurringRule() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: (input: RecurringRuleInput) =>
      postRuleForm<RecurringRuleResponse>(SAVE_RECURRING_RULE_PATH, input, context),
    onSuccess: (result) => {
      if (result.ok) onChanged(result.data.rule);
    },
  });
}
