import type { Locale, SpendRulesResponse } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';
import { spendRuleKeys } from '../../../lib/query-keys';

export const COMPANY_SPEND_RULES_PATH = `${ACCOUNTS_API}/retrieveCompanySpendRules`;

/** `GET retrieveCompanySpendRules`: the company's Spendeo rules. */
export async function getSpendRules(companyId: string, locale: Locale, signal?: AbortSignal) {
  return (
    await requestOrThrow<SpendRulesResponse>(COMPANY_SPEND_RULES_PATH, {
      locale,
      headers: companyHeaders(companyId),
      signal,
    })
  ).rules;
}

export const spendRulesQueryOptions = (companyId: string, locale: Locale) =>
  queryOptions({
    queryKey: spendRuleKeys.list(companyId, 'SPENDEO', locale),
    queryFn: ({ signal }) => getSpendRules(companyId, locale, signal),
  });

export function useSpendRules(companyId: string) {
  return useQuery(spendRulesQueryOptions(companyId, useLocale()));
}
