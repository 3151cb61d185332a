import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { spendRuleKeys } from '../../../lib/query-keys';

export const DELETE_SPEND_RULE_PATH = `${ACCOUNTS_API}/deleteSpendRule`;

/**
 * `POST deleteSpendRule` (order manager and provider staff). A failure shows the global error;
 * the mutation resolves to whether the rule is gone.
 */
export function useDeleteSpendRule(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ruleId: string) => {
      const result = await request<{ success: true }>(DELETE_SPEND_RULE_PATH, {
        method: 'POST',
        body: { ruleId },
        locale,
        headers: companyHeaders(companyId),
      });
      return !result.error;
    },
    onSuccess: (isDeleted) => {
      if (isDeleted) void queryClient.invalidateQueries({ queryKey: spendRuleKeys.all(companyId) });
    },
  });
}
