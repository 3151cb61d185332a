import { Anchor, Paper } from '@mantine/core';
import { useIntl } from 'react-intl';
import { canSelectCompany } from '../../../lib/company-selection';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useCompany } from '../api/get-company';
import { PageHeader } from '../../../ui/page-header';
import { CompanyContracts } from '../../../lib/company-contracts-slot';
import { useActingCompanyId } from '../../../lib/use-acting-company';

/**
 * `/account/about`: the company the user acts for — name, VAT number, id, address and contacts —
 * then its contracts with the provider and the TRZ contract (which the order manager sets and
 * accepts).
 */
export function AboutPage() {
  const intl = useIntl();
  const session = useSession();
  const user = session.data?.user;
  const companyId = useActingCompanyId();
  const company = useCompany(companyId);
  const title = intl.formatMessage({ id: 'companies.about.title' });
  useDocumentTitle(title);

  let body;
  if (companyId === null) {
    const chooseHref = user && canSelectCompany(user) ? '/company-select' : '/all-companies';
    body = (
      <>
        <EmptyState message={intl.formatMessage({ id: 'companies.about.none' })} />
        {user && (canSelectCompany(user) || user.userRoleId < 3) ? (
          <Anchor component={LanguageLink} to={chooseHref} fw={600}>
            {intl.formatMessage({ id: 'companies.about.choose' })}
          </Anchor>
        ) : null}
      </>
    );
  } else if (company.isPending) body = <LoadingState />;
  else if (company.isError) body = <ErrorState onRetry={() => void company.refetch()} />;
  else {
    const data = company.data;
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <dl className="tessera-definitions">
          <div>
            <dt>{intl.formatMessage({ id: 'companies.about.name' })}</dt>
            <dd>{data.name}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'companies.about.vat' })}</dt>
            <dd>{data.vat}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'companies.about.id' })}</dt>
            <dd>{data.companyId}</dd>
          </div>
          {data.address ? (
            <div>
              <dt>{intl.formatMessage({ id: 'companies.about.address' })}</dt>
              <dd>{data.address}</dd>
            </div>
          ) : null}
          {data.contacts.length > 0 ? (
            <div>
              <dt>{intl.formatMessage({ id: 'companies.about.contacts' })}</dt>
              <dd>
                <ul className="tessera-plain-list">
                  {data.contacts.map((contact, index) => (
                    <li key={`${contact.name}-${index}`}>
                      {[contact.name, contact.role, contact.email, contact.phone].filter(Boolean).join(' · ')}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      </Paper>
    );
  }

  return (
    <section className="tessera-page tessera-page--narrow" aria-labelledby="about-title">
      <PageHeader id="about-title" title={title} />
      {body}
      {companyId !== null ? <CompanyContracts companyId={companyId} /> : null}
    </section>
  );
}
