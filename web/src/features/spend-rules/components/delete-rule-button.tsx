import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { AppModal } from '../../../ui/modal';
import { LoadingButton } from '../../../ui/loading-button';
import { useDeleteSpendRule } from '../api/delete-spend-rule';

/**
 * Deletes a spend rule after asking: cards stop applying it at once, so the question names the rule.
 * `onDeleted` lets the list announce it (the button itself disappears with the rule).
 */
export function DeleteRuleButton({
  companyId,
  ruleId,
  name,
  onDeleted,
}: {
  companyId: string;
  ruleId: string;
  name: string;
  onDeleted: (name: string) => void;
}) {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteSpendRule(companyId);

  const confirm = async () => {
    const isDeleted = await remove.mutateAsync(ruleId);
    setIsOpen(false);
    if (isDeleted) onDeleted(name);
  };

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        aria-label={intl.formatMessage({ id: 'account.spendRules.deleteLabel' }, { name })}
        onClick={() => setIsOpen(true)}
      >
        {intl.formatMessage({ id: 'account.spendRules.delete' })}
      </Button>
      <AppModal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        title={intl.formatMessage({ id: 'account.spendRules.deleteTitle' })}
        closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'account.close' }) }}
        centered
      >
        <Text>{intl.formatMessage({ id: 'account.spendRules.deleteText' }, { name })}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setIsOpen(false)} disabled={remove.isPending}>
            {intl.formatMessage({ id: 'account.cancel' })}
          </Button>
          <LoadingButton color="red.9" isLoading={remove.isPending} onClick={() => void confirm()}>
            {intl.formatMessage({ id: 'account.spendRules.deleteConfirm' })}
          </LoadingButton>
        </Group>
      </AppModal>
    </>
  );
}
