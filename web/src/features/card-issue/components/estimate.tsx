import { Paper, Text, Title } from '@mantine/core';
import { priceOrder, type OrderDraft } from '@tessera/domain';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import type { ProductChoice } from '../model';

/**
 * The price while typing, from the shared pricing rules with the default fees (ADR 009). Only an
 * estimate: the company's contract may change the fees, and the overview shows the server's price.
 */
export function Estimate({ draft, choice }: { draft: OrderDraft; choice: ProductChoice }) {
  const intl = useIntl();
  const locale = useLocale();
  const headingId = useId();
  const cards = draft.changedData.cards;
  const price = useMemo(
    () =>
      priceOrder({
        orderType: draft.orderType,
        family: choice.family,
        lines: cards.map((line) => ({ tempCardId: line.tempCardId, amountCents: line.amountCents })),
      }),
    [draft.orderType, choice.family, cards],
  );
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      className="tessera-issue-estimate"
    >
      <Title order={4} size="h5" id={headingId}>
        {intl.formatMessage({ id: 'cardIssue.estimate.title' })}
      </Title>
      <dl className="tessera-issue-totals">
        <div>
          <dt>{intl.formatMessage({ id: 'cardIssue.estimate.cards' })}</dt>
          <dd>{formatNumber(cards.length, locale)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'cardIssue.totals.load' })}</dt>
          <dd>{formatMoney(price.loadCents)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'cardIssue.estimate.fees' })}</dt>
          <dd>{formatMoney(price.feesNetCents + price.vatCents)}</dd>
        </div>
        <div className="tessera-issue-totals__total">
          <dt>{intl.formatMessage({ id: 'cardIssue.estimate.total' })}</dt>
          <dd>{formatMoney(price.totalCents)}</dd>
        </div>
      </dl>
      <Text size="xs" c="dimmed">
        {intl.formatMessage({ id: 'cardIssue.estimate.note' })}
      </Text>
    </Paper>
  );
}
