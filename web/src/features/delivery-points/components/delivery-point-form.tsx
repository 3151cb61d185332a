import type { DeliveryPoint, DeliveryPointInput } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { LoadingButton } from '../../../ui/loading-button';
import { useCreateDeliveryPoint } from '../api/create-delivery-point';
import { FormAlert } from '../../../ui/form-alert';
import { DeliveryPointFields, useDeliveryPointForm } from '../../../ui/delivery-point-fields';

/**
 * The new-delivery-point form. The address is checked in the browser with the request's own schema
 * (Greek postal code of five digits, `115 26` accepted; Greek landline or mobile), messages in the
 * UI language; the server checks again and its 400 names fields, shown beside them. What is sent is
 * trimmed and normalised (`11526`, `+302101234567`).
 */
export function DeliveryPointForm({
  companyId,
  onCreated,
}: {
  companyId: string;
  onCreated: (point: DeliveryPoint) => void;
}) {
  const intl = useIntl();
  const create = useCreateDeliveryPoint(companyId);
  const { form, failure, onSubmit } = useDeliveryPointForm({
    submit: create.mutateAsync,
    onSaved: (data) => onCreated(data.deliveryPoint),
    failedMessage: intl.formatMessage({ id: 'account.form.failed' }),
  });
  const label = (field: keyof DeliveryPointInput) =>
    intl.formatMessage({ id: `account.deliveryPoint.field.${field}` });

  return (
    <form noValidate onSubmit={onSubmit}>
      {failure ? (
        <FormAlert kind="error" key={failure}>
          {failure}
        </FormAlert>
      ) : null}
      <DeliveryPointFields
        form={form}
        label={label}
        spacing="md"
        notesRows={3}
        text={{
          address: intl.formatMessage({ id: 'account.deliveryPoint.address' }),
          recipient: intl.formatMessage({ id: 'account.deliveryPoint.recipient' }),
          chooseRegion: intl.formatMessage({ id: 'account.deliveryPoint.chooseRegion' }),
          aliasHint: intl.formatMessage({ id: 'account.deliveryPoint.aliasHint' }),
          postalCodeHint: intl.formatMessage({ id: 'account.deliveryPoint.postalCodeHint' }),
          phoneHint: intl.formatMessage({ id: 'account.deliveryPoint.phoneHint' }),
        }}
      />
      <LoadingButton type="submit" mt="lg" isLoading={create.isPending}>
        {intl.formatMessage({ id: 'account.deliveryPoint.submit' })}
      </LoadingButton>
    </form>
  );
}
