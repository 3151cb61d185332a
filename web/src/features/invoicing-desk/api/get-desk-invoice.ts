import type { InvoiceDeskDetailResponse } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, INVOICE_DESK_PATH } from './desk-keys';

/** `GET /api/v1/invoice-desk/invoices/:invoiceId`: one document with its lines and every call to AADE. */
export function useDeskInvoice(invoiceId: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: deskKeys.invoice(invoiceId),
    queryFn: ({ signal }) =>
      requestOrThrow<InvoiceDeskDetailResponse>(
        `${INVOICE_DESK_PATH}/invoices/${encodeURIComponent(invoiceId)}`,
        { locale, signal },
      ),
  });
}
