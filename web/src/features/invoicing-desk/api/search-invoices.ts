import type { InvoiceDeskSearchResponse } from '@tessera/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, INVOICE_DESK_PATH } from './desk-keys';

/**
 * `GET /api/v1/invoice-desk/search?q=`: every customer's documents by number as printed (`TPY-12`),
 * MARK or ΑΦΜ, newest first. Asks nothing while `q` is empty.
 */
export function useInvoiceSearch(q: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: deskKeys.search(q),
    queryFn: ({ signal }) =>
      requestOrThrow<InvoiceDeskSearchResponse>(
        `${INVOICE_DESK_PATH}/search?${new URLSearchParams({ q }).toString()}`,
        { locale, signal },
      ),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
