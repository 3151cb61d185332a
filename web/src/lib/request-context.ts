import type { Locale } from '@tessera/domain';
import { useMemo } from 'react';
import type { RequestOptions } from './request';
import { useActingCompanyId } from './use-acting-company';
import { useLocale } from './use-locale';

/** The orders service (SPEC §7: `v1` for orders). */
export const ORDERS_API = '/api/v1/orders';
/** The accounts service (SPEC §7: `v1` for accounts). */
export const ACCOUNTS_API = '/api/v1/accounts';

/** What every company request carries: the UI language and the company acted for. */
export type RequestContext = { locale: Locale; companyId: string | null };

/** The language and company of the page's requests, stable while neither changes (query keys use it). */
export function useRequestContext(): RequestContext {
  const locale = useLocale();
  const companyId = useActingCompanyId();
  return useMemo(() => ({ locale, companyId }), [locale, companyId]);
}

/**
 * The company header of a request. The company goes in the header explicitly (and the request
 * helper keeps it over the stored one): right after sign-in the page may open before the user's
 * only company has been stored (SPEC §4 auto-selection), and the server answers 400 to a company
 * request without one.
 */
export const companyHeaders = (companyId: string | null): Record<string, string> =>
  companyId ? { companyId } : {};

/** The request options of a context, with further headers (an `Idempotency-Key`). */
export function contextOptions(
  { locale, companyId }: RequestContext,
  headers: Record<string, string> = {},
): RequestOptions {
  return { locale, headers: { ...companyHeaders(companyId), ...headers } };
}
