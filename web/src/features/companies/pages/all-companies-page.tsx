import { Badge, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { ROLE, stripLeadingWhitespace, type CompanySummary } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/session';
import { useStore } from '../../../lib/storage';
import { LanguageLink } from '../../../ui/language-link';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActingReasonModal } from '../../../ui/acting-reason-modal';
import { LoadingButton } from '../../../ui/loading-button';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { COMPANIES_PAGE_SIZE, useSearchCompanies } from '../api/search-companies';
import { BankStatementSection } from '../components/bank-statement-section';
import { PageHeader } from '../../../ui/page-header';
import { SelectionStatus } from '../components/selection-status';
import { useChooseCompany } from '../components/use-choose-company';
import { PagePagination } from '../../../ui/page-pagination';

/**
 * `/all-companies` (roles 1 and 2): every customer company, searched by name, VAT number or id
 * (accents and case ignored by the server), a page at a time; "Act for this company" selects it
 * (the server writes the switch to the audit log) and goes home after 500 ms. Below the search,
 * the bank statement import that settles RF and IRIS transfers (ADR 010).
 */
export function AllCompaniesPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(query);
  const search = useSearchCompanies(query, page);
  const [companyData] = useStore('companyData');
  const { choose, pendingId, chosen } = useChooseCompany();
  // Staff say why they act for the company before they do (issue 18).
  const [asking, setAsking] = useState<CompanySummary | null>(null);
  const isAdmin = useSession().data?.user.userRoleId === ROLE.ADMIN;
  const title = intl.formatMessage({ id: 'companies.all.title' });
  useDocumentTitle(title);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draft.trim()) next.set('q', draft.trim());
    setParams(next);
  };

  const goToPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('page', String(next));
    setParams(nextParams);
  };

  let results;
  if (search.isPending) results = <LoadingState />;
  else if (search.isError) results = <ErrorState onRetry={() => void search.refetch()} />;
  else if (search.data.companies.length === 0) {
    results = (
      <EmptyState
        message={
          query
            ? intl.formatMessage({ id: 'companies.all.empty' }, { q: query })
            : intl.formatMessage({ id: 'companies.all.none' })
        }
      />
    );
  } else {
    const pages = Math.max(1, Math.ceil(search.data.total / COMPANIES_PAGE_SIZE));
    results = (
      <>
        <Text role="status" mb="sm" c="dimmed">
          {intl.formatMessage({ id: 'companies.all.results' }, { count: search.data.total })}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{intl.formatMessage({ id: 'companies.col.name' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'companies.col.vat' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'companies.col.id' })}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{intl.formatMessage({ id: 'companies.col.action' })}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {search.data.companies.map((company) => {
                const isCurrent = companyData?.companyId === company.companyId;
                // Deactivated companies stay listed for staff (to reactivate them) but cannot be acted for.
                const isDeactivated = company.isActive === false;
                return (
                  <Table.Tr key={company.companyId}>
                    <Table.Td>
                      {company.name}
                      {isCurrent ? (
                        <Badge ml="xs" variant="light" radius="sm">
                          {intl.formatMessage({ id: 'companies.all.acting' })}
                        </Badge>
                      ) : null}
                      {isDeactivated ? (
                        <Badge ml="xs" variant="light" color="gray" c="dark" radius="sm">
                          {intl.formatMessage({ id: 'backOffice.companies.deactivated' })}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{company.vat}</Table.Td>
                    <Table.Td>{company.companyId}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <LoadingButton
                          size="xs"
                          variant={isCurrent ? 'light' : 'filled'}
                          isLoading={pendingId === company.companyId}
                          disabled={
                            isDeactivated ||
                            (pendingId !== null && pendingId !== company.companyId) ||
                            chosen !== null
                          }
                          aria-label={intl.formatMessage(
                            { id: 'companies.all.actFor' },
                            { name: company.name },
                          )}
                          onClick={() => setAsking(company)}
                        >
                          {intl.formatMessage({ id: 'companies.all.act' })}
                        </LoadingButton>
                        <Button
                          component={LanguageLink}
                          to={paths.backOfficeCompany.href(company.companyId)}
                          size="xs"
                          variant="light"
                          aria-label={intl.formatMessage(
                            { id: 'backOffice.companies.editOf' },
                            { name: company.name },
                          )}
                        >
                          {intl.formatMessage({ id: 'backOffice.companies.edit' })}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <PagePagination pages={pages} page={page} onChange={goToPage} />
      </>
    );
  }

  return (
    <section className="tessera-page" aria-labelledby="all-companies-title">
      <PageHeader
        id="all-companies-title"
        title={title}
        summary={intl.formatMessage({ id: 'companies.all.summary' })}
      />
      {isAdmin ? (
        <Group mb="md">
          <Button component={LanguageLink} to={paths.backOfficeNewCompany.href()} variant="light">
            {intl.formatMessage({ id: 'backOffice.companies.new' })}
          </Button>
        </Group>
      ) : null}
      <form role="search" onSubmit={onSubmit} className="tessera-company-search">
        <TextInput
          name="q"
          type="search"
          label={intl.formatMessage({ id: 'companies.all.search' })}
          value={draft}
          onChange={(event) => setDraft(stripLeadingWhitespace(event.currentTarget.value))}
          className="tessera-company-search__input"
        />
        <Button type="submit">{intl.formatMessage({ id: 'companies.all.submit' })}</Button>
      </form>
      <SelectionStatus chosen={chosen} />
      <ActingReasonModal
        opened={asking !== null}
        subject={asking?.name ?? ''}
        onClose={() => setAsking(null)}
        onSubmit={async (reason) => (asking ? choose(asking, reason) : false)}
      />
      {results}
      <BankStatementSection />
    </section>
  );
}
