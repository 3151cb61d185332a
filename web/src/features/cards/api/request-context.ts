import type { Locale } from '@tessera/domain';
import type { RequestOptions } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { useActingCompanyId } from '../hooks/use-acting-company';

/** What every card request carries: the UI language and the company acted for. */
export type CardsRequestContext = { locale: Locale; companyId: string | null };

export function useCardsRequestContext(): CardsRequestContext {
  return { locale: useLocale(), companyId: useActingCompanyId() };
}

/**
 * The request options of a context. The company goes in the header explicitly: right after
 * sign-in the page may open before the only company of the user has been stored (SPEC §4
 * auto-selection), and the server answers 400 to a company request without one.
 */
export function contextOptions({ locale, companyId }: CardsRequestContext): RequestOptions {
  return { locale, ...(companyId ? { headers: { companyId } } : {}) };
}
