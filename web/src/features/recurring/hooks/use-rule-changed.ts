import type { RecurringRuleView } from '@tessera/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { recurringKeys } from '../../../lib/query-keys';
import type { RequestContext } from '../../../lib/request-context';

/**
 * After a change the server answered with the rule: the rule's page shows the answer at once, and
 * the list, the preview and the runs are read again (the next run, the prices may have moved).
 */
export function useRuleChanged(context: RequestContext) {
  const queryClient = useQueryClient();
  return useCallback(
    (rule: RecurringRuleView | null) => {
      if (rule) queryClient.setQueryData(recurringKeys.rule(context.companyId, rule.ruleId), rule);
      void queryClient.invalidateQueries({
        queryKey: recurringKeys.all(context.companyId),
        // The rule just answered needs no second read.
        predicate: (query) =>
          rule === null ||
          query.queryKey.join('/') !== recurringKeys.rule(context.companyId, rule.ruleId).join('/'),
      });
    },
    [queryClient, context.companyId],
  );
}
