import { Text, Title } from '@mantine/core';
import type { OrderSummary } from '@tessera/domain';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { OrdersTable } from './orders-table';

type Props = {
  id: string;
  title: string;
  /** A sentence under the title (what the list is for). */
  text?: string;
  orders: readonly OrderSummary[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  loadingLabel: string;
  emptyText: string;
  actions?: (order: OrderSummary) => ReactNode;
  headingLevel?: 2 | 3;
};

/** A titled list of orders with its loading, error and empty states. */
export function OrderListSection({
  id,
  title,
  text,
  orders,
  isPending,
  isError,
  onRetry,
  loadingLabel,
  emptyText,
  actions,
  headingLevel = 2,
}: Props) {
  let content: ReactNode;
  if (isPending) content = <LoadingState label={loadingLabel} />;
  else if (isError || !orders) content = <ErrorState onRetry={onRetry} />;
  else if (orders.length === 0) content = <Text c="dimmed">{emptyText}</Text>;
  else content = <OrdersTable orders={orders} caption={title} actions={actions} />;
  return (
    <section className="tessera-order-section" aria-labelledby={id}>
      <Title order={headingLevel} size="h3" id={id} mb="xs">
        {title}
      </Title>
      {text ? (
        <Text size="sm" c="dimmed" mb="sm">
          {text}
        </Text>
      ) : null}
      {content}
    </section>
  );
}
