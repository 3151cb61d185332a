import type { RecurringRuleCardsRequest } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';
import { postRuleForm } from './post-rule-form';

export const UPDATE_RECURRING_RULE_CARDS_PATH = `${ORDERS_API}/updateRecurringRuleCards`;

/**
 * `POST updateRecurringRuleCards`: new amounts of some of a saved rule's cards (a rule with an
 * amount per card). A 400 names the request's lines (`lines.0.amountCents`).
 */
export function useUpdateRecurringRuleCards() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: (input: RecurringRuleCardsRequest) =>
      postRuleForm<RecurringRuleResponse>(UPDATE_RECURRING_RULE_CARDS_PATH, input, context),
    onSuccess: (result) => {
      if (result.ok) onChanged(result.data.rule);
    },
  });
}
