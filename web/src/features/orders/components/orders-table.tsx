import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { OrderSummary } from '@tessera/domain';
import { useId, type ReactNode } from 'react';
import type { MessageId } from '../../../i18n/messages';
import { useIntl } from 'react-intl';
import { paths } from '../../../app/paths';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useIsNarrowScreen } from '../../../lib/use-is-narrow';
import { useLocale } from '../../../lib/use-locale';
import { LanguageLink } from '../../../ui/language-link';
import { RecordItem, RecordList } from '../../../ui/record-list';
import { orderNumberText } from '../model';
import { OrderStatusBadge } from './status-badge';
import { ORDER_TYPE_MESSAGE, productFamilyName } from '../../../lib/labels';

type Props = {
  orders: readonly OrderSummary[];
  /** What the table lists, said to screen readers (and shown when `isCaptionShown`). */
  caption: string;
  isCaptionShown?: boolean;
  /** Buttons per order (approve, pay…); adds an actions column. */
  actions?: (order: OrderSummary) => ReactNode;
  isUpdating?: boolean;
};

/**
 * Orders in a table: number (the link to the order), date, alias, product, type, cards, total and
 * status. Below the desktop layout each order is a card instead, its status beside the number and
 * the total first, so neither hides behind a sideways scroll.
 */
export function OrdersTable({ orders, caption, isCaptionShown = false, actions, isUpdating = false }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const isNarrow = useIsNarrowScreen();
  const captionId = useId();
  const column = (id: MessageId) => intl.formatMessage({ id });
  const orderLink = (order: OrderSummary) => (
    <Anchor
      component={LanguageLink}
      to={paths.orderDetails.href(order.orderId)}
      fw={600}
      aria-label={intl.formatMessage({ id: 'orders.table.openLabel' }, { number: order.orderNumber })}
    >
      {orderNumberText(order)}
    </Anchor>
  );
  const alias = (order: OrderSummary) =>
    order.draftOrderAlias || (
      <Text span c="dimmed" size="sm">
        {intl.formatMessage({ id: 'orders.table.noAlias' })}
      </Text>
    );

  if (isNarrow) {
    return (
      <div className="tessera-orders-table">
        {isCaptionShown ? (
          <Text id={captionId} fw={600} mb="xs">
            {caption}
          </Text>
        ) : null}
        <RecordList label={caption} labelledBy={isCaptionShown ? captionId : undefined} isBusy={isUpdating}>
          {orders.map((order) => (
            <RecordItem
              key={order.orderId}
              title={orderLink(order)}
              aside={<OrderStatusBadge status={order.status} />}
              fields={[
                { label: column('orders.column.total'), value: formatMoney(order.totalCents), isKey: true },
                {
                  label: column('orders.column.date'),
                  value: (
                    <time dateTime={order.submittedAt}>{formatDateTime(order.submittedAt, locale)}</time>
                  ),
                },
                { label: column('orders.column.alias'), value: alias(order) },
                {
                  label: column('orders.column.product'),
                  value: productFamilyName(intl, locale, order.product, order.family),
                },
                {
                  label: column('orders.column.type'),
                  value: intl.formatMessage({ id: ORDER_TYPE_MESSAGE[order.orderType] }),
                },
                { label: column('orders.column.cards'), value: formatNumber(order.cards, locale) },
              ]}
              actions={actions?.(order)}
            />
          ))}
        </RecordList>
      </div>
    );
  }

  return (
    <Table.ScrollContainer
      minWidth={actions ? 1040 : 880}
      type="native"
      role="region"
      aria-label={caption}
      tabIndex={0}
      aria-busy={isUpdating || undefined}
      className="tessera-orders-table"
    >
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Caption className={isCaptionShown ? 'tessera-orders-table__caption' : undefined}>
          {isCaptionShown ? caption : <VisuallyHidden>{caption}</VisuallyHidden>}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{column('orders.column.number')}</Table.Th>
            <Table.Th scope="col">{column('orders.column.date')}</Table.Th>
            <Table.Th scope="col">{column('orders.column.alias')}</Table.Th>
            <Table.Th scope="col">{column('orders.column.product')}</Table.Th>
            <Table.Th scope="col">{column('orders.column.type')}</Table.Th>
            <Table.Th scope="col" ta="end">
              {column('orders.column.cards')}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {column('orders.column.total')}
            </Table.Th>
            <Table.Th scope="col">{column('orders.column.status')}</Table.Th>
            {actions ? <Table.Th scope="col">{column('orders.column.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.orderId}>
              <Table.Th scope="row">{orderLink(order)}</Table.Th>
              <Table.Td>
                <time dateTime={order.submittedAt}>{formatDateTime(order.submittedAt, locale)}</time>
              </Table.Td>
              <Table.Td className="tessera-orders-table__alias">{alias(order)}</Table.Td>
              <Table.Td>{productFamilyName(intl, locale, order.product, order.family)}</Table.Td>
              <Table.Td>{intl.formatMessage({ id: ORDER_TYPE_MESSAGE[order.orderType] })}</Table.Td>
              <Table.Td ta="end">{formatNumber(order.cards, locale)}</Table.Td>
              <Table.Td ta="end" className="tessera-amount">
                {formatMoney(order.totalCents)}
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              {actions ? (
                <Table.Td className="tessera-orders-table__actions">{actions(order)}</Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
