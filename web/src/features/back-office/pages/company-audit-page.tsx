import { useIntl } from 'react-intl';
import { useAccount } from '../../../lib/use-account';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountHeader } from '../../../ui/account-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useCompanyAuditLog } from '../api/audit-log';
import { useAuditFilters } from '../api/use-audit-filters';
import { AuditFiltersForm } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';
import { useCompanyVoice } from '../../../lib/company-voice';

/**
 * `/account/audit` (the company's order manager): every change made to the company's data, by its
 * own people and by the provider's staff acting for it (with the reason they gave).
 */
export function CompanyAuditPage() {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const { companyId } = useAccount();
  const [filters, setFilters] = useAuditFilters();
  const log = useCompanyAuditLog(companyId ?? '', filters);
  const title = intl.formatMessage({ id: 'pages.accountAudit' });
  useDocumentTitle(title);
  const { page: _page, ...shown } = filters;

  let body;
  if (log.isPending) body = <LoadingState />;
  else if (log.isError) body = <ErrorState onRetry={() => void log.refetch()} />;
  else if (log.data.entries.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'backOffice.audit.none' })} />;
  else body = <AuditTable data={log.data} onPage={(page) => setFilters({ page })} showCompany={false} />;

  return (
    <section className="tessera-page" aria-labelledby="company-audit-title">
      <AccountHeader
        id="company-audit-title"
        title={title}
        summary={intl.formatMessage({ id: 'backOffice.audit.companySummary' }, voice)}
      />
      <AuditFiltersForm
        key={JSON.stringify(shown)}
        value={filters}
        entities={log.data?.entities ?? []}
        withCompany={false}
        onApply={(next) => setFilters({ ...next, page: 1 })}
      />
      {body}
    </section>
  );
}
