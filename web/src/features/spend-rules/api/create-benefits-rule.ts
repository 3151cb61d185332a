import type { CreateBenefitsRuleRequest, SpendRuleResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../lib/use-locale';
import { submitForm } from '../../../lib/form-errors';
import { ACCOUNTS_API } from '../../../lib/request-context';
import { spendRuleKeys } from '../../../lib/query-keys';

export const CREATE_BENEFITS_RULE_PATH = `${ACCOUNTS_API}/createBenefitsSpendRule`;

export const BENEFITS_RULE_FIELDS = [
  'coreCategory',
  'monthlyLimitCents',
] as const satisfies readonly (keyof CreateBenefitsRuleRequest)[];
export type BenefitsRuleField = (typeof BENEFITS_RULE_FIELDS)[number];

/** `POST createBenefitsSpendRule` (MyBenefits: a core category's monthly allowance). */
export function useCreateBenefitsRule(companyId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBenefitsRuleRequest) =>
      submitForm<SpendRuleResponse, BenefitsRuleField>(
        CREATE_BENEFITS_RULE_PATH,
        input,
        BENEFITS_RULE_FIELDS,
        { locale, companyId },
      ),
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: spendRuleKeys.all(companyId) });
    },
  });
}
