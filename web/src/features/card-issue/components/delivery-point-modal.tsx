import { Alert, Button, Group, Textarea, TextInput } from '@mantine/core';
import {
  DeliveryPointInputSchema,
  type DeliveryPointInput,
  type DeliveryPointResponse,
} from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { registerText, setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { useAddDeliveryPoint } from '../api/add-delivery-point';
import { DeliveryPointFields } from '../../../ui/delivery-point-fields';

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
 * A new delivery point without leaving the flow (`addDeliveryPoint`): the address checked with the
 * domain's own schema, the server's field messages beside their fields. An address the company
 * already has comes back as that one (`existing: true`).
 */
export function DeliveryPointModal({
  isOpen,
  onClose,
  onAdded,
}: {
  isOpen: boolean;
  onClose: () => void;
  onAdded: (response: DeliveryPointResponse) => void;
}) {
  const intl = useIntl();
  const add = useAddDeliveryPoint();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DeliveryPointInput, unknown, ValidValues>({
    resolver: useZodResolver(DeliveryPointInputSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const label = (field: keyof DeliveryPointInput) =>
    intl.formatMessage({ id: `cardIssue.deliveryPoint.${field}` });
  const bind = (field: Exclude<keyof DeliveryPointInput, 'region'>) => ({
    ...registerText(form.register, field),
    error: errors[field]?.message,
  });
  const close = () => {
    setFailure(null);
    onClose();
  };

  const onValid = async (values: ValidValues) => {
    setFailure(null);
    const result = await add.mutateAsync(values);
    if (result.ok) {
      form.reset(EMPTY);
      onAdded(result.data);
      return;
    }
    setServerErrors(form.setError, result.fieldErrors);
    if (Object.keys(result.fieldErrors).length === 0) {
      setFailure(result.message ?? intl.formatMessage({ id: 'cardIssue.deliveryPoint.failed' }));
    }
  };

  return (
    <AppModal
      opened={isOpen}
      onClose={close}
      size="lg"
      title={intl.formatMessage({ id: 'cardIssue.deliveryPoint.title' })}
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
        {failure ? (
          <Alert role="alert" color="red" variant="light" mb="md">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={label('alias')}
          withAsterisk
          aria-required
          maxLength={60}
          mb="md"
          {...bind('alias')}
        />
        <DeliveryPointFields
          form={form}
          label={label}
          spacing="sm"
          text={{
            address: intl.formatMessage({ id: 'cardIssue.deliveryPoint.address' }),
            recipient: intl.formatMessage({ id: 'cardIssue.deliveryPoint.recipient' }),
            chooseRegion: intl.formatMessage({ id: 'cardIssue.deliveryPoint.chooseRegion' }),
          }}
        />
        <Textarea label={label('notes')} autosize minRows={2} maxLength={300} {...bind('notes')} />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={close}>
            {intl.formatMessage({ id: 'cardIssue.deliveryPoint.cancel' })}
          </Button>
          <LoadingButton type="submit" isLoading={add.isPending}>
            {intl.formatMessage({ id: 'cardIssue.deliveryPoint.submit' })}
          </LoadingButton>
        </Group>
      </form>
    </AppModal>
  );
}
