import { Fieldset, Grid, NativeSelect, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { DeliveryPointInputSchema, GREEK_REGIONS, type DeliveryPointInput } from '@tessera/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import type { FormResult } from '../lib/form-errors';
import { REGION_MESSAGE } from '../lib/labels';
import { useLocale } from '../lib/use-locale';
import { registerText, setServerErrors, useZodResolver } from '../lib/zod-form';

type Field = keyof DeliveryPointInput;
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
} satisfies Partial<DeliveryPointInput>;

/**
 * The form of a new delivery point (the account's new-point page and the order flow's dialog): the
 * address checked in the browser with the request's own schema, messages in the UI language; on
 * success the form empties and `onSaved` gets the answer, else the server's field messages stand
 * beside their fields and any other message is the form's `failure` (`failedMessage` when the
 * server gave none). The caller says how to send it (`submit`).
 */
export function useDeliveryPointForm<T>({
  submit,
  onSaved,
  failedMessage,
}: {
  submit: (values: ValidValues) => Promise<FormResult<T, Field>>;
  onSaved: (data: T) => void;
  failedMessage: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DeliveryPointInput, unknown, ValidValues>({
    resolver: useZodResolver(DeliveryPointInputSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const onValid = async (values: ValidValues) => {
    setFailure(null);
    const result = await submit(values);
    if (result.ok) {
      form.reset(EMPTY);
      onSaved(result.data);
      return;
    }
    setServerErrors(form.setError, result.fieldErrors);
    if (Object.keys(result.fieldErrors).length === 0) setFailure(result.message ?? failedMessage);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);

  return { form, failure, setFailure, onSubmit };
}

/**
 * A delivery point's fields (the account's new-point page and the order flow's dialog): its alias,
 * address (street, number, postal code, city, region sorted in the UI language), recipient (contact
 * and phone) and notes. The caller owns the form and says the words of its own fields.
 */
export function DeliveryPointFields({
  form,
  label,
  text,
  spacing,
  notesRows,
}: {
  form: UseFormReturn<DeliveryPointInput, unknown, ValidValues>;
  label: (field: Field) => string;
  /** The legends, the region's empty choice and, when the caller shows them, the hints. */
  text: {
    address: string;
    recipient: string;
    chooseRegion: string;
    aliasHint?: string;
    postalCodeHint?: string;
    phoneHint?: string;
  };
  spacing: 'sm' | 'md';
  notesRows: number;
}) {
  const intl = useIntl();
  const locale = useLocale();
  const errors = form.formState.errors;
  const bind = (field: Exclude<Field, 'region'>) => ({
    ...registerText(form.register, field),
    error: errors[field]?.message,
  });
  const regions = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return GREEK_REGIONS.map((region) => ({
      value: region,
      label: intl.formatMessage({ id: REGION_MESSAGE[region] }),
    })).sort((a, b) => collator.compare(a.label, b.label));
  }, [intl, locale]);

  return (
    <>
      <TextInput
        label={label('alias')}
        description={text.aliasHint}
        withAsterisk
        aria-required
        maxLength={60}
        mb="md"
        {...bind('alias')}
      />
      <Fieldset legend={text.address} mb="md">
        <Grid gap={spacing}>
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
              description={text.postalCodeHint}
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
              data={[{ value: '', label: text.chooseRegion }, ...regions]}
              {...form.register('region')}
              error={errors.region?.message}
            />
          </Grid.Col>
        </Grid>
      </Fieldset>
      <Fieldset legend={text.recipient} mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={spacing}>
          <TextInput
            label={label('contactName')}
            withAsterisk
            aria-required
            autoComplete="name"
            {...bind('contactName')}
          />
          <TextInput
            label={label('phone')}
            description={text.phoneHint}
            type="tel"
            withAsterisk
            aria-required
            autoComplete="tel"
            {...bind('phone')}
          />
        </SimpleGrid>
      </Fieldset>
      <Textarea label={label('notes')} autosize minRows={notesRows} maxLength={300} {...bind('notes')} />
    </>
  );
}
