import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { DISPUTE_REASONS, type DisputeReason } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { REASON_TEXT } from './dispute-texts';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { AppModal } from '../../../ui/modal';
import type { DisputeParty } from '../api/dispute-keys';
import { useOpenDispute, type DisputeSubject } from '../api/open-dispute';

type Props = {
  party: DisputeParty;
  subject: DisputeSubject;
  amountCents: number;
  at: string;
  onClose: () => void;
};

/** The dialog of a new dispute: its reason (one of three) and a note; the server's refusal shown in it. */
export function OpenDisputeDialog({ party, subject, amountCents, at, onClose }: Props) {
  const intl = useIntl();
  const locale = useLocale();
  const [reason, setReason] = useState<DisputeReason>('charged_twice');
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const open = useOpenDispute(party);

  const submit = async () => {
    setFailure(null);
    const outcome = await open.mutateAsync({ subject, reason, note: note.trim() });
    if (outcome.ok) onClose();
    else setFailure(outcome.message ?? intl.formatMessage({ id: 'disputes.open.failed' }));
  };

  return (
    <AppModal opened onClose={onClose} title={intl.formatMessage({ id: 'disputes.open.title' })} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text>
            {intl.formatMessage(
              { id: 'disputes.open.about' },
              { amount: formatMoney(amountCents), at: formatDateTime(at, locale) },
            )}
          </Text>
          <Radio.Group
            label={intl.formatMessage({ id: 'disputes.open.reason' })}
            value={reason}
            onChange={(value) => setReason(value as DisputeReason)}
            required
          >
            <Stack gap="xs" mt="xs">
              {DISPUTE_REASONS.map((choice) => (
                <Radio key={choice} value={choice} label={intl.formatMessage({ id: REASON_TEXT[choice] })} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={intl.formatMessage({ id: 'disputes.open.note' })}
            description={intl.formatMessage({ id: 'disputes.open.noteHint' })}
            value={note}
            maxLength={1000}
            autosize
            minRows={2}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {intl.formatMessage({ id: 'disputes.open.cancel' })}
            </Button>
            <Button type="submit" loading={open.isPending}>
              {intl.formatMessage({ id: 'disputes.open.submit' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
