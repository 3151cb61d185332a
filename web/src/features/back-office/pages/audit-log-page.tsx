import { Anchor, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { AUDIT_EXPORT_PATH, auditSearch, useAuditLog } from '../api/audit-log';
import { useAuditFilters } from '../api/use-audit-filters';
import { AuditFiltersForm } from '../components/audit-filters';
import { AuditTable } from '../components/audit-table';

/**
 * `/back-office/audit` (role 1): every change the portal made, newest first: who, when, acting for
 * which company and why, what entity, before and after; filtered by person, company, entity and
 * dates, and exported as xlsx with the same filters.
 */
export function AuditLogPage() {
  const intl = useIntl();
  const locale = useLocale();
  const [filters, setFilters] = useAuditFilters();
  const log = useAuditLog(filters);
  const title = intl.formatMessage({ id: 'pages.backOfficeAudit' });
  useDocumentTitle(title);
  const { page: _page, ...exportFilters } = filters;
  const exportHref = `${AUDIT_EXPORT_PATH}?${auditSearch({ ...exportFilters, lang: locale })}`;

  let body;
  if (log.isPending) body = <LoadingState />;
  else if (log.isError) body = <ErrorState onRetry={() => void log.refetch()} />;
  else if (log.data.entries.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'backOffice.audit.none' })} />;
  else body = <AuditTable data={log.data} onPage={(page) => setFilters({ page })} />;

  return (
    <section className="tessera-page" aria-labelledby="audit-title">
      <PageHeader
        id="audit-title"
        title={title}
        summary={intl.formatMessage({ id: 'backOffice.audit.summary' })}
      />
      <AuditFiltersForm
        key={JSON.stringify(exportFilters)}
        value={filters}
        entities={log.data?.entities ?? []}
        withCompany
        onApply={(next) => setFilters({ ...next, page: 1 })}
      />
      <Group justify="flex-end" my="sm">
        <Anchor href={exportHref} download>
          {intl.formatMessage({ id: 'backOffice.audit.export' })}
        </Anchor>
      </Group>
      {body}
    </section>
  );
}
