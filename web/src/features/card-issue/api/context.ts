import type { Locale } from '@tessera/domain';
import { useMemo } from 'react';
import type { RequestOptions } from '../../../lib/request';
import { useActingCompanyId } from '../../../lib/use-acting-company';
import { useLocale } from '../../../lib/use-locale';

/** The orders service (SPEC §7: `v1` for orders). */
export const ORDERS_API = '/api/v1/orders';
/** The accounts service (SPEC §7: `v1` for accounts). */
export const ACCOUNTS_API = '/api/v1/accounts';

/** What every request of the flow carries: the UI language and the company acted for. */
export type IssueContext = { locale: Locale; companyId: string | null };

export function useIssueContext(): IssueContext {
  const locale = useLocale();
  const companyId = useActingCompanyId();
  // Stable while neither changes: effects and query keys depend on it.
  return useMemo(() => ({ locale, companyId }), [locale, companyId]);
}

/**
 * The request options of a context. The company goes in the header explicitly: right after sign-in
 * the page may open before the user's only company has been stored (SPEC §4 auto-selection).
 */
export function contextOptions({ locale, companyId }: IssueContext): RequestOptions {
  return { locale, ...(companyId ? { headers: { companyId } } : {}) };
}

/** `contextOptions` with further headers. */
export function withHeaders(context: IssueContext, headers: Record<string, string>): RequestOptions {
  const options = contextOptions(context);
  return { ...options, headers: { ...options.headers, ...headers } };
}
