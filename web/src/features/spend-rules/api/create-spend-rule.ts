import type { CreateSpendRuleRequest, SpendRuleResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from '../../../lib/form-errors';
import { ACCOUNTS_API } from '../../../lib/request-context';
import { spendRuleKeys } from '../../../lib/query-keys';

export const CREATE_SPEND_RULE_PATH = `${ACCOUNTS_API}/createSpendRule`;

/** Fields of the request the server may name in a 400 (the form shows `target.*` beside its input). */
export const SPEND_RULE_FIELDS = [
  'name',
  'target',
  'target.kind',
  'target.category',
  'target.merchant',
  'period',
  'blocked',
  'limitCents',
] as const;
export type SpendRuleField = (typeof SPEND_RULE_FIELDS)[number];

/** `POST createSpendRule` (Spendeo; order manager and provider staff). */
export function useCreateSpendRule(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSpendRuleRequest) =>
      submitForm<SpendRuleResponse, SpendRuleField>(CREATE_SPEND_RULE_PATH, input, SPEND_RULE_FIELDS, {
        locale,
        companyId,
      }),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: spendRuleKeys.all(companyId) });
    },
  });
}
