import { Alert, Button, Group } from '@mantine/core';
import type { DeliveryPointInput, DeliveryPointResponse } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { AppModal } from '../../../ui/modal';
import { useAddDeliveryPoint } from '../api/add-delivery-point';
import { DeliveryPointFields, useDeliveryPointForm } from '../../../ui/delivery-point-fields';

/**
 * A new delivery point without leaving the flow (`addDeliveryPoint`): the address checked with the
 * domain's own schema, the server's field messages beside their fields. An address the company
 * already has comes back as that one (`existing: true`).
 */
export function DeliveryPointModal({
  isOpen,
  onClose,
  onAdded,
}: {
  isOpen: boolean;
  onClose: () => void;
  onAdded: (response: DeliveryPointResponse) => void;
}) {
  const intl = useIntl();
  const add = useAddDeliveryPoint();
  const { form, failure, setFailure, onSubmit } = useDeliveryPointForm({
    submit: add.mutateAsync,
    onSaved: onAdded,
    failedMessage: intl.formatMessage({ id: 'cardIssue.deliveryPoint.failed' }),
  });
  const label = (field: keyof DeliveryPointInput) =>
    intl.formatMessage({ id: `cardIssue.deliveryPoint.${field}` });
  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <AppModal
      opened={isOpen}
      onClose={close}
      size="lg"
      title={intl.formatMessage({ id: 'cardIssue.deliveryPoint.title' })}
    >
      <form noValidate onSubmit={onSubmit}>
        {failure ? (
          <Alert role="alert" color="red" variant="light" mb="md">
            {failure}
          </Alert>
        ) : null}
        <DeliveryPointFields
          form={form}
          label={label}
          spacing="sm"
          notesRows={2}
          text={{
            address: intl.formatMessage({ id: 'cardIssue.deliveryPoint.address' }),
            recipient: intl.formatMessage({ id: 'cardIssue.deliveryPoint.recipient' }),
            chooseRegion: intl.formatMessage({ id: 'cardIssue.deliveryPoint.chooseRegion' }),
          }}
        />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={close}>
            {intl.formatMessage({ id: 'cardIssue.deliveryPoint.cancel' })}
          </Button>
          <LoadingButton type="submit" isLoading={add.isPending}>
            {intl.formatMessage({ id: 'cardIssue.deliveryPoint.submit' })}
          </LoadingButton>
        </Group>
      </form>
    </AppModal>
  );
}
