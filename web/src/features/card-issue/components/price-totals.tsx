import type { OrderPriceTotals } from '@tessera/domain';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import { formatMoney } from '../../../lib/format';

type Row = { id: MessageId; cents: number; isAlwaysShown: boolean };

/**
 * The server's totals (ADR 009): loads, each kind of fee, delivery, VAT on the fees (loads carry
 * none) and what the company pays. A fee the order does not have is left out.
 */
export function PriceTotals({ price }: { price: OrderPriceTotals }) {
  const intl = useIntl();
  const rows: Row[] = [
    { id: 'cardIssue.totals.load', cents: price.loadCents, isAlwaysShown: true },
    { id: 'cardIssue.totals.cardFees', cents: price.cardFeesCents, isAlwaysShown: false },
    { id: 'cardIssue.totals.replacementFees', cents: price.replacementFeesCents, isAlwaysShown: false },
    { id: 'cardIssue.totals.serviceFees', cents: price.serviceFeesCents, isAlwaysShown: true },
    { id: 'cardIssue.totals.deliveryFee', cents: price.deliveryFeeCents, isAlwaysShown: false },
    { id: 'cardIssue.totals.vat', cents: price.vatCents, isAlwaysShown: true },
  ];
  return (
    <dl className="tessera-issue-totals">
      {rows
        .filter((row) => row.isAlwaysShown || row.cents !== 0)
        .map((row) => (
          <div key={row.id}>
            <dt>{intl.formatMessage({ id: row.id })}</dt>
            <dd>{formatMoney(row.cents)}</dd>
          </div>
        ))}
      <div className="tessera-issue-totals__total">
        <dt>{intl.formatMessage({ id: 'cardIssue.totals.total' })}</dt>
        <dd>{formatMoney(price.totalCents)}</dd>
      </div>
    </dl>
  );
}
