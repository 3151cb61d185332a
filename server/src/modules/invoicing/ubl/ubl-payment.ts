import type { Locale } from '@tessera/domain';
import type { InvoiceRow } from '../repository';

/**
 * How the document is settled. By default from what it charges: an order's fees were paid with
 * the order (the invoice is issued on its payment), a settlement's commission is set off in the
 * day's payout, a merchant charge is open when invoiced (ADR 059).
 */
export type UblPayment = {
  /** Already paid (BT-113), whole cents, at most the gross: the amount due (BT-115) is the rest. */
  paidCents: number;
  /** UNTDID 4461 (BT-81): 30 credit transfer, 48 card, 58 SEPA credit transfer, 97 clearing between partners. */
  meansCode?: string | null;
  /** Remittance information (BT-83): the RF reference the customer pays with. */
  paymentId?: string | null;
  /** The account to pay to (BT-84); the norm requires it with 30 and 58 (BR-61). */
  payeeIban?: string | null;
  /** The payment terms (BT-20), in Greek and English. */
  terms?: Record<Locale, string> | null;
};

/**
 * The document's payment: what it charges says (`defaultPayment`), with what the caller knows
 * over it. Throws when the amount paid is not whole cents within the gross, or when a credit
 * transfer names no account (the norm's BR-61).
 */
export function paymentOf(invoice: InvoiceRow, known: Partial<UblPayment> = {}): UblPayment {
  const payment: UblPayment = { ...defaultPayment(invoice), ...known };
  if (
    !Number.isSafeInteger(payment.paidCents) ||
    payment.paidCents < 0 ||
    payment.paidCents > invoice.grossCents
  ) {
    throw new RangeError(
      `paid ${payment.paidCents} is not within the document's gross ${invoice.grossCents}`,
    );
  }
  if ((payment.meansCode === '30' || payment.meansCode === '58') && !payment.payeeIban) {
    throw new RangeError('a credit transfer names the account to pay to (BR-61)');
  }
  return payment;
}

/**
 * What a document's payment is, from what it charges alone. A credit note of an order's fees or
 * of a merchant charge (none is issued today, ADR 059) says nothing of how it is refunded.
 */
function defaultPayment(invoice: InvoiceRow): UblPayment {
  const isInvoice = invoice.correlatedInvoiceId === null;
  if (invoice.orderId && isInvoice) {
    return {
      paidCents: invoice.grossCents,
      terms: { el: 'Εξοφλήθηκε με την πληρωμή της παραγγελίας.', en: 'Paid with the payment of the order.' },
    };
  }
  if (invoice.settlementId) {
    return {
      paidCents: invoice.grossCents,
      meansCode: '97',
      terms: invoice.correlatedInvoiceId
        ? {
            el: 'Συμψηφίστηκε στην εκκαθάριση της ημέρας: προστέθηκε στην πληρωμή προς τον έμπορο.',
            en: 'Set off in the day’s settlement: added to the payout to the merchant.',
          }
        : {
            el: 'Συμψηφίστηκε στην εκκαθάριση της ημέρας: αφαιρέθηκε από την πληρωμή προς τον έμπορο.',
            en: 'Set off in the day’s settlement: deducted from the payout to the merchant.',
          },
    };
  }
  if (invoice.merchantChargeId && isInvoice) {
    return {
      paidCents: 0,
      terms: {
        el: 'Πληρωτέο από τη σελίδα πληρωμών του εμπόρου, με μεταφορά με τον κωδικό RF ή με κάρτα.',
        en: 'Payable from the merchant’s payments page, by transfer with its RF reference or by card.',
      },
    };
  }
  return { paidCents: 0 };
}
