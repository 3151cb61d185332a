import { Text } from '@mantine/core';
import type { CardPrinting } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { addressLine, formatDateTime } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';
import { useDeliveryPoint } from '../api/get-delivery-point';

/** The card-printing settings, read only (finance users, payment managers). */
export function CardPrintingView({ companyId, settings }: { companyId: string; settings: CardPrinting }) {
  const intl = useIntl();
  const locale = useLocale();
  const deliveryPoint = useDeliveryPoint(companyId, settings.defaultDeliveryPointId);
  const yesNo = (value: boolean) => intl.formatMessage({ id: value ? 'account.yes' : 'account.no' });
  const none = intl.formatMessage({ id: 'account.cardPrinting.notSet' });

  let defaultPoint: string = none;
  if (settings.defaultDeliveryPointId !== null) {
    if (deliveryPoint.data) defaultPoint = `${deliveryPoint.data.alias} — ${addressLine(deliveryPoint.data)}`;
    else if (deliveryPoint.isPending) defaultPoint = intl.formatMessage({ id: 'ui.loading' });
    else defaultPoint = intl.formatMessage({ id: 'ui.loadError' });
  }

  return (
    <dl className="tessera-definitions">
      <div>
        <dt>{intl.formatMessage({ id: 'account.cardPrinting.field.embossLine' })}</dt>
        <dd>{settings.embossLine || none}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'account.cardPrinting.field.printLogo' })}</dt>
        <dd>{yesNo(settings.printLogo)}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'account.cardPrinting.field.carrierMessage' })}</dt>
        <dd>
          <Text component="span" style={{ whiteSpace: 'pre-line' }}>
            {settings.carrierMessage || none}
          </Text>
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'account.cardPrinting.field.defaultDeliveryPointId' })}</dt>
        <dd>{defaultPoint}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'account.cardPrinting.field.printEmployeeCode' })}</dt>
        <dd>{yesNo(settings.printEmployeeCode)}</dd>
      </div>
      {settings.updatedAt ? (
        <div>
          <dt>{intl.formatMessage({ id: 'account.cardPrinting.updatedAt' })}</dt>
          <dd>{formatDateTime(settings.updatedAt, locale)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
