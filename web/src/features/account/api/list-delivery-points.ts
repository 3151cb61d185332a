import type { DeliveryPointsResponse, Locale } from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { ACCOUNTS_API, companyHeaders } from '../../../lib/request-context';

export const COMPANY_DELIVERY_POINTS_PATH = `${ACCOUNTS_API}/getCompanyDeliveryPoints`;
export const SEARCH_DELIVERY_POINTS_PATH = `${ACCOUNTS_API}/searchDeliveryPoints`;
export const DELIVERY_POINTS_PAGE_SIZE = 10;
/** The most a page may ask for (SearchDeliveryPointsRequestSchema): the card-printing choice list. */
export const DELIVERY_POINTS_MAX_PAGE_SIZE = 100;

export type DeliveryPointsQuery = { query: string; page: number; pageSize: number };

/**
 * The company's delivery points a page at a time: `GET getCompanyDeliveryPoints` without a query,
 * `POST searchDeliveryPoints` with one (the server ignores accents and case, STYLE "i18n").
 */
export async function listDeliveryPoints(
  companyId: string,
  input: DeliveryPointsQuery,
  locale: Locale,
  signal?: AbortSignal,
) {
  const query = input.query.trim();
  if (query === '') {
    const search = new URLSearchParams({ page: String(input.page), pageSize: String(input.pageSize) });
    return requestOrThrow<DeliveryPointsResponse>(`${COMPANY_DELIVERY_POINTS_PATH}?${search}`, {
      locale,
      headers: companyHeaders(companyId),
      signal,
    });
  }
  return requestOrThrow<DeliveryPointsResponse>(SEARCH_DELIVERY_POINTS_PATH, {
    method: 'POST',
    body: { ...input, query },
    locale,
    headers: companyHeaders(companyId),
    signal,
  });
}

export const deliveryPointsQueryOptions = (companyId: string, input: DeliveryPointsQuery, locale: Locale) =>
  queryOptions({
    queryKey: ['accounts', 'deliveryPoints', companyId, 'list', input],
    queryFn: ({ signal }) => listDeliveryPoints(companyId, input, locale, signal),
    placeholderData: keepPreviousData,
  });

export function useDeliveryPoints(
  companyId: string,
  input: DeliveryPointsQuery,
  options: { enabled?: boolean } = {},
) {
  const locale = useLocale();
  return useQuery({
    ...deliveryPointsQueryOptions(companyId, input, locale),
    enabled: options.enabled ?? true,
  });
}
