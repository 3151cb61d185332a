import { Alert, Button, Text, Title } from '@mantine/core';
import { MAX_DRAFT_ORDERS } from '@tessera/domain';
import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CARD_ISSUE_INFO_PATH, startIssueFlow } from '../../../lib/order-draft';
import { useSession } from '../../../lib/session';
import { useActingCompanyId } from '../../../lib/use-acting-company';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageLink } from '../../../ui/language-link';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useDraftOrders } from '../../../lib/api/drafts';
import { DraftCard } from '../components/draft-card';
import { canEditDrafts, draftListScopeOf, sortNewestFirst } from '../model';
import '../drafts.css';
import { useCompanyVoice } from '../../../lib/company-voice';

/**
 * `/draft-orders` (issue 5): the company's saved, unsubmitted card orders, newest first, with how
 * many there are against the limit of 99 (SPEC §4, ADR 009) and, over it, why no new draft can be
 * made. The order manager and provider staff resume a draft (`/card-issue/info/{draftId}`) or delete
 * it after confirming; the finance user (through its own endpoint) and the payment manager see the
 * list read-only. Every load keeps the persisted draft total in step with the server.
 */
export function DraftOrdersPage() {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const session = useSession();
  const roleId = session.data?.user.userRoleId;
  // The route gate has made sure a company is chosen before this page renders.
  const companyId = useActingCompanyId() ?? '';
  const canEdit = canEditDrafts(roleId);
  const list = useDraftOrders(draftListScopeOf(roleId));
  const drafts = useMemo(() => (list.data ? sortNewestFirst(list.data.draftOrders) : []), [list.data]);
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = intl.formatMessage({ id: 'drafts.page.title' });
  useDocumentTitle(title);

  const onDeleted = (draftTitle: string) => {
    setAnnouncement(intl.formatMessage({ id: 'drafts.deleted' }, { title: draftTitle }));
    // The deleted draft's buttons are gone: continue from the top of the page.
    headingRef.current?.focus();
  };

  const total = list.data?.total ?? 0;
  const isMaxReached = list.data?.isMaxReached ?? false;

  let content;
  if (list.isPending) {
    content = <LoadingState label={intl.formatMessage({ id: 'drafts.list.loading' })} />;
  } else if (list.isError) {
    content = (
      <ErrorState
        message={intl.formatMessage({ id: 'drafts.list.error' })}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (drafts.length === 0) {
    content = <EmptyState message={intl.formatMessage({ id: 'drafts.list.empty' })} />;
  } else {
    content = (
      <ul
        className="tessera-drafts__list"
        aria-label={intl.formatMessage({ id: 'drafts.list.label' })}
        aria-busy={list.isFetching || undefined}
      >
        {drafts.map((draft) => (
          <DraftCard
            key={draft.draftId}
            draft={draft}
            companyId={companyId}
            canEdit={canEdit}
            onDeleted={onDeleted}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="tessera-page tessera-drafts" aria-labelledby="draft-orders-title">
      <div className="tessera-page-header">
        <Title order={1} id="draft-orders-title" ref={headingRef} tabIndex={-1}>
          {title}
        </Title>
        <Text size="lg" className="tessera-page-header__summary">
          {intl.formatMessage({ id: canEdit ? 'drafts.page.summary' : 'drafts.page.summaryReadOnly' }, voice)}
        </Text>
      </div>
      {canEdit ? null : (
        <Alert color="gray" variant="light" mb="lg">
          {intl.formatMessage({ id: 'drafts.page.readOnly' })}
        </Alert>
      )}
      {isMaxReached ? (
        <Alert
          color="orange"
          variant="light"
          mb="lg"
          title={intl.formatMessage({ id: 'drafts.maxReached.title' })}
        >
          {intl.formatMessage(
            { id: canEdit ? 'drafts.maxReached.text' : 'drafts.maxReached.textReadOnly' },
            { count: total, max: MAX_DRAFT_ORDERS, ...voice },
          )}
        </Alert>
      ) : null}
      <div className="tessera-drafts__toolbar">
        <Text fw={600}>
          {list.data
            ? intl.formatMessage({ id: 'drafts.count' }, { count: total, max: MAX_DRAFT_ORDERS })
            : null}
        </Text>
        {canEdit && !isMaxReached && list.data ? (
          <Button
            component={LanguageLink}
            to={CARD_ISSUE_INFO_PATH}
            variant="light"
            onClick={() => startIssueFlow('new-card')}
          >
            {intl.formatMessage({ id: 'drafts.page.new' })}
          </Button>
        ) : null}
      </div>
      <Text role="status" c="teal.9" fw={600} mb={announcement ? 'md' : 0}>
        {announcement}
      </Text>
      {content}
    </section>
  );
}
