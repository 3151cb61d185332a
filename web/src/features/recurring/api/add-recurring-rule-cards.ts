import type { RecurringRuleCardsRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';
import { postRuleForm } from './post-rule-form';

export const ADD_RECURRING_RULE_CARDS_PATH = `${ORDERS_API}/addRecurringRuleCards`;

/**
 * `POST addRecurringRuleCards`: cards join a saved rule, each with its amount when the rule has one
 * per card. A 400 names the request's lines (`lines.1.amountCents`).
 */
export function useAddRecurringRuleCards() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: (input: RecurringRuleCardsRequest) =>
      postRuleForm<RecurringRuleResponse>(ADD_RECURRING_RULE_CARDS_PATH, input, context),
    onSuccess: (result) => {
      if (result.ok) onChanged(result.data.rule);
    },
  });
}
