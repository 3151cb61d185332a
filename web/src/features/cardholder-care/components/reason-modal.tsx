import { Button, Group, Text, Textarea } from '@mantine/core';
import { ACTING_REASON_MAX, ACTING_REASON_MIN } from '@tessera/domain';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { AppModal } from '../../../ui/modal';

type Props = {
  opened: boolean;
  title: string;
  intro: string;
  submitLabel: string;
  onClose: () => void;
  /** Resolves to null when it worked (the modal then closes), or the message to show. */
  onSubmit: (reason: string) => Promise<string | null>;
};

/** Care says why before it unlocks a card or looks at where it was spent (ADR 049): the reason is logged. */
export function ReasonModal({ opened, title, intro, submitLabel, onClose, onSubmit }: Props) {
  const intl = useIntl();
  const ids = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < ACTING_REASON_MIN) {
      setError(intl.formatMessage({ id: 'cardholderCare.reason.tooShort' }, { min: ACTING_REASON_MIN }));
      return;
    }
    setError(null);
    setSaving(true);
    const failure = await onSubmit(text);
    setSaving(false);
    if (failure === null) {
      setReason('');
      onClose();
    } else setError(failure);
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={`${ids}-intro`}>
        <Text id={`${ids}-intro`} mb="sm">
          {intro}
        </Text>
        <Textarea
          label={intl.formatMessage({ id: 'cardholderCare.reason.label' })}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={error}
          required
          autosize
          minRows={2}
          maxLength={ACTING_REASON_MAX}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {intl.formatMessage({ id: 'cardholderCare.reason.cancel' })}
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </form>
    </AppModal>
  );
}
