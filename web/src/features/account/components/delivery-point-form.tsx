import { Fieldset, Grid, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  DeliveryPointInputSchema,
  GREEK_REGIONS,
  type DeliveryPoint,
  type DeliveryPointInput,
} from '@tessera/domain';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { useLocale } from '../../../lib/use-locale';
import { registerText, setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateDeliveryPoint } from '../api/create-delivery-point';
import { FormAlert } from './form-alert';
import { REGION_MESSAGE } from '../../../lib/labels';

type FormValues = DeliveryPointInput;
type ValidValues = z.output<typeof DeliveryPointInputSchema>;

const EMPTY = {
  alias: '',
  street: '',
  streetNumber: '',
  postalCode: '',
  city: '',
  contactName: '',
  phone: '',
  notes: '',
} satisfies Partial<FormValues>;

/**
 * The new-delivery-point form. The address is checked in the browser with the request's own schema
 * (Greek postal code of five digits, `115 26` accepted; Greek landline or mobile), messages in the
 * UI language; the server checks again and its 400 names fields, shown beside them. What is sent is
 * trimmed and normalised (`11526`, `+302101234567`).
 */
export function DeliveryPointForm({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: (point: DeliveryPoint) => void;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const create = useCreateDeliveryPoint(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, ValidValues>({
    resolver: useZodResolver(DeliveryPointInputSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const bind = (field: Exclude<keyof FormValues, 'region'>) => ({
    ...registerText(form.register, field),
    error: errors[field]?.message,
  });
  const label = (field: keyof FormValues) =>
    intl.formatMessage({ id: `account.deliveryPoint.field.${field}` });

  const regions = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return GREEK_REGIONS.map((region) => ({
      value: region,
      label: intl.formatMessage({ id: REGION_MESSAGE[region] }),
    })).sort((a, b) => collator.compare(a.label, b.label));
  }, [intl, locale]);

  const onValid = async (values: ValidValues) => {
    setFailure(null);
    const result = await create.mutateAsync(values);
    if (result.ok) {
      form.reset(EMPTY);
      onCreated(result.data.deliveryPoint);
      return;
    }
    setServerErrors(form.setError, result.fieldErrors);
    if (Object.keys(result.fieldErrors).length === 0) {
      setFailure(result.message ?? intl.formatMessage({ id: 'account.form.failed' }));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <TextInput
        label={label('alias')}
        description={intl.formatMessage({ id: 'account.deliveryPoint.aliasHint' })}
        withAsterisk
        aria-required
        maxLength={60}
        mb="md"
        {...bind('alias')}
      />
      <Fieldset legend={intl.formatMessage({ id: 'account.deliveryPoint.address' })} mb="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={label('street')}
              withAsterisk
              aria-required
              autoComplete="address-line1"
              {...bind('street')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label={label('streetNumber')} withAsterisk aria-required {...bind('streetNumber')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label={label('postalCode')}
              description={intl.formatMessage({ id: 'account.deliveryPoint.postalCodeHint' })}
              withAsterisk
              aria-required
              inputMode="numeric"
              autoComplete="postal-code"
              {...bind('postalCode')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInput
              label={label('city')}
              withAsterisk
              aria-required
              autoComplete="address-level2"
              {...bind('city')}
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <NativeSelect
              label={label('region')}
              withAsterisk
              aria-required
              data={[
                { value: '', label: intl.formatMessage({ id: 'account.deliveryPoint.chooseRegion' }) },
                ...regions,
              ]}
              {...form.register('region')}
              error={errors.region?.message}
            />
          </Grid.Col>
        </Grid>
      </Fieldset>
      <Fieldset legend={intl.formatMessage({ id: 'account.deliveryPoint.recipient' })} mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={label('contactName')}
            withAsterisk
            aria-required
            autoComplete="name"
            {...bind('contactName')}
          />
          <TextInput
            label={label('phone')}
            description={intl.formatMessage({ id: 'account.deliveryPoint.phoneHint' })}
            type="tel"
            withAsterisk
            aria-required
            autoComplete="tel"
            {...bind('phone')}
          />
        </SimpleGrid>
      </Fieldset>
      <Textarea label={label('notes')} autosize minRows={3} maxLength={300} {...bind('notes')} />
      <LoadingButton type="submit" mt="lg" isLoading={create.isPending}>
        {intl.formatMessage({ id: 'account.deliveryPoint.submit' })}
      </LoadingButton>
    </form>
  );
}
