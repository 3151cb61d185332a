import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CardsKpisResponse } from '@tessera/domain';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { formatMonth } from '../model';

type Props = { months: CardsKpisResponse['loadedByMonth'] };

/**
 * Loads per month over the last six months. The drawing is for the eye only: screen readers get
 * the same figures as a table (the chart's text alternative), so nothing is lost without sight.
 */
export function LoadedByMonthChart({ months }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  const title = intl.formatMessage({ id: 'cards.chart.title' });
  const data = months.map((entry) => ({
    month: formatMonth(entry.month, locale, 'short'),
    amount: entry.amountCents / 100,
  }));

  return (
    <Paper component="figure" withBorder radius="md" p="md" m={0} aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {title}
      </Title>
      {months.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'cards.chart.empty' })}</Text>
      ) : (
        <>
          <div aria-hidden="true">
            <BarChart
              h={220}
              data={data}
              dataKey="month"
              series={[{ name: 'amount', label: title, color: 'tessera.7' }]}
              valueFormatter={(value) => formatMoney(Math.round(value * 100))}
              yAxisProps={{ width: 72, tickFormatter: (value: number) => `${formatNumber(value, locale)} €` }}
              gridAxis="y"
              barChartProps={{ accessibilityLayer: false }}
            />
          </div>
          <VisuallyHidden>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage({ id: 'cards.chart.month' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'cards.chart.amount' })}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((entry) => (
                  <tr key={entry.month}>
                    <th scope="row">{formatMonth(entry.month, locale, 'long')}</th>
                    <td>{formatMoney(entry.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
