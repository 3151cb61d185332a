import { Anchor, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../../lib/use-locale';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { feeInvoiceHref, useMerchantSettlements } from '../api/get-merchant-settlements';
import type { MerchantContext } from '../api/merchant-context';

/** `2026-03` as `March 2026` / `Μάρτιος 2026`. */
export function monthName(month: string, locale: 'el' | 'en'): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'el-GR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)));
}

/** The monthly fee invoices (PDF, in Greek): one for every month with a settlement. */
export function FeeInvoices({ context }: { context: MerchantContext }) {
  const intl = useIntl();
  const locale = useLocale();
  const titleId = useId();
  // The same first page the settlements table reads: one request, the months come with it.
  const settlements = useMerchantSettlements(context, { page: 1, pageSize: 10 });

  let body;
  if (settlements.isPending) body = <LoadingState />;
  else if (settlements.isError) body = <ErrorState onRetry={() => void settlements.refetch()} />;
  else if (settlements.data.invoiceMonths.length === 0)
    body = <Text c="dimmed">{intl.formatMessage({ id: 'merchantDashboard.invoices.empty' })}</Text>;
  else
    body = (
      <ul className="tessera-dashboard__legend">
        {settlements.data.invoiceMonths.map((month) => (
          <li key={month}>
            <Anchor href={feeInvoiceHref(context, month)} download fw={600}>
              {intl.formatMessage(
                { id: 'merchantDashboard.invoices.link' },
                { month: monthName(month, locale) },
              )}
            </Anchor>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby={titleId} className="tessera-balance__section">
      <Title order={2} id={titleId} mb="xs">
        {intl.formatMessage({ id: 'merchantDashboard.invoices.title' })}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'merchantDashboard.invoices.note' })}
      </Text>
      {body}
    </section>
  );
}
