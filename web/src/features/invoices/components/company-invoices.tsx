import { Button, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { roleMay, type InvoiceKind } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRequestContext } from '../../../lib/request-context';
import { useSession } from '../../../lib/session';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { PagePagination } from '../../../ui/page-pagination';
import { useCompanyInvoices } from '../api/get-company-invoices';
import {
  COMPANY_INVOICES_PATH,
  exportHref,
  INVOICES_PAGE_SIZE,
  NO_FILTERS,
  type InvoiceFilters,
} from '../api/invoice-links';
import { InvoiceTable } from './invoice-table';
import '../invoices.css';

/**
 * The company's invoices and credit notes (issue 37 §4) on the finance desk: filtered by issue
 * dates and kind, a page at a time, each with its PDF and myDATA XML, and the documents the
 * filters show as a spreadsheet for the company's accountant. Nothing for a role that may not
 * read them (the payment manager: the server would refuse).
 */
export function CompanyInvoices() {
  const roleId = useSession().data?.user.userRoleId;
  if (roleId === undefined || !roleMay(roleId, 'invoices.read')) return null;
  return <CompanyInvoicesSection />;
}

function CompanyInvoicesSection() {
  const intl = useIntl();
  const { companyId, locale } = useRequestContext();
  const titleId = useId();
  const [filters, setFilters] = useState<InvoiceFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const list = useCompanyInvoices(filters, page);
  const isReversed = filters.from !== null && filters.to !== null && filters.from > filters.to;
  const isFiltered = filters.from !== null || filters.to !== null || filters.kind !== null;
  const change = (next: Partial<InvoiceFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };

  let body;
  if (list.isPending) body = <LoadingState label={intl.formatMessage({ id: 'invoices.loading' })} />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (list.data.invoices.length === 0)
    body = (
      <EmptyState
        message={intl.formatMessage({
          id: isFiltered ? 'invoices.company.emptyFiltered' : 'invoices.company.empty',
        })}
      />
    );
  else
    body = (
      <>
        <InvoiceTable
          invoices={list.data.invoices}
          caption={intl.formatMessage({ id: 'invoices.company.caption' })}
          base={COMPANY_INVOICES_PATH}
          party={companyId ? { companyId } : null}
          variant="company"
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
    <section className="tessera-invoices" aria-labelledby={titleId}>
      <Title order={2} id={titleId} mb="xs">
        {intl.formatMessage({ id: 'invoices.company.title' })}
      </Title>
      <Text mb="md">{intl.formatMessage({ id: 'invoices.company.intro' })}</Text>
      <form
        role="search"
        aria-label={intl.formatMessage({ id: 'invoices.filter.label' })}
        className="tessera-invoices__filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <TextInput
          type="date"
          name="from"
          label={intl.formatMessage({ id: 'invoices.filter.from' })}
          value={filters.from ?? ''}
          max={filters.to ?? undefined}
          onChange={(event) => change({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          name="to"
          label={intl.formatMessage({ id: 'invoices.filter.to' })}
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          error={isReversed ? intl.formatMessage({ id: 'invoices.filter.reversed' }) : undefined}
          onChange={(event) => change({ to: event.currentTarget.value || null })}
        />
        <NativeSelect
          name="kind"
          label={intl.formatMessage({ id: 'invoices.filter.kind' })}
          value={filters.kind ?? ''}
          data={[
            { value: '', label: intl.formatMessage({ id: 'invoices.filter.allKinds' }) },
            { value: 'invoice', label: intl.formatMessage({ id: 'invoices.filter.invoices' }) },
            { value: 'credit-note', label: intl.formatMessage({ id: 'invoices.filter.creditNotes' }) },
          ]}
          onChange={(event) => change({ kind: (event.currentTarget.value || null) as InvoiceKind | null })}
        />
        <Button variant="subtle" disabled={!isFiltered} onClick={() => change(NO_FILTERS)}>
          {intl.formatMessage({ id: 'invoices.filter.reset' })}
        </Button>
        <Button component="a" variant="outline" href={exportHref(companyId, filters, locale)} download>
          {intl.formatMessage({ id: 'invoices.export' })}
        </Button>
      </form>
      {list.data && list.data.total > 0 ? (
        <Text size="sm" c="dimmed" mb="xs" role="status">
          {intl.formatMessage({ id: 'invoices.company.count' }, { count: list.data.total })}
        </Text>
      ) : null}
      {body}
    </section>
  );
}
