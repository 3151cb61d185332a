import type { OrderInvoicesResponse } from '@tessera/domain';
import { useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { contextOptions, useRequestContext } from '../../../lib/request-context';
import { invoiceKeys, ORDER_INVOICES_PATH } from './invoice-links';

/** `GET /api/v1/orders/invoices/ofOrder?orderId=`: an order's invoice and its credit notes. */
export function useOrderInvoices(orderId: string, isEnabled = true) {
  const context = useRequestContext();
  return useQuery({
    queryKey: invoiceKeys.order(context.companyId, orderId),
    queryFn: ({ signal }) =>
      requestOrThrow<OrderInvoicesResponse>(`${ORDER_INVOICES_PATH}?${new URLSearchParams({ orderId })}`, {
        ...contextOptions(context),
        signal,
      }),
    enabled: isEnabled,
  });
}
