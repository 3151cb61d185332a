import { Button, Group, Text, Textarea } from '@mantine/core';
import { DeskReasonSchema } from '@tessera/domain';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';

/**
 * A confirmation that asks why (issue 34): enrolling, suspending or resuming a till and marking a
 * payout returned each keep the staff's reason in the audit log. The reason is checked here as the
 * server checks it (3 to 300 characters), and said next to the field when it is too short.
 */
export function ReasonDialog({
  opened,
  title,
  text,
  confirmLabel,
  confirmColor,
  isBusy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  isBusy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const confirm = () => {
    const parsed = DeskReasonSchema.safeParse(reason);
    if (!parsed.success) {
      setError(intl.formatMessage({ id: 'payoutDesk.reason.tooShort' }));
      return;
    }
    setError(null);
    onConfirm(parsed.data);
  };

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'payoutDesk.dialog.close' }) }}
    >
      <Text mb="md">{text}</Text>
      <Textarea
        label={intl.formatMessage({ id: 'payoutDesk.reason.label' })}
        description={intl.formatMessage({ id: 'payoutDesk.reason.help' })}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={error}
        maxLength={300}
        autosize
        minRows={2}
        required
        data-autofocus
      />
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={close}>
          {intl.formatMessage({ id: 'payoutDesk.dialog.cancel' })}
        </Button>
        <LoadingButton color={confirmColor} isLoading={isBusy} onClick={confirm}>
          {confirmLabel}
        </LoadingButton>
      </Group>
    </AppModal>
  );
}
