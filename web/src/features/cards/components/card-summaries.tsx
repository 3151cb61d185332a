import { Button, Paper, Text, Title } from '@mantine/core';
import { CARD_CATEGORIES, CARD_FAMILIES, type CardSummary } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useCardSummaries } from '../api/get-card-summaries';
import type { CardListState } from '../model';
import { productFamilyName } from '../../../lib/labels';

type Props = {
  onFilter: (change: Partial<CardListState>) => void;
};

/** Catalogue order: products as `CARD_CATEGORIES` lists them, then families. */
function byCatalogue(a: CardSummary, b: CardSummary): number {
  return (
    CARD_CATEGORIES.indexOf(a.product) - CARD_CATEGORIES.indexOf(b.product) ||
    CARD_FAMILIES.indexOf(a.family) - CARD_FAMILIES.indexOf(b.family)
  );
}

/** One tile per product and family the company holds: counts and balance, and a link into the list. */
export function CardSummaries({ onFilter }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const summaries = useCardSummaries();

  let body;
  if (summaries.isPending)
    body = <LoadingState label={intl.formatMessage({ id: 'cards.summaries.loading' })} />;
  else if (summaries.isError)
    body = (
      <ErrorState
        message={intl.formatMessage({ id: 'cards.summaries.error' })}
        onRetry={() => void summaries.refetch()}
      />
    );
  else if (summaries.data.summaries.length === 0)
    body = <Text c="dimmed">{intl.formatMessage({ id: 'cards.summaries.empty' })}</Text>;
  else {
    const count = (value: number) => formatNumber(value, locale);
    body = (
      <ul className="tessera-cards-summaries">
        {[...summaries.data.summaries].sort(byCatalogue).map((summary) => {
          const name = productFamilyName(intl, locale, summary.product, summary.family);
          return (
            <Paper component="li" withBorder radius="md" p="md" key={`${summary.product}-${summary.family}`}>
              <Title order={3} size="h5" mb="xs">
                {name}
              </Title>
              <dl className="tessera-cards-summary">
                <div>
                  <dt>{intl.formatMessage({ id: 'cards.summaries.cards' })}</dt>
                  <dd>{count(summary.cards)}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'cards.summaries.active' })}</dt>
                  <dd>{count(summary.activeCards)}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'cards.summaries.expiringSoon' })}</dt>
                  <dd>{count(summary.expiringSoon)}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'cards.summaries.readyToTopUp' })}</dt>
                  <dd>{count(summary.readyToTopUp)}</dd>
                </div>
                <div>
                  <dt>{intl.formatMessage({ id: 'cards.summaries.balance' })}</dt>
                  <dd>{formatMoney(summary.balanceCents)}</dd>
                </div>
              </dl>
              <Button
                variant="subtle"
                size="compact-sm"
                mt="xs"
                px={0}
                aria-label={intl.formatMessage({ id: 'cards.summaries.showNamed' }, { name })}
                onClick={() => onFilter({ product: summary.product, family: summary.family })}
              >
                {intl.formatMessage({ id: 'cards.summaries.show' })}
              </Button>
            </Paper>
          );
        })}
      </ul>
    );
  }

  return (
    <section aria-labelledby="card-summaries-title" className="tessera-cards__section">
      <Title order={2} size="h3" id="card-summaries-title" mb="sm">
        {intl.formatMessage({ id: 'cards.summaries.title' })}
      </Title>
      {body}
    </section>
  );
}
