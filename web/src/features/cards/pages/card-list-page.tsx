import { Alert, Anchor, Title } from '@mantine/core';
import type { Card } from '@tessera/domain';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { LanguageLink } from '../../../ui/language-link';
import { CardFilters } from '../components/card-filters';
import { CardPanel } from '../components/card-panel';
import { CardSummaries } from '../components/card-summaries';
import { CardsKpis } from '../components/cards-kpis';
import { CardsResults } from '../components/cards-results';
import { LoadsChart } from '../components/loads-chart';
import { PageHeader } from '../../../ui/page-header';
import { useCardListState } from '../hooks/use-card-list-state';
import { canEditCards, type CardListState } from '../model';
import '../cards.css';
import { useCompanyVoice } from '../../../lib/company-voice';

/** "Expires in N days" changes once a day; an hourly clock is plenty. */
const CLOCK_MS = 60 * 60_000;

/**
 * `/card-list`: the company's cards for the people who manage them. Key figures on top, then the
 * list itself — filtered, searched, sorted and paged by the server, its state in the address — and
 * below it loads per month and a summary per product (on a phone the list must not wait behind
 * them). A row opens the card's panel. The order manager and
 * provider staff rename cards, edit cardholders and start issue flows; the finance user and the
 * payment manager see the same read-only.
 */
export function CardListPage() {
  const intl = useIntl();
  const voice = useCompanyVoice();
  const session = useSession();
  const now = useNow(CLOCK_MS);
  const { state, change, reset } = useCardListState();
  const [openCard, setOpenCard] = useState<Card | null>(null);
  const canEdit = canEditCards(session.data?.user.userRoleId);
  const resultsTitle = useRef<HTMLHeadingElement>(null);
  const title = intl.formatMessage({ id: 'cards.list.title' }, voice);
  useDocumentTitle(title);

  /** From the summaries below the list: filter it, and take the reader up to it. */
  const showInList = (filter: Partial<CardListState>) => {
    change(filter);
    resultsTitle.current?.focus();
  };

  return (
    <section className="tessera-page tessera-cards" aria-labelledby="card-list-title">
      <PageHeader
        id="card-list-title"
        title={title}
        summary={intl.formatMessage({ id: 'cards.list.summary' }, voice)}
      />
      {canEdit ? (
        <Anchor component={LanguageLink} to={paths.bulkUpload.href()} fw={600} display="inline-block" mb="lg">
          {intl.formatMessage({ id: 'bulk.entry.link' })}
        </Anchor>
      ) : (
        <Alert color="gray" variant="light" mb="lg">
          {intl.formatMessage({ id: 'cards.list.readOnly' })}
        </Alert>
      )}
      <Anchor component={LanguageLink} to={paths.leaversExpiry.href()} fw={600} display="block" mb="lg">
        {intl.formatMessage({ id: 'cards.leavers.link' })}
      </Anchor>
      <CardsKpis state={state} onFilter={change} />
      <section aria-labelledby="card-list-results-title" className="tessera-cards__section">
        <Title order={2} size="h3" id="card-list-results-title" mb="sm" tabIndex={-1} ref={resultsTitle}>
          {intl.formatMessage({ id: 'cards.list.results' })}
        </Title>
        <CardFilters state={state} onChange={change} onReset={reset} />
        <CardsResults state={state} now={now} onChange={change} onReset={reset} onOpen={setOpenCard} />
      </section>
      <div className="tessera-cards__insights">
        <LoadsChart />
        <CardSummaries onFilter={showInList} />
      </div>
      <CardPanel
        card={openCard}
        canEdit={canEdit}
        now={now}
        onClose={() => setOpenCard(null)}
        onChanged={setOpenCard}
      />
    </section>
  );
}
