import { Button, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { CARD_CATEGORIES, TERMINAL_CALL_KINDS } from '@tessera/domain';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { useSearchParams } from 'react-router';
import { TransactionDispute } from '../../../lib/dispute-slot';
import { productName } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import { transactionsDownloadHref, useMerchantTransactions } from '../api/get-merchant-transactions';
import { useStoreList } from '../api/get-store-list';
import type { TransactionFilters } from '../api/merchant-dashboard-keys';
import type { MerchantContext } from '../api/merchant-context';
import { TRANSACTIONS_ANCHOR } from './settlements-table';
import { TransactionsTable } from './transactions-table';

/** The filters the address carries (`?from=&to=&storeId=&terminalId=&product=&outcome=&kind=`). */
export const FILTER_NAMES = ['from', 'to', 'storeId', 'terminalId', 'product', 'outcome', 'kind'] as const;
type FilterName = (typeof FILTER_NAMES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const OUTCOMES = ['approved', 'declined'] as const;

/** The filters of the address, the invalid ones left out (a hand-edited link never errs). */
export function filtersOf(search: URLSearchParams): TransactionFilters {
  const pick = (name: FilterName) => search.get(name)?.trim() || undefined;
  const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[]) =>
    allowed.find((candidate) => candidate === value);
  const from = pick('from');
  const to = pick('to');
  const filters: TransactionFilters = {
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    storeId: pick('storeId'),
    terminalId: pick('terminalId'),
    product: oneOf(pick('product'), CARD_CATEGORIES),
    outcome: oneOf(pick('outcome'), OUTCOMES),
    kind: oneOf(pick('kind'), TERMINAL_CALL_KINDS),
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as TransactionFilters;
}

/**
 * Every transaction of the merchant (research pain 10: "why can't I see all my transactions"):
 * approved and declined, with filters kept in the address (the settlements link here for a day),
 * keyset pages (a stack of cursors for Previous) and the same filters downloaded as xlsx or CSV.
 */
export function TransactionsSection({
  context,
  canDispute = false,
}: {
  context: MerchantContext;
  /** Whether the user may open a dispute (the merchant's administrator, provider staff). */
  canDispute?: boolean;
}) {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const filterKey = JSON.stringify(filters);

  const setFilter = (name: FilterName, value: string) => {
    const params = new URLSearchParams(search);
    if (value) params.set(name, value);
    else params.delete(name);
    // A terminal belongs to a store: another store clears it.
    if (name === 'storeId') params.delete('terminalId');
    setSearch(params, { replace: true, preventScrollReset: true });
  };
  const clear = () => {
    const params = new URLSearchParams(search);
    for (const name of FILTER_NAMES) params.delete(name);
    setSearch(params, { replace: true, preventScrollReset: true });
  };

  return (
    <section
      aria-labelledby={`${TRANSACTIONS_ANCHOR}-title`}
      id={TRANSACTIONS_ANCHOR}
      className="tessera-balance__section"
    >
      <Title order={2} id={`${TRANSACTIONS_ANCHOR}-title`} mb="sm">
        {intl.formatMessage({ id: 'merchantDashboard.transactions.title' })}
      </Title>
      <TransactionFiltersForm context={context} filters={filters} onChange={setFilter} onClear={clear} />
      <Group gap="sm" mb="md">
        <Button
          component="a"
          variant="outline"
          href={transactionsDownloadHref(context, filters, 'xlsx')}
          download
        >
          {intl.formatMessage({ id: 'merchantDashboard.transactions.downloadXlsx' })}
        </Button>
        <Button
          component="a"
          variant="outline"
          href={transactionsDownloadHref(context, filters, 'csv')}
          download
        >
          {intl.formatMessage({ id: 'merchantDashboard.transactions.downloadCsv' })}
        </Button>
      </Group>
      {/* New filters start again at page 1: the cursor stack lives in the keyed results. */}
      <TransactionResults key={filterKey} context={context} filters={filters} canDispute={canDispute} />
    </section>
  );
}

function TransactionFiltersForm({
  context,
  filters,
  onChange,
  onClear,
}: {
  context: MerchantContext;
  filters: TransactionFilters;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const stores = useStoreList(context);
  const storeChoices = stores.data ?? [];
  const terminals = storeChoices
    .filter((store) => !filters.storeId || store.storeId === filters.storeId)
    .flatMap((store) => store.terminals.map((terminal) => ({ store, terminal })));
  const all = intl.formatMessage({ id: 'merchantDashboard.filters.all' });
  const hasFilters = Object.keys(filters).length > 0;
  const t = (id: MessageId) => intl.formatMessage({ id });

  return (
    <div role="group" aria-label={t('merchantDashboard.filters.label')}>
      <div className="tessera-balance__filters">
        <TextInput
          type="date"
          label={t('merchantDashboard.filters.from')}
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(event) => onChange('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('merchantDashboard.filters.to')}
          value={filters.to ?? ''}
          min={filters.from}
          onChange={(event) => onChange('to', event.currentTarget.value)}
        />
        <NativeSelect
          label={t('merchantDashboard.filters.store')}
          value={filters.storeId ?? ''}
          onChange={(event) => onChange('storeId', event.currentTarget.value)}
          data={[
            { value: '', label: all },
            ...storeChoices.map((store) => ({ value: store.storeId, label: store.name })),
          ]}
        />
        <NativeSelect
          label={t('merchantDashboard.filters.terminal')}
          value={filters.terminalId ?? ''}
          onChange={(event) => onChange('terminalId', event.currentTarget.value)}
          data={[
            { value: '', label: all },
            ...terminals.map(({ store, terminal }) => ({
              value: terminal.terminalId,
              label: `${terminal.label} · MID ${terminal.mid}${filters.storeId ? '' : ` (${store.name})`}`,
            })),
          ]}
        />
        <NativeSelect
          label={t('merchantDashboard.filters.product')}
          value={filters.product ?? ''}
          onChange={(event) => onChange('product', event.currentTarget.value)}
          data={[
            { value: '', label: all },
            ...CARD_CATEGORIES.map((product) => ({ value: product, label: productName(product, locale) })),
          ]}
        />
        <NativeSelect
          label={t('merchantDashboard.filters.outcome')}
          value={filters.outcome ?? ''}
          onChange={(event) => onChange('outcome', event.currentTarget.value)}
          data={[
            { value: '', label: all },
            { value: 'approved', label: t('merchantDashboard.outcome.approved') },
            { value: 'declined', label: t('merchantDashboard.outcome.declined') },
          ]}
        />
        <NativeSelect
          label={t('merchantDashboard.filters.kind')}
          value={filters.kind ?? ''}
          onChange={(event) => onChange('kind', event.currentTarget.value)}
          data={[
            { value: '', label: all },
            ...TERMINAL_CALL_KINDS.map((kind) => ({
              value: kind,
              label: t(`merchantDashboard.kind.${kind}`),
            })),
          ]}
        />
        <Group align="flex-end">
          <Button variant="subtle" onClick={onClear} disabled={!hasFilters}>
            {t('merchantDashboard.filters.clear')}
          </Button>
        </Group>
      </div>
    </div>
  );
}

function TransactionResults({
  context,
  filters,
  canDispute,
}: {
  context: MerchantContext;
  filters: TransactionFilters;
  canDispute: boolean;
}) {
  const intl = useIntl();
  // The cursors of the pages seen so far: the last is this page's (null: the first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useMerchantTransactions(context, filters, cursor);
  const pageNumber = cursors.length;
  const statusId = useId();

  if (page.isPending) return <LoadingState />;
  if (page.isError) return <ErrorState onRetry={() => void page.refetch()} />;
  const { transactions, nextCursor } = page.data;
  if (transactions.length === 0 && pageNumber === 1) {
    return <EmptyState message={intl.formatMessage({ id: 'merchantDashboard.transactions.empty' })} />;
  }
  return (
    <>
      <TransactionsTable
        transactions={transactions}
        // Issue 34 §1 (ADR 043): a purchase's dispute, through the disputes feature's slot.
        actions={(transaction) => (
          <TransactionDispute
            subject={{
              party: 'merchant',
              merchantId: context.merchantId,
              transactionId: transaction.transactionId,
            }}
            pageIds={transactions.map((row) => row.transactionId)}
            canOpen={canDispute && transaction.kind === 'authorise'}
            amountCents={transaction.amountCents}
            at={transaction.at}
          />
        )}
        caption={intl.formatMessage({ id: 'merchantDashboard.transactions.listLabel' })}
      />
      <Group justify="space-between" mt="md" wrap="wrap">
        <Text id={statusId} role="status" fw={600}>
          {intl.formatMessage({ id: 'merchantDashboard.pager.page' }, { page: pageNumber })}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={pageNumber === 1 || page.isPlaceholderData}
            onClick={() => setCursors((stack) => stack.slice(0, -1))}
          >
            {intl.formatMessage({ id: 'merchantDashboard.pager.previous' })}
          </Button>
          <Button
            variant="default"
            disabled={!nextCursor || page.isPlaceholderData}
            onClick={() => nextCursor && setCursors((stack) => [...stack, nextCursor])}
          >
            {intl.formatMessage({ id: 'merchantDashboard.pager.next' })}
          </Button>
        </Group>
      </Group>
    </>
  );
}
