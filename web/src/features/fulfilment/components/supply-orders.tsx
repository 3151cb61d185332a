import { Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { COURIER_NAMES, COURIERS, type Courier, type PendingSupplyOrder } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import type { StepResult } from '../api/fulfilment';

/**
 * Merchants' supply orders (bags and stickers) not shipped yet (ADR 026): each goes with its own
 * courier and voucher.
 */
export function SupplyOrders({
  orders,
  busy,
  ship,
}: {
  orders: PendingSupplyOrder[];
  busy: boolean;
  ship: (supplyOrderId: string, courier: Courier, trackingNumber: string) => Promise<StepResult>;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const [courier, setCourier] = useState<Record<string, Courier>>({});
  const [tracking, setTracking] = useState<Record<string, string>>({});

  const onShip = async (supplyOrderId: string) => {
    const result = await ship(
      supplyOrderId,
      courier[supplyOrderId] ?? 'ACS',
      (tracking[supplyOrderId] ?? '').trim(),
    );
    if (result.ok) setTracking((current) => ({ ...current, [supplyOrderId]: '' }));
  };

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        striped
        verticalSpacing="xs"
        aria-label={intl.formatMessage({ id: 'fulfilment.supplies.title' })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.supplies.col.merchant' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.supplies.col.contents' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.supplies.col.orderedAt' })}</Table.Th>
            <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.shipment' })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => {
            const store = order.storeName;
            return (
              <Table.Tr key={order.supplyOrderId}>
                <Table.Td>
                  {order.merchantName} · {store}
                  <Text size="xs" c="dimmed">
                    {order.storeAddress}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {intl.formatMessage(
                    { id: 'fulfilment.supplies.contents' },
                    { bags: order.bags, stickers: order.stickers },
                  )}
                  {order.notes ? (
                    <Text size="xs" c="dimmed">
                      {order.notes}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{formatDateTime(order.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <NativeSelect
                      size="xs"
                      label={intl.formatMessage({ id: 'fulfilment.supplies.courier' }, { store })}
                      value={courier[order.supplyOrderId] ?? 'ACS'}
                      onChange={(event) => {
                        const value = event.currentTarget.value as Courier;
                        setCourier((current) => ({ ...current, [order.supplyOrderId]: value }));
                      }}
                      data={COURIERS.map((code) => ({ value: code, label: COURIER_NAMES[code] }))}
                    />
                    <TextInput
                      size="xs"
                      label={intl.formatMessage({ id: 'fulfilment.supplies.tracking' }, { store })}
                      value={tracking[order.supplyOrderId] ?? ''}
                      maxLength={40}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setTracking((current) => ({ ...current, [order.supplyOrderId]: value }));
                      }}
                    />
                    <Button
                      size="xs"
                      disabled={busy || (tracking[order.supplyOrderId] ?? '').trim() === ''}
                      onClick={() => void onShip(order.supplyOrderId)}
                      aria-label={intl.formatMessage({ id: 'fulfilment.supplies.ship.label' }, { store })}
                    >
                      {intl.formatMessage({ id: 'fulfilment.supplies.ship' })}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
