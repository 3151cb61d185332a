import { Button, Group, Text, Textarea } from '@mantine/core';
import { ACTING_REASON_MAX, ACTING_REASON_MIN } from '@tessera/domain';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { AppModal } from './modal';

type Props = {
  opened: boolean;
  /** What staff are about to act for: a company's or merchant's name. */
  subject: string;
  onClose: () => void;
  /** Starts acting; resolves true when it worked (the modal then closes). */
  onSubmit: (reason: string) => Promise<boolean>;
};

/**
 * Provider staff say why they act for a company or merchant before they do (issue 18, ADR 027):
 * every change they then make carries this reason in the audit log.
 */
export function ActingReasonModal({ opened, subject, onClose, onSubmit }: Props) {
  const intl = useIntl();
  const ids = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < ACTING_REASON_MIN) {
      setError(intl.formatMessage({ id: 'shell.acting.reasonTooShort' }, { min: ACTING_REASON_MIN }));
      return;
    }
    setError(null);
    setSaving(true);
    const ok = await onSubmit(text);
    setSaving(false);
    if (ok) {
      setReason('');
      onClose();
    }
  };

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'shell.acting.reasonTitle' }, { name: subject })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-describedby={`${ids}-intro`}>
        <Text id={`${ids}-intro`} mb="sm">
          {intl.formatMessage({ id: 'shell.acting.reasonIntro' })}
        </Text>
        <Textarea
          label={intl.formatMessage({ id: 'shell.acting.reasonLabel' })}
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
            {intl.formatMessage({ id: 'shell.acting.cancel' })}
          </Button>
          <Button type="submit" loading={isSaving}>
            {intl.formatMessage({ id: 'shell.acting.start' })}
          </Button>
        </Group>
      </form>
    </AppModal>
  );
}
