import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { COURIER_NAMES, COURIERS, type Courier, type ProductionBatch } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatDateTime } from '../../../lib/format';
import { ORDER_STATUS_MESSAGE } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { embossingFileHref, type StepResult } from '../api/fulfilment';

const BATCH_STATUS_COLOR: Record<ProductionBatch['status'], string> = {
  inProduction: 'gray',
  partlyShipped: 'yellow',
  shipped: 'blue',
  delivered: 'green',
};

export type BatchActions = {
  ship: (courier: Courier, shipments: { orderId: string; trackingNumber: string }[]) => Promise<StepResult>;
  deliver: (orderIds: string[]) => Promise<StepResult>;
  returned: (orderId: string, reason: string) => Promise<StepResult>;
  busy: boolean;
};

/**
 * One production batch (ADR 026): its embossing file, its orders with their state, a voucher box for
 * each order still to ship and the courier they go with, and for each shipped order "delivered" and
 * "returned" (with the reason the courier gave).
 */
export function BatchCard({ batch, actions }: { batch: ProductionBatch; actions: BatchActions }) {
  const intl = useIntl();
  const locale = useLocale();
  const [courier, setCourier] = useState<Courier>('ACS');
  const [tracking, setTracking] = useState<Record<string, string>>({});
  const [returning, setReturning] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const headingId = `batch-${batch.batchId}`;
  const toShip = batch.orders
    .filter((order) => order.status === 'in_production' && (tracking[order.orderId] ?? '').trim() !== '')
    .map((order) => ({ orderId: order.orderId, trackingNumber: tracking[order.orderId]!.trim() }));
  const hasUnshipped = batch.orders.some((order) => order.status === 'in_production');
  const label = (id: MessageId, number: number) => intl.formatMessage({ id }, { order: `#${number}` });

  const ship = async () => {
    const result = await actions.ship(courier, toShip);
    if (result.ok) setTracking({});
  };
  const recordReturn = async (orderId: string) => {
    const result = await actions.returned(orderId, reason);
    if (result.ok) {
      setReturning(null);
      setReason('');
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="lg">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={3} id={headingId}>
            {intl.formatMessage({ id: 'fulfilment.batch.title' }, { number: batch.batchNumber })}
          </Title>
          <Text size="sm" c="dimmed">
            {intl.formatMessage(
              { id: 'fulfilment.batch.summary' },
              {
                cards: batch.cards,
                orders: batch.orders.length,
                at: formatDateTime(batch.createdAt, locale),
                name: batch.createdByName || '—',
              },
            )}
          </Text>
        </div>
        <Badge color={BATCH_STATUS_COLOR[batch.status]} variant="light">
          {intl.formatMessage({ id: `fulfilment.batch.status.${batch.status}` })}
        </Badge>
      </Group>
      <Anchor href={embossingFileHref(batch.batchId)} download mb="md" display="inline-block">
        {intl.formatMessage({ id: 'fulfilment.batch.download' }, { number: batch.batchNumber })}
      </Anchor>
      <Table.ScrollContainer minWidth={640}>
        <Table
          verticalSpacing="xs"
          aria-label={intl.formatMessage({ id: 'fulfilment.batch.orders' }, { number: batch.batchNumber })}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.order' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.company' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.status' })}</Table.Th>
              <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.shipment' })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batch.orders.map((order) => (
              <Table.Tr key={order.orderId}>
                <Table.Td>#{order.orderNumber}</Table.Td>
                <Table.Td>
                  {order.companyName}
                  <Text size="xs" c="dimmed">
                    {order.deliveryPointAlias} {order.deliveryCity}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {intl.formatMessage({ id: ORDER_STATUS_MESSAGE[order.status] })}
                  {order.returnedAt && order.status === 'in_production' ? (
                    <Text size="xs" c="red">
                      {intl.formatMessage(
                        { id: 'fulfilment.order.returned' },
                        { reason: order.returnReason },
                      )}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  {order.status === 'in_production' ? (
                    <TextInput
                      size="xs"
                      label={label('fulfilment.tracking.label', order.orderNumber)}
                      value={tracking[order.orderId] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setTracking((current) => ({ ...current, [order.orderId]: value }));
                      }}
                      maxLength={40}
                    />
                  ) : (
                    <Text size="sm">
                      {order.courier ? `${COURIER_NAMES[order.courier]} · ` : ''}
                      {order.trackingNumber}
                    </Text>
                  )}
                  {order.status === 'shipped' ? (
                    <Stack gap={4} mt={4}>
                      <Group gap="xs">
                        <Button
                          size="compact-xs"
                          variant="light"
                          disabled={actions.busy}
                          onClick={() => void actions.deliver([order.orderId])}
                          aria-label={label('fulfilment.deliver.label', order.orderNumber)}
                        >
                          {intl.formatMessage({ id: 'fulfilment.deliver' })}
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setReturning(returning === order.orderId ? null : order.orderId)}
                          aria-label={label('fulfilment.return.label', order.orderNumber)}
                          aria-expanded={returning === order.orderId}
                        >
                          {intl.formatMessage({ id: 'fulfilment.return' })}
                        </Button>
                      </Group>
                      {returning === order.orderId ? (
                        <Group gap="xs" align="flex-end">
                          <TextInput
                            size="xs"
                            label={label('fulfilment.return.reason', order.orderNumber)}
                            value={reason}
                            onChange={(event) => setReason(event.currentTarget.value)}
                            maxLength={300}
                          />
                          <Button
                            size="compact-sm"
                            color="red"
                            disabled={actions.busy || reason.trim().length < 3}
                            onClick={() => void recordReturn(order.orderId)}
                          >
                            {intl.formatMessage({ id: 'fulfilment.return.confirm' })}
                          </Button>
                        </Group>
                      ) : null}
                    </Stack>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hasUnshipped ? (
        <Group mt="md" align="flex-end">
          <NativeSelect
            label={intl.formatMessage({ id: 'fulfilment.courier' })}
            value={courier}
            onChange={(event) => setCourier(event.currentTarget.value as Courier)}
            data={COURIERS.map((code) => ({ value: code, label: COURIER_NAMES[code] }))}
          />
          <Button disabled={actions.busy || toShip.length === 0} onClick={() => void ship()}>
            {intl.formatMessage({ id: 'fulfilment.ship' }, { count: toShip.length })}
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
