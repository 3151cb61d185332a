import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { normalizeIban, UpdateRedeemerProfileRequestSchema, type MerchantSummary } from '@tessera/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { registerText } from '../../../lib/zod-form';
import { FormAlert } from '../../../ui/form-alert';
import { LoadingButton } from '../../../ui/loading-button';
import type { MerchantContext } from '../api/merchant-context';
import {
  useUpdateRedeemerProfile,
  type ProfileField,
  type UpdateProfileAnswer,
} from '../api/update-redeemer-profile';
import { showServerProblems, useMerchantFormResolver } from '../components/merchant-form-resolver';

type ProfileValues = z.input<typeof UpdateRedeemerProfileRequestSchema>;

/**
 * The merchant's contact details and payout account (`updateRedeemerProfile`). Contact details
 * change at once; a different IBAN is only requested: the answer says a confirmation link went to
 * the contact address (`onSaved` gets `ibanChangePending`, that address and the IBAN asked for).
 */
export function ProfileForm({
  context,
  merchant,
  onSaved,
  onCancel,
}: {
  context: MerchantContext;
  merchant: MerchantSummary;
  /** `request`: where the confirmation link went (the contact address before) and the IBAN asked for. */
  onSaved: (answer: UpdateProfileAnswer, request: { mailedTo: string; iban: string }) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const update = useUpdateRedeemerProfile(context);
  const [failure, setFailure] = useState<string | null>(null);
  const label = (field: ProfileField) => intl.formatMessage({ id: `merchantAdmin.profile.field.${field}` });
  const labels: Record<ProfileField, string> = {
    contactName: label('contactName'),
    contactEmail: label('contactEmail'),
    contactPhone: label('contactPhone'),
    address: label('address'),
    iban: label('iban'),
    bic: label('bic'),
  };
  const form = useForm<ProfileValues, unknown, z.output<typeof UpdateRedeemerProfileRequestSchema>>({
    resolver: useMerchantFormResolver(UpdateRedeemerProfileRequestSchema, labels),
    defaultValues: {
      contactName: merchant.contactName,
      contactEmail: merchant.contactEmail,
      contactPhone: merchant.contactPhone,
      address: merchant.address ?? '',
      iban: merchant.iban,
      bic: merchant.bic ?? '',
    },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const text = (field: ProfileField) => registerText(form.register, field);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // The IBAN as it is stays out of the request: only a different one starts a confirmation.
    const isNewIban = values.iban !== undefined && values.iban !== normalizeIban(merchant.iban);
    const request = isNewIban ? values : { ...values, iban: undefined, bic: undefined };
    const result = await update.mutateAsync(request);
    if (result.ok) return onSaved(result.data, { mailedTo: merchant.contactEmail, iban: values.iban ?? '' });
    showServerProblems(intl, result, labels, form.setError, setFailure);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={intl.formatMessage({ id: 'merchantAdmin.profile.formTitle' })}
    >
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={labels.contactName}
            withAsterisk
            aria-required
            autoComplete="name"
            {...text('contactName')}
            error={errors.contactName?.message}
          />
          <TextInput
            label={labels.contactEmail}
            type="email"
            withAsterisk
            aria-required
            autoComplete="email"
            {...text('contactEmail')}
            error={errors.contactEmail?.message}
          />
          <TextInput
            label={labels.contactPhone}
            type="tel"
            autoComplete="tel"
            {...text('contactPhone')}
            error={errors.contactPhone?.message}
          />
          <TextInput
            label={labels.address}
            autoComplete="street-address"
            {...text('address')}
            error={errors.address?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={labels.iban}
            description={intl.formatMessage({ id: 'merchantAdmin.profile.ibanHint' })}
            autoComplete="off"
            spellCheck={false}
            {...text('iban')}
            error={errors.iban?.message}
          />
          <TextInput
            label={labels.bic}
            autoComplete="off"
            spellCheck={false}
            {...text('bic')}
            error={errors.bic?.message}
          />
        </SimpleGrid>
      </Stack>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {intl.formatMessage({ id: 'merchantAdmin.cancel' })}
        </Button>
        <LoadingButton type="submit" isLoading={update.isPending}>
          {intl.formatMessage({ id: 'merchantAdmin.profile.save' })}
        </LoadingButton>
      </Group>
    </form>
  );
}
