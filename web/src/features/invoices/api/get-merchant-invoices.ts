import type { CustomerInvoicesResponse } from '@tessera/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { INVOICES_PAGE_SIZE, invoiceKeys, MERCHANT_INVOICES_PATH } from './invoice-links';

/**
 * `GET /api/v1/merchants/invoices`: a page of the merchant's invoices and credit notes, newest
 * first; provider staff name the merchant in the `merchantId` header.
 */
export function useMerchantInvoices(merchantId: string | null, page: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: invoiceKeys.merchant(merchantId, page),
    queryFn: ({ signal }) =>
      requestOrThrow<CustomerInvoicesResponse>(
        `${MERCHANT_INVOICES_PATH}?${new URLSearchParams({ page: String(page), pageSize: String(INVOICES_PAGE_SIZE) })}`,
        { locale, headers: merchantId ? { merchantId } : {}, signal },
      ),
    placeholderData: keepPreviousData,
  });
}
