import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { Payment } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { PAYMENT_METHOD_MESSAGE, PAYMENT_FAILURE_MESSAGE, PAYMENT_STATUS_MESSAGE } from '../../../lib/labels';

/**
 * The order's payments, newest first: method, status in words, amount, when, and why one did not
 * succeed (a code from the server, said in the reader's language). Below the desktop layout each payment is a card (its status beside the method, the amount first).
 */
export function OrderPayments({ payments, caption }: { payments: readonly Payment[]; caption: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  if (payments.length === 0) {
    return <Text c="dimmed">{intl.formatMessage({ id: 'orders.payments.none' })}</Text>;
  }
  const sorted = [...payments].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  if (isNarrow) {
    return (
      <RecordList label={caption}>
        {sorted.map((payment) => {
          const at = payment.completedAt ?? payment.createdAt;
          return (
            <RecordItem
              key={payment.paymentId}
              title={intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[payment.method] })}
              aside={
                <Text size="sm" fw={600}>
                  {intl.formatMessage({ id: PAYMENT_STATUS_MESSAGE[payment.status] })}
                </Text>
              }
              fields={[
                {
                  label: intl.formatMessage({ id: 'orders.payments.amount' }),
                  value: formatMoney(payment.amountCents),
                  isKey: true,
                },
                {
                  label: intl.formatMessage({ id: 'orders.payments.time' }),
                  value: <time dateTime={at}>{formatDateTime(at, locale)}</time>,
                },
                payment.failureReason
                  ? {
                      label: intl.formatMessage({ id: 'orders.payments.reason' }),
                      value: intl.formatMessage({ id: PAYMENT_FAILURE_MESSAGE[payment.failureReason] }),
                    }
                  : null,
              ]}
            />
          );
        })}
      </RecordList>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640} type="native" role="region" aria-label={caption} tabIndex={0}>
      <Table verticalSpacing="sm">
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'orders.payments.method' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'orders.payments.status' })}</Table.Th>
            <Table.Th scope="col" ta="end">
              {intl.formatMessage({ id: 'orders.payments.amount' })}
            </Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'orders.payments.time' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'orders.payments.reason' })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((payment) => {
            const at = payment.completedAt ?? payment.createdAt;
            return (
              <Table.Tr key={payment.paymentId}>
                <Table.Td>{intl.formatMessage({ id: PAYMENT_METHOD_MESSAGE[payment.method] })}</Table.Td>
                <Table.Td>{intl.formatMessage({ id: PAYMENT_STATUS_MESSAGE[payment.status] })}</Table.Td>
                <Table.Td ta="end" className="tessera-amount">
                  {formatMoney(payment.amountCents)}
                </Table.Td>
                <Table.Td>
                  <time dateTime={at}>{formatDateTime(at, locale)}</time>
                </Table.Td>
                <Table.Td>
                  {payment.failureReason
                    ? intl.formatMessage({ id: PAYMENT_FAILURE_MESSAGE[payment.failureReason] })
                    : '—'}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
