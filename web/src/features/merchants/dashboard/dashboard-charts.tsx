import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { MerchantKpis } from '@tessera/domain';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMessageAreas } from '../../../i18n/use-message-areas';
import { ChartsLoading } from './charts-loading';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { productName } from '../../../lib/product-name';
import { useLocale } from '../../../lib/use-locale';

const PRODUCT_COLORS = ['tessera.7', 'blue.8', 'orange.9', 'grape.8', 'teal.9', 'gray.7'];
const euros = (cents: number) => cents / 100;

/**
 * The dashboard's four charts (loaded on their own: the library is most of the page's weight).
 * Drawings are for the eye only: each has the same figures as a table for screen readers.
 */
export function DashboardCharts({ kpis }: { kpis: MerchantKpis }) {
  // The charts' texts come with their code, after the dashboard's figures (issue 36 §4, ADR 052).
  const hasTexts = useMessageAreas(CHART_AREAS);
  return hasTexts ? <Charts kpis={kpis} /> : <ChartsLoading />;
}

const CHART_AREAS = ['merchantCharts'] as const;

function Charts({ kpis }: { kpis: MerchantKpis }) {
  const intl = useIntl();
  const locale = useLocale();
  const moneyAxis = {
    width: 72,
    tickFormatter: (value: number) => `${formatNumber(value, locale)} €`,
  };
  const money = (value: number) => formatMoney(Math.round(value * 100));
  const shortDay = (day: string) => formatDate(day, locale).slice(0, 5);
  const products = kpis.salesByProduct.map((entry, index) => ({
    name: productName(entry.product, locale),
    value: euros(entry.salesCents),
    color: PRODUCT_COLORS[index % PRODUCT_COLORS.length] ?? 'gray.7',
  }));

  return (
    <div className="tessera-dashboard__charts">
      <ChartFigure
        title={intl.formatMessage({ id: 'merchantDashboard.chart.byDay' })}
        headers={[
          intl.formatMessage({ id: 'merchantDashboard.chart.day' }),
          intl.formatMessage({ id: 'merchantDashboard.chart.sales' }),
        ]}
        rows={kpis.salesByDay.map((entry) => [formatDate(entry.day, locale), formatMoney(entry.salesCents)])}
        isEmpty={kpis.salesByDay.every((entry) => entry.salesCents === 0)}
      >
        <BarChart
          h={220}
          data={kpis.salesByDay.map((entry) => ({
            day: shortDay(entry.day),
            sales: euros(entry.salesCents),
          }))}
          dataKey="day"
          series={[
            {
              name: 'sales',
              label: intl.formatMessage({ id: 'merchantDashboard.chart.sales' }),
              color: 'tessera.7',
            },
          ]}
          valueFormatter={money}
          yAxisProps={moneyAxis}
          gridAxis="y"
          barChartProps={{ accessibilityLayer: false }}
        />
      </ChartFigure>
      <ChartFigure
        title={intl.formatMessage({ id: 'merchantDashboard.chart.byStore' })}
        headers={[
          intl.formatMessage({ id: 'merchantDashboard.chart.store' }),
          intl.formatMessage({ id: 'merchantDashboard.chart.sales' }),
        ]}
        rows={kpis.salesByStore.map((entry) => [entry.storeName, formatMoney(entry.salesCents)])}
        isEmpty={kpis.salesByStore.length === 0}
      >
        <BarChart
          h={Math.max(160, kpis.salesByStore.length * 48)}
          data={kpis.salesByStore.map((entry) => ({
            store: entry.storeName,
            sales: euros(entry.salesCents),
          }))}
          dataKey="store"
          orientation="vertical"
          series={[
            {
              name: 'sales',
              label: intl.formatMessage({ id: 'merchantDashboard.chart.sales' }),
              color: 'blue.8',
            },
          ]}
          valueFormatter={money}
          xAxisProps={{ tickFormatter: moneyAxis.tickFormatter }}
          yAxisProps={{ width: 150, tick: { fontSize: 11 } }}
          gridAxis="x"
          barChartProps={{ accessibilityLayer: false }}
        />
      </ChartFigure>
      <ChartFigure
        title={intl.formatMessage({ id: 'merchantDashboard.chart.byProduct' })}
        headers={[
          intl.formatMessage({ id: 'merchantDashboard.chart.product' }),
          intl.formatMessage({ id: 'merchantDashboard.chart.sales' }),
        ]}
        rows={kpis.salesByProduct.map((entry) => [
          productName(entry.product, locale),
          formatMoney(entry.salesCents),
        ])}
        isEmpty={products.every((entry) => entry.value <= 0)}
        legend={
          <ul className="tessera-dashboard__legend" aria-hidden="true">
            {products.map((entry) => (
              <li key={entry.name}>
                <span
                  className="tessera-dashboard__swatch"
                  style={{ background: `var(--mantine-color-${entry.color.replace('.', '-')})` }}
                />
                {entry.name}: {money(entry.value)}
              </li>
            ))}
          </ul>
        }
      >
        <DonutChart
          h={200}
          data={products.filter((entry) => entry.value > 0)}
          valueFormatter={money}
          withTooltip
          mx="auto"
          pieChartProps={{ accessibilityLayer: false }}
          // The drawing is hidden from assistive technology: nothing in it may take focus either.
          pieProps={{ rootTabIndex: -1 }}
        />
      </ChartFigure>
      <ChartFigure
        title={intl.formatMessage({ id: 'merchantDashboard.chart.peakHours' })}
        headers={[
          intl.formatMessage({ id: 'merchantDashboard.chart.hour' }),
          intl.formatMessage({ id: 'merchantDashboard.chart.count' }),
        ]}
        rows={kpis.peakHours.map((entry) => [
          `${String(entry.hour).padStart(2, '0')}:00`,
          formatNumber(entry.count, locale),
        ])}
        isEmpty={kpis.peakHours.every((entry) => entry.count === 0)}
      >
        <BarChart
          h={220}
          data={kpis.peakHours.map((entry) => ({
            hour: String(entry.hour).padStart(2, '0'),
            count: entry.count,
          }))}
          dataKey="hour"
          series={[
            {
              name: 'count',
              label: intl.formatMessage({ id: 'merchantDashboard.chart.count' }),
              color: 'orange.9',
            },
          ]}
          valueFormatter={(value) => formatNumber(value, locale)}
          yAxisProps={{ width: 48 }}
          gridAxis="y"
          barChartProps={{ accessibilityLayer: false }}
        />
      </ChartFigure>
    </div>
  );
}

type FigureProps = {
  title: string;
  headers: [string, string];
  rows: [string, string][];
  isEmpty: boolean;
  legend?: ReactNode;
  children: ReactNode;
};

/** A chart with its title, the drawing hidden from screen readers and the same figures as a table. */
function ChartFigure({ title, headers, rows, isEmpty, legend, children }: FigureProps) {
  const intl = useIntl();
  const titleId = useId();
  return (
    <Paper component="figure" withBorder radius="md" p="md" m={0} aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {isEmpty ? (
        <Text c="dimmed">{intl.formatMessage({ id: 'merchantDashboard.chart.empty' })}</Text>
      ) : (
        <>
          <div aria-hidden="true">{children}</div>
          {legend}
          <VisuallyHidden>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{headers[0]}</th>
                  <th scope="col">{headers[1]}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
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
