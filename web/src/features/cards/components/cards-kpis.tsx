import { Group, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { CARD_STATUSES, type CardsKpisResponse } from '@tessera/domain';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useCardsKpis } from '../api/get-cards-kpis';
import type { CardListState } from '../model';

type Props = {
  state: CardListState;
  onFilter: (change: Partial<CardListState>) => void;
};

/**
 * The card list's key figures: cards by status, total balance, loads this month, and the two
 * figures the bell speaks of (expiring soon, ready to top up). Those two are buttons: they filter
 * the list below (and clear the filter when pressed again). The chart of the same answer is further
 * down (`LoadsChart`).
 */
export function CardsKpis({ state, onFilter }: Props) {
  const intl = useIntl();
  const kpis = useCardsKpis();
  const title = intl.formatMessage({ id: 'cards.kpi.title' });

  let body;
  if (kpis.isPending) body = <LoadingState label={intl.formatMessage({ id: 'cards.kpi.loading' })} />;
  else if (kpis.isError)
    body = (
      <ErrorState
        message={intl.formatMessage({ id: 'cards.kpi.error' })}
        onRetry={() => void kpis.refetch()}
      />
    );
  else body = <KpiFigures kpis={kpis.data} state={state} onFilter={onFilter} />;

  return (
    // While the figures load, the section keeps about the height they will take (`cards.css`): the
    // card list below does not move down when they arrive (issue 36 §7, ADR 054).
    <section
      aria-labelledby="cards-kpis-title"
      className={`tessera-cards__section${kpis.isPending ? ' tessera-cards__kpis--loading' : ''}`}
    >
      <Title order={2} size="h3" id="cards-kpis-title" mb="sm">
        {title}
      </Title>
      {body}
    </section>
  );
}

function KpiFigures({
  kpis,
  state,
  onFilter,
}: {
  kpis: CardsKpisResponse;
  state: CardListState;
  onFilter: Props['onFilter'];
}) {
  const intl = useIntl();
  const locale = useLocale();
  const count = (value: number) => formatNumber(value, locale);
  const statuses = CARD_STATUSES.filter((status) => (kpis.byStatus[status] ?? 0) > 0);

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
      <KpiTile label={intl.formatMessage({ id: 'cards.kpi.totalCards' })} value={count(kpis.totalCards)}>
        {statuses.length > 0 ? (
          <ul className="tessera-cards-kpi__statuses">
            {statuses.map((status) => (
              <li key={status}>
                {intl.formatMessage(
                  { id: `cards.kpi.byStatus.${status}` },
                  { count: kpis.byStatus[status] ?? 0 },
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </KpiTile>
      <KpiTile
        label={intl.formatMessage({ id: 'cards.kpi.totalBalance' })}
        value={formatMoney(kpis.totalBalanceCents)}
      />
      <KpiTile
        label={intl.formatMessage({ id: 'cards.kpi.loadedThisMonth' })}
        value={formatMoney(kpis.loadedThisMonthCents)}
      >
        <Text size="sm" c="dimmed">
          {intl.formatMessage({ id: 'cards.kpi.loadsThisMonth' }, { count: kpis.loadsThisMonth })}
        </Text>
      </KpiTile>
      <KpiFilterTile
        label={intl.formatMessage({ id: 'cards.kpi.expiringSoon' })}
        value={count(kpis.expiringSoon)}
        isPressed={state.expiringSoon}
        onClick={() => onFilter({ expiringSoon: !state.expiringSoon })}
      />
      <KpiFilterTile
        label={intl.formatMessage({ id: 'cards.kpi.readyToTopUp' })}
        value={count(kpis.readyToTopUp)}
        isPressed={state.readyToTopUp}
        onClick={() => onFilter({ readyToTopUp: !state.readyToTopUp })}
      />
    </SimpleGrid>
  );
}

function KpiTile({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" className="tessera-cards-kpi">
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} className="tessera-cards-kpi__value">
        {value}
      </Text>
      {children}
    </Paper>
  );
}

/** A figure that filters the list: a toggle button whose name is the figure itself. */
function KpiFilterTile({
  label,
  value,
  isPressed,
  onClick,
}: {
  label: string;
  value: string;
  isPressed: boolean;
  onClick: () => void;
}) {
  const intl = useIntl();
  return (
    <UnstyledButton
      aria-pressed={isPressed}
      aria-label={`${label}: ${value}`}
      onClick={onClick}
      className="tessera-cards-kpi tessera-cards-kpi--filter"
      data-pressed={isPressed || undefined}
    >
      <Text size="sm" fw={600} c="dimmed" component="span" display="block">
        {label}
      </Text>
      <Text fz="xl" fw={700} component="span" display="block" className="tessera-cards-kpi__value">
        {value}
      </Text>
      <Group gap={4} component="span">
        <Text size="sm" component="span" c="tessera.7" fw={600}>
          {intl.formatMessage({ id: isPressed ? 'cards.kpi.filterOn' : 'cards.kpi.filterOff' })}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
