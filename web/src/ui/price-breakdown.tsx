import type { OrderPriceTotals } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/messages';
import { formatMoney } from '../lib/format';

type Row = { id: MessageId; cents: number; isAlwaysShown: boolean };

/**
 * An order's price as the server computed it (ADR 009): loads, each kind of fee, the fees before
 * VAT, VAT on the fees (loads carry none) and the total; a fee the order does not have is left out.
 * With `paidCents`, also what has been paid of it. The card-issue overview and the order page show
 * the same breakdown.
 */
export function PriceBreakdown({
  price,
  paidCents,
  className,
}: {
  price: OrderPriceTotals;
  paidCents?: number;
  className: string;
}) {
  const intl = useIntl();
  const rows: Row[] = [
    { id: 'price.load', cents: price.loadCents, isAlwaysShown: true },
    { id: 'price.cardFees', cents: price.cardFeesCents, isAlwaysShown: false },
    { id: 'price.replacementFees', cents: price.replacementFeesCents, isAlwaysShown: false },
    { id: 'price.serviceFees', cents: price.serviceFeesCents, isAlwaysShown: true },
    { id: 'price.deliveryFee', cents: price.deliveryFeeCents, isAlwaysShown: false },
    { id: 'price.feesNet', cents: price.feesNetCents, isAlwaysShown: true },
    { id: 'price.vat', cents: price.vatCents, isAlwaysShown: true },
  ];
  return (
    <dl className={className}>
      {rows
        .filter((row) => row.isAlwaysShown || row.cents !== 0)
        .map((row) => (
          <div key={row.id}>
            <dt>{intl.formatMessage({ id: row.id })}</dt>
            <dd>{formatMoney(row.cents)}</dd>
          </div>
        ))}
      <div className={`${className}__total`}>
        <dt>{intl.formatMessage({ id: 'price.total' })}</dt>
        <dd>{formatMoney(price.totalCents)}</dd>
      </div>
      {paidCents !== undefined ? (
        <div>
          <dt>{intl.formatMessage({ id: 'price.paid' })}</dt>
          <dd>{formatMoney(paidCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
