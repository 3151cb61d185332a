import type { DeleteRecurringRuleCardsRequest, RecurringRuleView } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { contextOptions, ORDERS_API, useRequestContext } from '../../../lib/request-context';
import { useRuleChanged } from '../hooks/use-rule-changed';
import type { RecurringRuleResponse } from './get-recurring-rule';

export const DELETE_RECURRING_RULE_CARDS_PATH = `${ORDERS_API}/deleteRecurringRuleCards`;

/**
 * `POST deleteRecurringRuleCards`: cards leave a saved rule (a rule keeps at least one: the server
 * refuses to remove its last). A failure shows the global error; resolves to the rule, or null.
 */
export function useDeleteRecurringRuleCards() {
  const context = useRequestContext();
  const onChanged = useRuleChanged(context);
  return useMutation({
    mutationFn: async (input: DeleteRecurringRuleCardsRequest): Promise<RecurringRuleView | null> => {
      const result = await request<RecurringRuleResponse>(DELETE_RECURRING_RULE_CARDS_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: input,
      });
      return result.error ? null : result.data.rule;
    },
    onSuccess: (rule) => {
      if (rule) onChanged(rule);
    },
  });
}
