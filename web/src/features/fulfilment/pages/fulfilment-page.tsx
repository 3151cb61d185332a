import { Alert, Button, Checkbox, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../../../lib/format';
import { productName } from '../../../lib/labels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLocale } from '../../../lib/use-locale';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/state-views';
import {
  useCreateBatch,
  useDeliverOrders,
  useFulfilmentQueue,
  useProductionBatches,
  useReturnShipment,
  useShipOrders,
  useShipSupplyOrder,
  useSupplyOrders,
  type StepResult,
} from '../api/fulfilment';
import { BatchCard, type BatchActions } from '../components/batch-card';
import { SupplyOrders } from '../components/supply-orders';

/**
 * `/back-office/fulfilment` (roles 1 and 2; issue 18 §7, ADR 026): the paid plastic-card orders
 * waiting in production, gathered into production batches; each batch's embossing file for the
 * card bureau; then each order shipped with its courier and voucher, delivered, or returned. The
 * server refuses a step out of order and says which order, in the page's language.
 */
export function FulfilmentPage() {
  const intl = useIntl();
  const locale = useLocale();
  const title = intl.formatMessage({ id: 'fulfilment.title' });
  useDocumentTitle(title);
  const queue = useFulfilmentQueue();
  const batches = useProductionBatches();
  const createBatch = useCreateBatch();
  const ship = useShipOrders();
  const deliver = useDeliverOrders();
  const returnShipment = useReturnShipment();
  const supplies = useSupplyOrders();
  const shipSupply = useShipSupplyOrder();
  const [selected, setSelected] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const run = async (step: Promise<StepResult>, doneMessage: string): Promise<StepResult> => {
    setProblems([]);
    setDone(null);
    const result = await step;
    if (result.ok) setDone(doneMessage);
    else setProblems(result.messages);
    return result;
  };

  const busy =
    createBatch.isPending ||
    ship.isPending ||
    deliver.isPending ||
    returnShipment.isPending ||
    shipSupply.isPending;
  const actions: BatchActions = {
    busy,
    ship: (courier, shipments) =>
      run(
        ship.mutateAsync({ courier, shipments }),
        intl.formatMessage({ id: 'fulfilment.done.shipped' }, { count: shipments.length }),
      ),
    deliver: (orderIds) =>
      run(deliver.mutateAsync({ orderIds }), intl.formatMessage({ id: 'fulfilment.done.delivered' })),
    returned: (orderId, reason) =>
      run(
        returnShipment.mutateAsync({ orderId, reason }),
        intl.formatMessage({ id: 'fulfilment.done.returned' }),
      ),
  };

  const onCreateBatch = async () => {
    const result = await run(
      createBatch.mutateAsync({ orderIds: selected }),
      intl.formatMessage({ id: 'fulfilment.done.batch' }, { count: selected.length }),
    );
    if (result.ok) setSelected([]);
  };

  let queueView;
  if (queue.isPending) queueView = <LoadingState />;
  else if (queue.isError) queueView = <ErrorState onRetry={() => void queue.refetch()} />;
  else if (queue.data.length === 0)
    queueView = <EmptyState message={intl.formatMessage({ id: 'fulfilment.queue.empty' })} />;
  else {
    const allIds = queue.data.map((order) => order.orderId);
    const allSelected = allIds.every((id) => selected.includes(id));
    queueView = (
      <>
        <Table.ScrollContainer minWidth={720}>
          <Table
            striped
            verticalSpacing="xs"
            aria-label={intl.formatMessage({ id: 'fulfilment.queue.title' })}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <Checkbox
                    aria-label={intl.formatMessage({ id: 'fulfilment.queue.selectAll' })}
                    checked={allSelected}
                    indeterminate={!allSelected && selected.length > 0}
                    onChange={() => setSelected(allSelected ? [] : allIds)}
                  />
                </Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.order' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.company' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.product' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.cards' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.deliveryPoint' })}</Table.Th>
                <Table.Th scope="col">{intl.formatMessage({ id: 'fulfilment.col.paidAt' })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {queue.data.map((order) => (
                <Table.Tr key={order.orderId}>
                  <Table.Td>
                    <Checkbox
                      aria-label={intl.formatMessage(
                        { id: 'fulfilment.queue.select' },
                        { order: `#${order.orderNumber}` },
                      )}
                      checked={selected.includes(order.orderId)}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setSelected((current) =>
                          checked
                            ? [...current, order.orderId]
                            : current.filter((id) => id !== order.orderId),
                        );
                      }}
                    />
                  </Table.Td>
                  <Table.Td>
                    #{order.orderNumber}
                    {order.alias ? (
                      <Text size="xs" c="dimmed">
                        {order.alias}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{order.companyName}</Table.Td>
                  <Table.Td>{productName(order.product, locale)}</Table.Td>
                  <Table.Td>{order.cards}</Table.Td>
                  <Table.Td>
                    {order.deliveryPointAlias} {order.deliveryCity}
                  </Table.Td>
                  <Table.Td>{order.paidAt ? formatDateTime(order.paidAt, locale) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group mt="md">
          <Button disabled={selected.length === 0 || busy} onClick={() => void onCreateBatch()}>
            {intl.formatMessage({ id: 'fulfilment.queue.createBatch' }, { count: selected.length })}
          </Button>
        </Group>
      </>
    );
  }

  let suppliesView;
  if (supplies.isPending) suppliesView = <LoadingState />;
  else if (supplies.isError) suppliesView = <ErrorState onRetry={() => void supplies.refetch()} />;
  else if (supplies.data.length === 0)
    suppliesView = <EmptyState message={intl.formatMessage({ id: 'fulfilment.supplies.empty' })} />;
  else
    suppliesView = (
      <SupplyOrders
        orders={supplies.data}
        busy={busy}
        ship={(supplyOrderId, courier, trackingNumber) =>
          run(
            shipSupply.mutateAsync({ supplyOrderId, courier, trackingNumber }),
            intl.formatMessage({ id: 'fulfilment.done.supplyShipped' }),
          )
        }
      />
    );

  let batchesView;
  if (batches.isPending) batchesView = <LoadingState />;
  else if (batches.isError) batchesView = <ErrorState onRetry={() => void batches.refetch()} />;
  else if (batches.data.length === 0)
    batchesView = <EmptyState message={intl.formatMessage({ id: 'fulfilment.batches.empty' })} />;
  else
    batchesView = (
      <Stack gap="md">
        {batches.data.map((batch) => (
          <BatchCard key={batch.batchId} batch={batch} actions={actions} />
        ))}
      </Stack>
    );

  return (
    <>
      <PageHeader title={title} summary={intl.formatMessage({ id: 'fulfilment.summary' })} />
      {problems.length > 0 ? (
        <Alert color="red" role="alert" mb="md" title={intl.formatMessage({ id: 'fulfilment.refused' })}>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {done ? (
        <Alert color="green" role="status" mb="md">
          {done}
        </Alert>
      ) : null}
      <section aria-labelledby="fulfilment-queue">
        <Title order={2} id="fulfilment-queue" mb="sm">
          {intl.formatMessage({ id: 'fulfilment.queue.title' })}
        </Title>
        {queueView}
      </section>
      <section aria-labelledby="fulfilment-batches">
        <Title order={2} id="fulfilment-batches" mt="xl" mb="sm">
          {intl.formatMessage({ id: 'fulfilment.batches.title' })}
        </Title>
        {batchesView}
      </section>
      <section aria-labelledby="fulfilment-supplies">
        <Title order={2} id="fulfilment-supplies" mt="xl" mb="sm">
          {intl.formatMessage({ id: 'fulfilment.supplies.title' })}
        </Title>
        {suppliesView}
      </section>
    </>
  );
}
