import { useMemo } from 'react';
import type { OrdersContext } from './placed-orders';
import { useActingCompanyId } from './use-acting-company';
import { useLocale } from './use-locale';

/** The language and company of orders requests, stable while neither changes (query keys use it). */
export function useOrdersContext(): OrdersContext {
  const locale = useLocale();
  const companyId = useActingCompanyId();
  return useMemo(() => ({ locale, companyId }), [locale, companyId]);
}
