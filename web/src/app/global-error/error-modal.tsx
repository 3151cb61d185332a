import { Button, Group, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import type { GlobalErrorMessage } from '../../lib/global-error';
import { AppModal } from '../../ui/modal';

type ErrorModalProps = {
  isOpen: boolean;
  message: GlobalErrorMessage;
  /** Ok pressed (or the modal dismissed). */
  onOk: () => void;
  /** Error code 135: only Ok closes it (SPEC §8). */
  isDismissable?: boolean;
};

/** The error modal with a single Ok button (SPEC §2 widgets, §8). */
export function ErrorModal({ isOpen, message, onOk, isDismissable = true }: ErrorModalProps) {
  const intl = useIntl();
  const text =
    message.kind === 'text'
      ? message.text
      : message.kind === 'notFound'
        ? intl.formatMessage({ id: 'errors.notFound' }, { path: message.path })
        : intl.formatMessage({ id: 'errors.generic' });
  return (
    <AppModal
      opened={isOpen}
      onClose={onOk}
      isDismissable={isDismissable}
      withCloseButton={false}
      title={intl.formatMessage({ id: 'errors.title' })}
      centered
      size="sm"
      zIndex={400}
    >
      <Text>{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onOk} data-autofocus>
          {intl.formatMessage({ id: 'errors.ok' })}
        </Button>
      </Group>
    </AppModal>
  );
}
