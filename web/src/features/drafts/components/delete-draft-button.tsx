import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { useDeleteDraftOrder } from '../api/delete-draft-order';

/**
 * Deletes a draft after asking (it cannot be undone, so the question names the draft). `onDeleted`
 * runs once the server has deleted it and the list is fresh; the button disappears with the draft.
 */
export function DeleteDraftButton({
  companyId,
  draftId,
  title,
  onDeleted,
}: {
  companyId: string;
  draftId: string;
  title: string;
  onDeleted: (title: string) => void;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteDraftOrder(companyId);

  const confirm = async () => {
    const isDeleted = await remove.mutateAsync(draftId);
    setIsOpen(false);
    if (isDeleted) onDeleted(title);
  };

  return (
    <>
      <Button
        variant="outline"
        color="red.9"
        aria-label={intl.formatMessage({ id: 'drafts.deleteLabel' }, { title })}
        onClick={() => setIsOpen(true)}
      >
        {intl.formatMessage({ id: 'drafts.delete' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => {
          if (!remove.isPending) setIsOpen(false);
        }}
        title={intl.formatMessage({ id: 'drafts.deleteTitle' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'drafts.close' }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'drafts.deleteText' }, { title })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={remove.isPending}>
            {intl.formatMessage({ id: 'drafts.cancel' })}
          </Button>
          <LoadingButton color="red.9" isLoading={remove.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'drafts.deleteConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}
