import type { Locale, SpendRulesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { spendRuleKeys } from '../../../lib/query-keys';

export const MY_BENEFITS_RULES_PATH = `${ACCOUNTS_API}/retrieveMyBenefitsRules`;

/** `GET retrieveMyBenefitsRules`: the monthly allowance of each MyBenefits core category. */
export async function getBenefitsRules(companyId: string, locale: Locale, signal?: AbortSignal) {
  return (
    await requestOrThrow<SpendRulesResponse>(MY_BENEFITS_RULES_PATH, {
      locale,
      headers: companyHeaders(companyId),
      signal,
    })
  ).rules;
}

export const benefitsRulesQueryOptions = (companyId: string, locale: Locale) =>
  queryOptions({
    queryKey: spendRuleKeys.list(companyId, 'MY_BENEFITS', locale),
    queryFn: ({ signal }) => getBenefitsRules(companyId, locale, signal),
  });

export function useBenefitsRules(companyId: string) {
  return useQuery(benefitsRulesQueryOptions(companyId, useLocale()));
}
