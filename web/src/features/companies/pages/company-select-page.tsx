import { Badge, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useStore } from '../../../lib/storage';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoadingButton } from '../../../ui/loading-button';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useRelatedCompanies } from '../../../lib/api/related-companies';
import { PageHeader } from '../../../ui/page-header';
import { SelectionStatus } from '../components/selection-status';
import { useChooseCompany } from '../components/use-choose-company';

/**
 * `/company-select` (order and payment managers with more than one related company): the user's
 * companies; choosing one stores it, loads its data and the draft count, and goes home after 500 ms.
 */
export function CompanySelectPage() {
  const intl = useIntl();
  const companies = useRelatedCompanies();
  const [companyData] = useStore('companyData');
  const { choose, pendingId, chosen } = useChooseCompany();
  const title = intl.formatMessage({ id: 'companies.select.title' });
  useDocumentTitle(title);

  let body;
  if (companies.isPending) body = <LoadingState />;
  else if (companies.isError) body = <ErrorState onRetry={() => void companies.refetch()} />;
  else if (companies.data.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'companies.select.empty' })} />;
  else {
    body = (
      <ul className="tessera-company-list">
        {companies.data.map((company) => {
          const isCurrent = companyData?.companyId === company.companyId;
          return (
            <li key={company.companyId} className="tessera-company-card">
              <div className="tessera-company-card__text">
                <Text component="div" fw={700} className="tessera-company-card__name">
                  {company.name}
                  {isCurrent ? (
                    <Badge ml="xs" variant="light" radius="sm">
                      {intl.formatMessage({ id: 'companies.select.current' })}
                    </Badge>
                  ) : null}
                </Text>
                <Text size="sm" c="dimmed">
                  {intl.formatMessage({ id: 'companies.vatLabel' }, { vat: company.vat })} ·{' '}
                  {intl.formatMessage({ id: 'companies.idLabel' }, { id: company.companyId })}
                </Text>
              </div>
              <LoadingButton
                variant={isCurrent ? 'light' : 'filled'}
                isLoading={pendingId === company.companyId}
                disabled={(pendingId !== null && pendingId !== company.companyId) || chosen !== null}
                aria-label={intl.formatMessage(
                  { id: 'companies.select.chooseNamed' },
                  { name: company.name },
                )}
                onClick={() => void choose(company)}
              >
                {intl.formatMessage({ id: 'companies.select.choose' })}
              </LoadingButton>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby="company-select-title">
      <PageHeader
        id="company-select-title"
        title={title}
        summary={intl.formatMessage({ id: 'companies.select.summary' })}
      />
      <SelectionStatus chosen={chosen} />
      {body}
    </section>
  );
}
