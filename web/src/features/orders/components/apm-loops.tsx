import { Anchor, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatRf } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useApmLoops } from '../api/get-apm-loops';
import { PAYMENT_METHOD_MESSAGE } from '../../../lib/labels';

/**
 * "Transfers waiting for the bank" (ADR 010): RF and IRIS payments not matched to a bank transfer
 * yet. Each moves on by itself once the bank confirms it, usually the next business day.
 */
export function ApmLoops({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const intl = useIntl();
  const locale = useLocale();
  const loops = useApmLoops();
  const isNarrow = useIsNarrowScreen();
  const title = intl.formatMessage({ id: 'orders.loops.title' });
  const orderLink = (loop: { orderId: string; orderNumber: number }) => (
    <Anchor component={LanguageLink} to={paths.orderDetails.href(loop.orderId)} fw={600}>
      #{loop.orderNumber}
    </Anchor>
  );

  let content;
  if (loops.isPending) content = <LoadingState label={intl.formatMessage({ id: 'orders.loops.loading' })} />;
  else if (loops.isError) content = <ErrorState onRetry={() => void loops.refetch()} />;
  else if (loops.data.length === 0)
    content = <Text c="dimmed">{intl.formatMessage({ id: 'orders.loops.empty' })}</Text>;
  else if (isNarrow) {
    // Below the desktop layout each transfer is a card: amount and RF code in view.
    content = (
      <RecordList label={title}>
        {loops.data.map((loop) => (
          <RecordItem
            key={loop.paymentId}
            title={orderLink(loop)}
            fields={[
              {
                label: intl.formatMessage({ id: 'orders.loops.amount' }),
                value: formatMoney(loop.amountCents),
                isKey: true,
              },
              {
                label: intl.formatMessage({ id: 'orders.loops.method' }),
                value: intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[loop.method] }),
              },
              {
                label: intl.formatMessage({ id: 'orders.loops.rf' }),
                value: <span className="tessera-nowrap">{formatRf(loop.rfCode)}</span>,
              },
              {
                label: intl.formatMessage({ id: 'orders.loops.since' }),
                value: <time dateTime={loop.createdAt}>{formatDateTime(loop.createdAt, locale)}</time>,
              },
            ]}
          />
        ))}
      </RecordList>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={640} type="native" role="region" aria-label={title} tabIndex={0}>
        <Table verticalSpacing="sm">
          <Table.Caption>
            <VisuallyHidden>{title}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.column.number' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.loops.method' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.loops.rf' })}</Table.Th>
              <Table.Th scope="col" ta="end">
                {intl.formatMessage({ id: 'orders.loops.amount' })}
              </Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'orders.loops.since' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loops.data.map((loop) => (
              <Table.Tr key={loop.paymentId}>
                <Table.Th scope="row">{orderLink(loop)}</Table.Th>
                <Table.Td>{intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[loop.method] })}</Table.Td>
                <Table.Td className="tessera-nowrap">{formatRf(loop.rfCode)}</Table.Td>
                <Table.Td ta="end" className="tessera-amount">
                  {formatMoney(loop.amountCents)}
                </Table.Td>
                <Table.Td>
                  <time dateTime={loop.createdAt}>{formatDateTime(loop.createdAt, locale)}</time>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <section className="tessera-order-section" aria-labelledby="apm-loops-title">
      <Title order={headingLevel} size="h3" id="apm-loops-title" mb="xs">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {intl.formatMessage({ id: 'orders.loops.text' })}
      </Text>
      {content}
    </section>
  );
}
