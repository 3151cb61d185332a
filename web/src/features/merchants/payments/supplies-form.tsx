import { Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { FEE_VAT_BASIS_POINTS, type StoreView } from '@tessera/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { registerText } from '../../../lib/zod-form';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { ErrorState, LoadingState } from '../../../ui/state-views';
import { useStoreList } from '../api/get-store-list';
import { MAX_BAG_PACKS, MAX_STICKER_PACKS, SUPPLY_PACK_PRICE_CENTS } from '../api/merchant-billing';
import type { MerchantContext } from '../api/merchant-context';
import { useOrderSupplies, useSupplyOrders, type SupplyField } from '../api/order-supplies';
import { showServerProblems, useMerchantFormResolver } from '../components/merchant-form-resolver';

const SupplyFormSchema = z
  .object({
    storeId: z.string().min(1),
    bags: z.number().int().min(0).max(MAX_BAG_PACKS),
    stickers: z.number().int().min(0).max(MAX_STICKER_PACKS),
    notes: z.string().trim().max(500),
  })
  .refine((order) => order.bags + order.stickers > 0, { message: 'empty order', path: ['bags'] });
type SupplyValues = z.input<typeof SupplyFormSchema>;

/** What an order costs: net, VAT at the standard rate, total (a preview of the charge the server makes). */
export function supplyPrice(bags: number, stickers: number) {
  const netCents = bags * SUPPLY_PACK_PRICE_CENTS.bags + stickers * SUPPLY_PACK_PRICE_CENTS.stickers;
  const vatCents = Math.round((netCents * FEE_VAT_BASIS_POINTS) / 10_000);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}

/** A count typed or cleared: a number, 0 when empty. */
const countOf = (value: string | number) => (typeof value === 'number' ? value : Number(value) || 0);

function OrderForm({
  context,
  stores,
  onOrdered,
}: {
  context: MerchantContext;
  stores: StoreView[];
  onOrdered: (message: string) => void;
}) {
  const intl = useIntl();
  const order = useOrderSupplies(context);
  const [failure, setFailure] = useState<string | null>(null);
  const label = (field: SupplyField) => intl.formatMessage({ id: `merchantAdmin.supplies.field.${field}` });
  const labels: Record<SupplyField, string> = {
    storeId: label('storeId'),
    bags: label('bags'),
    stickers: label('stickers'),
    notes: label('notes'),
  };
  const form = useForm<SupplyValues, unknown, z.output<typeof SupplyFormSchema>>({
    resolver: useMerchantFormResolver(SupplyFormSchema, labels),
    defaultValues: { storeId: stores[0]?.storeId ?? '', bags: 0, stickers: 0, notes: '' },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const price = supplyPrice(form.watch('bags'), form.watch('stickers'));

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await order.mutateAsync(values);
    if (result.ok) {
      const store = stores.find((candidate) => candidate.storeId === values.storeId);
      form.reset({ storeId: values.storeId, bags: 0, stickers: 0, notes: '' });
      onOrdered(
        intl.formatMessage(
          { id: 'merchantAdmin.supplies.ordered' },
          {
            store: store?.name ?? '',
            amount: formatMoney(result.data.charge.amountCents),
          },
        ),
      );
      return;
    }
    showServerProblems(intl, result, labels, form.setError, setFailure);
  });

  const packs = (field: 'bags' | 'stickers', max: number, hint: string) => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: input }) => (
        <NumberInput
          label={labels[field]}
          description={hint}
          min={0}
          max={max}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={input.value}
          onChange={(value) => input.onChange(countOf(value))}
          onBlur={input.onBlur}
          name={input.name}
          ref={input.ref}
          error={errors[field]?.message}
        />
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={intl.formatMessage({ id: 'merchantAdmin.supplies.title' })}
    >
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">
        <NativeSelect
          label={labels.storeId}
          description={intl.formatMessage({ id: 'merchantAdmin.supplies.storeHint' })}
          data={stores.map((store) => ({
            value: store.storeId,
            label: `${store.name} · ${store.address}, ${store.city}`,
          }))}
          {...form.register('storeId')}
          error={errors.storeId?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {packs(
            'bags',
            MAX_BAG_PACKS,
            intl.formatMessage(
              { id: 'merchantAdmin.supplies.bagsHint' },
              { price: formatMoney(SUPPLY_PACK_PRICE_CENTS.bags), max: MAX_BAG_PACKS },
            ),
          )}
          {packs(
            'stickers',
            MAX_STICKER_PACKS,
            intl.formatMessage(
              { id: 'merchantAdmin.supplies.stickersHint' },
              { price: formatMoney(SUPPLY_PACK_PRICE_CENTS.stickers), max: MAX_STICKER_PACKS },
            ),
          )}
        </SimpleGrid>
        <Textarea
          label={labels.notes}
          description={intl.formatMessage({ id: 'merchantAdmin.supplies.notesHint' })}
          autosize
          minRows={2}
          {...registerText(form.register, 'notes')}
          error={errors.notes?.message}
        />
        <Text aria-live="polite" fw={600}>
          {intl.formatMessage(
            { id: 'merchantAdmin.supplies.price' },
            {
              net: formatMoney(price.netCents),
              vat: formatMoney(price.vatCents),
              total: formatMoney(price.totalCents),
            },
          )}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        <LoadingButton type="submit" isLoading={order.isPending}>
          {intl.formatMessage({ id: 'merchantAdmin.supplies.submit' })}
        </LoadingButton>
      </Group>
    </form>
  );
}

function PastOrders({ context, stores }: { context: MerchantContext; stores: StoreView[] }) {
  const intl = useIntl();
  const locale = useLocale();
  const orders = useSupplyOrders(context);
  if (orders.isPending || orders.isError || orders.data.length === 0) return null;
  const names = new Map(stores.map((store) => [store.storeId, store.name]));
  return (
    <>
      <Title order={3} size="h5" mt="lg" mb="xs">
        {intl.formatMessage({ id: 'merchantAdmin.supplies.past' })}
      </Title>
      <ul className="tessera-merchant-terminals">
        {orders.data.map((past) => (
          <li key={past.orderId}>
            <Text size="sm">
              {intl.formatMessage(
                { id: 'merchantAdmin.supplies.pastLine' },
                {
                  date: formatDate(past.createdAt, locale),
                  store: names.get(past.storeId) ?? '',
                  bags: past.bags,
                  stickers: past.stickers,
                },
              )}
            </Text>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Bags and Ticket Restaurant window stickers, delivered to one of the merchant's stores
 * (`bagsTrvStickers`). It lives on the payment page, not the stores page: an order becomes a
 * charge, and the merchant sees it join what is owed and pays it there, in the same place. The
 * price shows before sending; the order's charge is what is owed.
 */
export function SuppliesOrder({ context, canEdit }: { context: MerchantContext; canEdit: boolean }) {
  const intl = useIntl();
  const stores = useStoreList(context);
  const [status, setStatus] = useState('');
  let body;
  if (stores.isPending) body = <LoadingState />;
  else if (stores.isError) body = <ErrorState onRetry={() => void stores.refetch()} />;
  else if (!canEdit) body = <Text c="dimmed">{intl.formatMessage({ id: 'merchantAdmin.readOnly' })}</Text>;
  else body = <OrderForm context={context} stores={stores.data} onOrdered={setStatus} />;
  return (
    <section aria-labelledby="supplies-title" className="tessera-merchant-card">
      <Title order={2} size="h3" id="supplies-title" mb="xs">
        {intl.formatMessage({ id: 'merchantAdmin.supplies.title' })}
      </Title>
      <Text mb="md">{intl.formatMessage({ id: 'merchantAdmin.supplies.intro' })}</Text>
      <Text role="status" fw={600} c="teal.9" mb={status ? 'md' : 0}>
        {status}
      </Text>
      {body}
      {stores.data ? <PastOrders context={context} stores={stores.data} /> : null}
    </section>
  );
}
