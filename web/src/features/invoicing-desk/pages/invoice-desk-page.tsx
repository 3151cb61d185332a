import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { InvoiceDeskSearchQuerySchema, type DeskInvoice } from '@tessera/domain';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../../i18n/messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { useDeskQueue } from '../api/get-desk-queue';
import { useInvoiceSearch } from '../api/search-invoices';
import { DeskInvoiceRecords } from '../components/desk-invoice-records';

/**
 * `/back-office/invoices` (provider staff, issue 37 §3–4): the documents AADE refused, with its
 * error codes and messages, and those still waiting to reach it, with their attempts and next
 * retry, each oldest first; and the search by number as printed, MARK or the customer's ΑΦΜ (kept
 * in the address as `?q=`). Each document opens its detail, where staff send it again.
 */
export function InvoiceDeskPage() {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim().slice(0, 40);
  const title = t('invoiceDesk.title');
  useDocumentTitle(title);

  /** The text searched for, in the address (empty: the queue). */
  const setQuery = (text: string) => {
    const params = new URLSearchParams(search);
    if (InvoiceDeskSearchQuerySchema.safeParse({ q: text }).success) params.set('q', text.trim());
    else params.delete('q');
    setSearch(params);
  };

  return (
    <section className="tessera-page" aria-labelledby="invoice-desk-title">
      <PageHeader id="invoice-desk-title" title={title} summary={t('invoiceDesk.intro')} />
      {/* Keyed by the address's text: going back or forward shows what was searched. */}
      <SearchForm key={q} q={q} onSearch={setQuery} />
      {q !== '' ? <SearchResults q={q} /> : <DeskQueue />}
    </section>
  );
}

function SearchForm({ q, onSearch }: { q: string; onSearch: (text: string) => void }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [typed, setTyped] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed);
  };
  return (
    <form role="search" onSubmit={submit}>
      <Group align="flex-end" gap="sm" wrap="wrap" mb="lg">
        <TextInput
          label={t('invoiceDesk.search.label')}
          description={t('invoiceDesk.search.hint')}
          value={typed}
          maxLength={40}
          onChange={(event) => setTyped(event.currentTarget.value)}
          style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
        />
        <Button type="submit">{t('invoiceDesk.search.submit')}</Button>
        {q !== '' ? (
          <Button variant="default" onClick={() => onSearch('')}>
            {t('invoiceDesk.search.clear')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

function SearchResults({ q }: { q: string }) {
  const intl = useIntl();
  const found = useInvoiceSearch(q);
  const now = useNow(30_000);
  const heading = intl.formatMessage({ id: 'invoiceDesk.search.results' }, { q });
  let body;
  if (found.isPending) body = <LoadingState />;
  else if (found.isError) body = <ErrorState onRetry={() => void found.refetch()} />;
  else if (found.data.matchedBy === 'none')
    body = <EmptyState message={intl.formatMessage({ id: 'invoiceDesk.search.unreadable' })} />;
  else if (found.data.invoices.length === 0)
    body = <EmptyState message={intl.formatMessage({ id: 'invoiceDesk.search.none' })} />;
  else
    body = <DeskInvoiceRecords invoices={found.data.invoices} labelledBy="invoice-desk-results" now={now} />;
  return (
    <section aria-labelledby="invoice-desk-results">
      <Title order={2} size="h3" id="invoice-desk-results" mb="sm">
        {heading}
      </Title>
      {body}
    </section>
  );
}

function DeskQueue() {
  const intl = useIntl();
  const queue = useDeskQueue();
  const now = useNow(30_000);
  if (queue.isPending) return <LoadingState />;
  if (queue.isError) return <ErrorState onRetry={() => void queue.refetch()} />;
  const { refused, waiting, hasMore } = queue.data;
  return (
    <Stack gap="xl">
      {hasMore ? <Alert color="gray">{intl.formatMessage({ id: 'invoiceDesk.hasMore' })}</Alert> : null}
      <QueueSection
        id="invoice-desk-refused"
        title={intl.formatMessage({ id: 'invoiceDesk.refused.title' }, { count: String(refused.length) })}
        intro={intl.formatMessage({ id: 'invoiceDesk.refused.intro' })}
        empty={intl.formatMessage({ id: 'invoiceDesk.refused.empty' })}
        invoices={refused}
        now={now}
      />
      <QueueSection
        id="invoice-desk-waiting"
        title={intl.formatMessage({ id: 'invoiceDesk.waiting.title' }, { count: String(waiting.length) })}
        intro={intl.formatMessage({ id: 'invoiceDesk.waiting.intro' })}
        empty={intl.formatMessage({ id: 'invoiceDesk.waiting.empty' })}
        invoices={waiting}
        now={now}
      />
    </Stack>
  );
}

function QueueSection({
  id,
  title,
  intro,
  empty,
  invoices,
  now,
}: {
  id: string;
  title: string;
  intro: string;
  empty: string;
  invoices: readonly DeskInvoice[];
  now: Date;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={4}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {intro}
      </Text>
      {invoices.length === 0 ? (
        <EmptyState message={empty} />
      ) : (
        <DeskInvoiceRecords invoices={invoices} labelledBy={id} now={now} />
      )}
    </section>
  );
}
