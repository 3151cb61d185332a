import { Button, Group, Text } from '@mantine/core';
import type { BulkImport } from '@tessera/domain';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppModal } from '../../../ui/modal';
import { LoadingButton } from '../../../ui/loading-button';
import { useDeleteBulkImport } from '../api/delete-bulk-import';

/**
 * Discards a file after a confirmation: its rows and corrections go; nothing was ordered, so nothing
 * else changes. While it is being read, the reading stops.
 */
export function DiscardImport({ item, onDiscarded }: { item: BulkImport; onDiscarded: () => void }) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteBulkImport();

  const confirm = async () => {
    const isDeleted = await remove.mutateAsync(item.importId);
    setIsOpen(false);
    if (isDeleted) onDiscarded();
  };

  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setIsOpen(true)}>
        {intl.formatMessage({ id: 'bulk.discard.button' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={intl.formatMessage({ id: 'bulk.discard.title' })}
        centered
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'bulk.dialog.close' }) }}
      >
        <Text mb="lg">{intl.formatMessage({ id: 'bulk.discard.text' }, { name: item.fileName })}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)}>
            {intl.formatMessage({ id: 'bulk.discard.cancel' })}
          </Button>
          <LoadingButton color="red.9" isLoading={remove.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'bulk.discard.confirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}
