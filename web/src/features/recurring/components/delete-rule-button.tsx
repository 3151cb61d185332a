import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppModal } from '../../../ui/modal';
import { LoadingButton } from '../../../ui/loading-button';
import { useDeleteRecurringRule } from '../api/delete-recurring-rule';

/**
 * Deletes a rule after asking (its future runs stop; the orders it made stay). `onDeleted` takes the
 * user on, since the rule's page has nothing left to show.
 */
export function DeleteRuleButton({
  ruleId,
  name,
  onDeleted,
}: {
  ruleId: string;
  name: string;
  onDeleted: () => void;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteRecurringRule();

  const confirm = async () => {
    const isDeleted = await remove.mutateAsync(ruleId);
    setIsOpen(false);
    if (isDeleted) onDeleted();
  };

  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setIsOpen(true)}>
        {intl.formatMessage({ id: 'recurring.rule.delete' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={intl.formatMessage({ id: 'recurring.rule.deleteTitle' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'recurring.close' }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'recurring.rule.deleteText' }, { name })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={remove.isPending}>
            {intl.formatMessage({ id: 'recurring.cancel' })}
          </Button>
          <LoadingButton color="red.9" isLoading={remove.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'recurring.rule.deleteConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}
