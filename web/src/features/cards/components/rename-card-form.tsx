import { Button, Group, TextInput } from '@mantine/core';
import { CARD_NAME_MAX, RenameCardRequestSchema, type Card } from '@tessera/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { registerText, setServerErrors, useZodResolver } from '../../../lib/zod-form';
import { LoadingButton } from '../../../ui/loading-button';
import { useRenameCard } from '../api/rename-card';
import { FormMessage } from './form-message';

type Props = { card: Card; onSaved: (card: Card) => void; onCancel: () => void };

/** Renames a card (at most 26 characters, checked here and again by the server). */
export function RenameCardForm({ card, onSaved, onCancel }: Props) {
  const intl = useIntl();
  const rename = useRenameCard();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    resolver: useZodResolver(RenameCardRequestSchema),
    defaultValues: { cardId: card.cardId, cardName: card.cardName },
  });
  const { errors } = form.formState;

  useEffect(() => form.setFocus('cardName'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setMessage(null);
    const result = await rename.mutateAsync(values);
    if (result.ok) {
      onSaved(result.card);
      return;
    }
    setServerErrors(form.setError, result.fieldErrors);
    setMessage(result.message);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextInput
        label={intl.formatMessage({ id: 'cards.rename.label' })}
        description={intl.formatMessage({ id: 'cards.rename.hint' }, { max: CARD_NAME_MAX })}
        withAsterisk
        aria-required
        autoComplete="off"
        error={errors.cardName?.message}
        {...registerText(form.register, 'cardName')}
      />
      <FormMessage message={message} />
      <Group mt="md" gap="sm">
        <LoadingButton type="submit" isLoading={rename.isPending}>
          {intl.formatMessage({ id: 'cards.rename.save' })}
        </LoadingButton>
        <Button variant="default" onClick={onCancel} disabled={rename.isPending}>
          {intl.formatMessage({ id: 'cards.form.cancel' })}
        </Button>
      </Group>
    </form>
  );
}
