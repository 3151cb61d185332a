import type { OrderPriceTotals } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatMoney } from '../../../lib/format';

type Row = { id: MessageId; cents: number; isAlwaysShown: boolean };

/**
 * The order's price as the server fixed it at submission: loads, each kind of fee, the fees before
 * VAT, VAT on the fees (loads carry none), the total, and what has been paid of it.
 */
export function OrderPrice({ price, paidCents }: { price: OrderPriceTotals; paidCents: number }) {
  const intl = useIntl();
  const rows: Row[] = [
    { id: 'orders.price.load', cents: price.loadCents, isAlwaysShown: true },
    { id: 'orders.price.cardFees', cents: price.cardFeesCents, isAlwaysShown: false },
    { id: 'orders.price.replacementFees', cents: price.replacementFeesCents, isAlwaysShown: false },
    { id: 'orders.price.serviceFees', cents: price.serviceFeesCents, isAlwaysShown: true },
    { id: 'orders.price.deliveryFee', cents: price.deliveryFeeCents, isAlwaysShown: false },
    { id: 'orders.price.feesNet', cents: price.feesNetCents, isAlwaysShown: true },
    { id: 'orders.price.vat', cents: price.vatCents, isAlwaysShown: true },
  ];
  return (
    <dl className="tessera-order-price">
      {rows
        .filter((row) => row.isAlwaysShown || row.cents !== 0)
        .map((row) => (
          <div key={row.id}>
            <dt>{intl.formatMessage({ id: row.id })}</dt>
            <dd>{formatMoney(row.cents)}</dd>
          </div>
        ))}
      <div className="tessera-order-price__total">
        <dt>{intl.formatMessage({ id: 'orders.price.total' })}</dt>
        <dd>{formatMoney(price.totalCents)}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'orders.price.paid' })}</dt>
        <dd>{formatMoney(paidCents)}</dd>
      </div>
    </dl>
  );
}
