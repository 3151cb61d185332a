import type { CustomerInvoicesResponse } from '@tessera/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { requestOrThrow } from '../../../lib/request';
import { contextOptions, useRequestContext } from '../../../lib/request-context';
import { COMPANY_INVOICES_PATH, INVOICES_PAGE_SIZE, invoiceKeys, type InvoiceFilters } from './invoice-links';

/** `GET /api/v1/orders/invoices`: a page of the company's invoices and credit notes, newest first. */
export function useCompanyInvoices(filters: InvoiceFilters, page: number) {
  const context = useRequestContext();
  return useQuery({
    queryKey: invoiceKeys.company(context.companyId, filters, page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(INVOICES_PAGE_SIZE) });
      if (filters.from) query.set('from', filters.from);
      if (filters.to) query.set('to', filters.to);
      if (filters.kind) query.set('kind', filters.kind);
      return requestOrThrow<CustomerInvoicesResponse>(`${COMPANY_INVOICES_PATH}?${query}`, {
        ...contextOptions(context),
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}
