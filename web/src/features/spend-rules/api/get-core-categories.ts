import type { CoreCategoriesResponse, Locale } from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { ACCOUNTS_API } from '../../../lib/request-context';
import { spendRuleKeys } from '../../../lib/query-keys';

export const CORE_CATEGORIES_PATH = `${ACCOUNTS_API}/retrieveCoreCategories`;

/** `GET retrieveCoreCategories`: the MyBenefits core categories, named in the request's culture. */
export async function getCoreCategories(locale: Locale, signal?: AbortSignal) {
  return (await requestOrThrow<CoreCategoriesResponse>(CORE_CATEGORIES_PATH, { locale, signal }))
    .coreCategories;
}

export const coreCategoriesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: spendRuleKeys.coreCategories(locale),
    queryFn: ({ signal }) => getCoreCategories(locale, signal),
    staleTime: Infinity,
  });

export function useCoreCategories() {
  return useQuery(coreCategoriesQueryOptions(useLocale()));
}
