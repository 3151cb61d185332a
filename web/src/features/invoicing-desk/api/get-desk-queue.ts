import type { InvoiceDeskQueueResponse } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, INVOICE_DESK_PATH } from './desk-keys';

/** `GET /api/v1/invoice-desk/queue`: refused documents and waiting ones, oldest first (provider staff). */
export function useDeskQueue(isEnabled = true) {
  const locale = useLocale();
  return useQuery({
    queryKey: deskKeys.queue(),
    queryFn: ({ signal }) =>
      requestOrThrow<InvoiceDeskQueueResponse>(`${INVOICE_DESK_PATH}/queue`, { locale, signal }),
    enabled: isEnabled,
  });
}
