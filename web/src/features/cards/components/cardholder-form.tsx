import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { UpdateCardholderRequestSchema, type Cardholder } from '@tessera/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { registerText, setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useUpdateCardholder, type CardholderField } from '../api/update-cardholder';
import { FormMessage } from './form-message';

type Props = { cardholder: Cardholder; onSaved: (cardholder: Cardholder) => void; onCancel: () => void };

/**
 * Edits the cardholder: name, email, Greek phone (optional), employee code and tax id (ΑΦΜ,
 * optional, with its check digit). The same schema checks it here and on the server.
 */
export function CardholderForm({ cardholder, onSaved, onCancel }: Props) {
  const intl = useIntl();
  const update = useUpdateCardholder();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    resolver: useZodResolver(UpdateCardholderRequestSchema),
    defaultValues: {
      cardholderId: cardholder.cardholderId,
      firstName: cardholder.firstName,
      lastName: cardholder.lastName,
      email: cardholder.email,
      phone: cardholder.phone,
      employeeCode: cardholder.employeeCode,
      taxId: cardholder.taxId,
    },
  });
  const { errors } = form.formState;

  useEffect(() => form.setFocus('firstName'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const result = await update.mutateAsync(values);
    if (result.ok) {
      onSaved(result.cardholder);
      return;
    }
    setServerErrors(form.setError, result.fieldErrors);
    setMessage(result.message);
  });

  const field = (name: CardholderField) => ({
    label: intl.formatMessage({ id: `cards.cardholder.${name}` }),
    error: errors[name]?.message,
    ...registerText(form.register, name),
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput {...field('firstName')} withAsterisk aria-required autoComplete="off" />
        <TextInput {...field('lastName')} withAsterisk aria-required autoComplete="off" />
        <TextInput {...field('email')} type="email" autoComplete="off" />
        <TextInput
          {...field('phone')}
          type="tel"
          autoComplete="off"
          description={intl.formatMessage({ id: 'cards.cardholder.phoneHint' })}
        />
        <TextInput {...field('employeeCode')} autoComplete="off" />
        <TextInput
          {...field('taxId')}
          inputMode="numeric"
          autoComplete="off"
          description={intl.formatMessage({ id: 'cards.cardholder.taxIdHint' })}
        />
      </SimpleGrid>
      <FormMessage message={message} />
      <Group mt="md" gap="sm">
        <LoadingButton type="submit" isLoading={update.isPending}>
          {intl.formatMessage({ id: 'cards.cardholder.save' })}
        </LoadingButton>
        <Button variant="default" onClick={onCancel} disabled={update.isPending}>
          {intl.formatMessage({ id: 'cards.form.cancel' })}
        </Button>
      </Group>
    </form>
  );
}
