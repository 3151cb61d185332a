import {
  normalizeGreekPhone,
  normalizePostalCode,
  type DeliveryPointInput,
  type DeliveryPointsResponse,
  type Locale,
} from '@tessera/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryPointKeys } from '../query-keys';
import { requestOrThrow } from '../request';
import {
  ACCOUNTS_API,
  companyHeaders,
  contextOptions,
  useRequestContext,
  type RequestContext,
} from '../request-context';
import { useLocale } from '../use-locale';

/**
 * A company's delivery points (`getCompanyDeliveryPoints`, `searchDeliveryPoints`), read by the
 * account pages, the order flow and the bulk drafts. Every read sits under
 * `deliveryPointKeys.all(companyId)`, which every creation invalidates: a point created on one page
 * is in every other page's list at once.
 */

export const COMPANY_DELIVERY_POINTS_PATH = `${ACCOUNTS_API}/getCompanyDeliveryPoints`;
export const SEARCH_DELIVERY_POINTS_PATH = `${ACCOUNTS_API}/searchDeliveryPoints`;
export const DELIVERY_POINTS_PAGE_SIZE = 10;
/** The most a page may ask for (SearchDeliveryPointsRequestSchema); companies have a handful. */
export const DELIVERY_POINTS_MAX_PAGE_SIZE = 100;

export const DELIVERY_POINT_FIELDS = [
  'alias',
  'street',
  'streetNumber',
  'postalCode',
  'city',
  'region',
  'contactName',
  'phone',
  'notes',
] as const satisfies readonly (keyof DeliveryPointInput)[];
export type DeliveryPointField = (typeof DELIVERY_POINT_FIELDS)[number];

/**
 * The address as the server stores it: the postal code as five digits (`115 26` → `11526`) and the
 * phone with its country code (`210 123 4567` → `+302101234567`), so the same address typed two
 * ways is one address. The schema has already accepted both.
 */
export function normalizeDeliveryPoint(input: DeliveryPointInput): DeliveryPointInput {
  return {
    ...input,
    postalCode: normalizePostalCode(input.postalCode) ?? input.postalCode,
    phone: normalizeGreekPhone(input.phone) ?? input.phone,
  };
}

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
    queryKey: deliveryPointKeys.list(companyId, input),
    queryFn: ({ signal }) => listDeliveryPoints(companyId, input, locale, signal),
    placeholderData: keepPreviousData,
  });

/** A page of the list, searched (the account's delivery-points page). */
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

/** `GET getCompanyDeliveryPoints` of the first hundred: the points to choose from. */
export async function getDeliveryPointChoices(context: RequestContext, signal?: AbortSignal) {
  const search = new URLSearchParams({ page: '1', pageSize: String(DELIVERY_POINTS_MAX_PAGE_SIZE) });
  return requestOrThrow<DeliveryPointsResponse>(`${COMPANY_DELIVERY_POINTS_PATH}?${search}`, {
    ...contextOptions(context),
    signal,
  });
}

export const deliveryPointChoicesQueryOptions = (context: RequestContext) =>
  queryOptions({
    queryKey: deliveryPointKeys.choices(context.companyId),
    queryFn: ({ signal }) => getDeliveryPointChoices(context, signal),
    enabled: context.companyId !== null,
    staleTime: 60_000,
  });

/**
 * Every delivery point of the company acted for, to choose from: where the order flow's and the
 * bulk drafts' new cards go, the card-printing default.
 */
export function useDeliveryPointChoices(enabled = true) {
  const options = deliveryPointChoicesQueryOptions(useRequestContext());
  return useQuery({ ...options, enabled: enabled && options.enabled !== false });
}
