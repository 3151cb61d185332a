import { Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { PagePagination } from '../../../ui/page-pagination';
import { useMerchantInvoices } from '../api/get-merchant-invoices';
import { INVOICES_PAGE_SIZE, MERCHANT_INVOICES_PATH } from '../api/invoice-links';
import { InvoiceTable } from './invoice-table';
import '../invoices.css';

/**
 * The merchant's invoices and credit notes on its balance sheet (issue 37 §4): commission on its
 * settled days, terminal rentals, bags and stickers, a page at a time, each with its PDF and
 * myDATA XML. Every merchant user reads them (view-only too), and provider staff naming the merchant.
 */
export function MerchantInvoices({ merchantId }: { merchantId: string | null }) {
  const intl = useIntl();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const list = useMerchantInvoices(merchantId, page);

  let body;
  if (list.isPending) body = <LoadingState label={intl.formatMessage({ id: 'invoices.loading' })} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.invoices.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'invoices.merchant.empty' })} />;
  else
    body = (
      <>
        <InvoiceTable
          invoices={list.data.invoices}
          caption={intl.formatMessage({ id: 'invoices.merchant.caption' })}
          base={MERCHANT_INVOICES_PATH}
          party={merchantId ? { merchantId } : null}
          variant="merchant"
          isUpdating={list.isPlaceholderData}
        />
        <PagePagination
          pages={Math.ceil(list.data.total / INVOICES_PAGE_SIZE)}
          page={page}
          onChange={setPage}
        />
      </>
    );

  return (
    <section aria-labelledby={titleId} className="tessera-balance__section">
      <Title order={2} id={titleId} mb="xs">
        {intl.formatMessage({ id: 'invoices.merchant.title' })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'invoices.merchant.intro' })}
      </Text>
      {body}
    </section>
  );
}
