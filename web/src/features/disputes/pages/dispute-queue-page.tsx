import { Anchor } from '@mantine/core';
import type { DisputeState } from '@tessera/domain';
import { Link, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { DISPUTES_PAGE_SIZE, useDisputeQueue } from '../api/list-disputes';
import { DisputePager, DisputeRecords, DisputeStateFilter } from '../components/dispute-records';

const STATES = new Set<string>(['open', 'resolved_reversal', 'resolved_refund', 'rejected']);

/**
 * `/back-office/disputes` (provider staff, issue 34 §1): every dispute, open first, filtered by
 * state (kept in the address); each opens its detail, where staff answer it.
 */
export function DisputeQueuePage() {
  const intl = useIntl();
  const locale = useLocale();
  const [search, setSearch] = useSearchParams();
  const named = search.get('state') ?? '';
  const state = STATES.has(named) ? (named as DisputeState) : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const queue = useDisputeQueue(state, page);
  const title = intl.formatMessage({ id: 'disputes.queue.title' });
  useDocumentTitle(title);
  const prefix = locale === 'en' ? '/en' : '';

  const setQuery = (next: { state?: DisputeState | undefined; page?: number }) => {
    const params = new URLSearchParams(search);
    if ('state' in next) {
      if (next.state) params.set('state', next.state);
      else params.delete('state');
      params.delete('page');
    }
    if (next.page !== undefined) params.set('page', String(next.page));
    setSearch(params, { replace: true });
  };

  let body;
  if (queue.isPending) body = <LoadingState />;
  else if (queue.isError) body = <ErrorState onRetry={() => void queue.refetch()} />;
  else if (queue.data.disputes.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'disputes.list.empty' })} />;
  else
    body = (
      <>
        <DisputeRecords
          disputes={queue.data.disputes}
          label={title}
          withParty
          action={(dispute) => (
            <Anchor
              component={Link}
              to={`${prefix}${paths.backOfficeDispute.href(dispute.disputeId)}`}
              aria-label={intl.formatMessage(
                { id: 'disputes.list.detailsOf' },
                {
                  amount: formatMoney(dispute.transaction.amountCents),
                  at: formatDateTime(dispute.transaction.at, locale),
                },
              )}
            >
              {intl.formatMessage({ id: 'disputes.list.details' })}
            </Anchor>
          )}
        />
        <DisputePager
          page={page}
          total={queue.data.total}
          pageSize={DISPUTES_PAGE_SIZE}
          onPage={(next) => setQuery({ page: next })}
        />
      </>
    );

  return (
    <section className="tessera-page" aria-labelledby="disputes-title">
      <PageHeader
        id="disputes-title"
        title={title}
        summary={intl.formatMessage({ id: 'disputes.queue.intro' })}
      />
      <DisputeStateFilter value={state} onChange={(next) => setQuery({ state: next })} />
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{body}</div>
    </section>
  );
}
