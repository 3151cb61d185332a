import { Textarea, TextInput } from '@mantine/core';
import { DeliveryPointInputSchema, type DeliveryPoint, type DeliveryPointInput } from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { registerText, setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateDeliveryPoint } from '../api/create-delivery-point';
import { FormAlert } from '../../../ui/form-alert';
import { DeliveryPointFields } from '../../../ui/delivery-point-fields';

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
      <DeliveryPointFields
        form={form}
        label={label}
        spacing="md"
        text={{
          address: intl.formatMessage({ id: 'account.deliveryPoint.address' }),
          recipient: intl.formatMessage({ id: 'account.deliveryPoint.recipient' }),
          chooseRegion: intl.formatMessage({ id: 'account.deliveryPoint.chooseRegion' }),
          postalCodeHint: intl.formatMessage({ id: 'account.deliveryPoint.postalCodeHint' }),
          phoneHint: intl.formatMessage({ id: 'account.deliveryPoint.phoneHint' }),
        }}
      />
      <Textarea label={label('notes')} autosize minRows={3} maxLength={300} {...bind('notes')} />
      <LoadingButton type="submit" mt="lg" isLoading={create.isPending}>
        {intl.formatMessage({ id: 'account.deliveryPoint.submit' })}
      </LoadingButton>
    </form>
  );
}
