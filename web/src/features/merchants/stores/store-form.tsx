import { Badge, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Button } from '@mantine/core';
import { UpdateStoreDetailsRequestSchema, type StoreView } from '@tessera/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { productName } from '../../../lib/labels';
import { useLocale } from '../../../lib/use-locale';
import { registerText } from '../../../lib/zod-form';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import { useChannels } from '../api/get-channels';
import type { MerchantContext } from '../api/merchant-context';
import { useUpdateStoreDetails, type StoreField } from '../api/update-store-details';
import { showServerProblems, useMerchantFormResolver } from '../components/merchant-form-resolver';

type StoreValues = z.input<typeof UpdateStoreDetailsRequestSchema>;

/**
 * A store's details as its administrator may change them (`updateStoreDetails`): name, address,
 * neighbourhood, coordinates (both or neither: the cardholders' store search, ADR 047), opening
 * hours and channels. The category and accepted products are contractual: shown, not
 * editable. The browser checks with the server's schema; each message names its field.
 */
export function StoreForm({
  context,
  store,
  onSaved,
  onCancel,
}: {
  context: MerchantContext;
  store: StoreView;
  onSaved: (store: StoreView) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const channels = useChannels(context);
  const update = useUpdateStoreDetails(context);
  const [failure, setFailure] = useState<string | null>(null);
  const label = (field: StoreField) => intl.formatMessage({ id: `merchantAdmin.store.field.${field}` });
  const labels: Record<StoreField, string> = {
    name: label('name'),
    address: label('address'),
    city: label('city'),
    postalCode: label('postalCode'),
    openingHours: label('openingHours'),
    channels: label('channels'),
    area: label('area'),
    lat: label('lat'),
    lng: label('lng'),
  };
  const form = useForm<StoreValues, unknown, z.output<typeof UpdateStoreDetailsRequestSchema>>({
    resolver: useMerchantFormResolver(UpdateStoreDetailsRequestSchema, labels),
    defaultValues: {
      storeId: store.storeId,
      name: store.name,
      address: store.address,
      city: store.city,
      postalCode: store.postalCode,
      openingHours: store.openingHours,
      channels: store.channels,
      area: store.area ?? '',
      lat: store.lat ?? null,
      lng: store.lng ?? null,
    },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const text = (field: Exclude<StoreField, 'channels' | 'lat' | 'lng'>) => registerText(form.register, field);
  // A coordinate as typed (a comma or a dot for decimals), or null when empty (ADR 047).
  const coordinate = (field: 'lat' | 'lng') => (
    <Controller
      control={form.control}
      name={field}
      render={({ field: input }) => (
        <TextInput
          label={labels[field]}
          inputMode="decimal"
          defaultValue={input.value === null || input.value === undefined ? '' : String(input.value)}
          onChange={(event) => {
            const typed = event.currentTarget.value.trim().replace(',', '.');
            input.onChange(typed === '' ? null : Number(typed));
          }}
          onBlur={input.onBlur}
          error={errors[field]?.message}
        />
      )}
    />
  );

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result = await update.mutateAsync(values);
    if (result.ok) return onSaved(result.data.store);
    showServerProblems(intl, result, labels, form.setError, setFailure);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={store.name}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">
        <TextInput
          label={labels.name}
          withAsterisk
          aria-required
          {...text('name')}
          error={errors.name?.message}
        />
        <TextInput
          label={labels.address}
          withAsterisk
          aria-required
          autoComplete="street-address"
          {...text('address')}
          error={errors.address?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={labels.city}
            withAsterisk
            aria-required
            autoComplete="address-level2"
            {...text('city')}
            error={errors.city?.message}
          />
          <TextInput
            label={labels.postalCode}
            withAsterisk
            aria-required
            inputMode="numeric"
            autoComplete="postal-code"
            {...text('postalCode')}
            error={errors.postalCode?.message}
          />
        </SimpleGrid>
        <TextInput
          label={labels.area}
          description={intl.formatMessage({ id: 'merchantAdmin.store.areaHint' })}
          {...text('area')}
          error={errors.area?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {coordinate('lat')}
          {coordinate('lng')}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          {intl.formatMessage({ id: 'merchantAdmin.store.coordinatesHint' })}
        </Text>
        <TextInput
          label={labels.openingHours}
          description={intl.formatMessage({ id: 'merchantAdmin.store.openingHoursHint' })}
          {...text('openingHours')}
          error={errors.openingHours?.message}
        />
        <Controller
          control={form.control}
          name="channels"
          render={({ field }) => (
            <Checkbox.Group
              label={labels.channels}
              withAsterisk
              value={field.value}
              onChange={(value) => field.onChange(value)}
              error={errors.channels?.message}
            >
              <Group gap="md" mt="xs">
                {(channels.data ?? []).map((channel) => (
                  <Checkbox
                    key={channel.code}
                    value={channel.code}
                    label={channel.name}
                    onBlur={field.onBlur}
                  />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <div>
          <Text size="sm" fw={500}>
            {intl.formatMessage({ id: 'merchantAdmin.store.category' })}
          </Text>
          <Text size="sm">{intl.formatMessage({ id: `account.spendCategory.${store.category}` })}</Text>
        </div>
        <div>
          <Text size="sm" fw={500}>
            {intl.formatMessage({ id: 'merchantAdmin.store.products' })}
          </Text>
          <Group gap="xs" mt={4}>
            {store.acceptedProducts.map((product) => (
              <Badge key={product} variant="outline" color="gray.8" radius="sm">
                {productName(product, locale)}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {intl.formatMessage({ id: 'merchantAdmin.store.contractual' })}
          </Text>
        </div>
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage({ id: 'merchantAdmin.cancel' })}
        </Button>
        <LoadingButton type="submit" isLoading={update.isPending}>
          {intl.formatMessage({ id: 'merchantAdmin.store.save' })}
        </LoadingButton>
      </Group>
    </form>
  );
}
