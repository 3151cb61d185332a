import {
  DEFAULT_PRICING,
  type CardStatus,
  type Locale,
  type OrderStatus,
  type PaymentFailureReason,
  type PlacedOrderType,
} from '@tessera/domain';

/**
 * The words of the order documents (proforma PDF, analysis Excel) in both languages. The labels of
 * order types and card statuses are the portal's own (web `drafts.orderType.*`, `cards.status.*`),
 * so a document says what the screen said.
 */

const el = {
  proforma: {
    title: 'Προτιμολόγιο',
    subject: 'Παραγγελία {orderNumber}: {company}',
    vatNumber: 'ΑΦΜ',
    taxOffice: 'ΔΟΥ',
    customer: 'Πελάτης',
    customerId: 'Κωδικός πελάτη',
    orderNumber: 'Αριθμός παραγγελίας',
    date: 'Ημερομηνία',
    order: 'Στοιχεία παραγγελίας',
    product: 'Προϊόν',
    orderType: 'Είδος παραγγελίας',
    alias: 'Όνομα παραγγελίας',
    invoiceComments: 'Σχόλια τιμολογίου',
    deliveryPoint: 'Παράδοση',
    submittedBy: 'Υποβλήθηκε από',
    summary: 'Σύνοψη χρεώσεων',
    description: 'Περιγραφή',
    quantity: 'Ποσότητα',
    unitPrice: 'Τιμή μονάδας',
    amount: 'Ποσό',
    lines: 'Αναλυτικά ανά κάρτα',
    position: 'Α/Α',
    cardholder: 'Κάτοχος',
    card: 'Κάρτα',
    newCard: 'Νέα κάρτα',
    load: 'Φόρτιση',
    cardFee: 'Τέλος κάρτας',
    replacementFee: 'Τέλος αντικ.',
    serviceFee: 'Αμοιβή υπηρεσίας',
    moreCards: '… και {count} ακόμη κάρτες: δείτε το Excel ανάλυσης της παραγγελίας.',
    payment: 'Οδηγίες πληρωμής',
    paymentText:
      'Εξοφλήστε το πληρωτέο ποσό με τραπεζικό έμβασμα ή μέσω e-banking, αναγράφοντας τον κωδικό πληρωμής RF. Η παραγγελία εκτελείται μόλις πιστωθεί ο λογαριασμός μας.',
    rfCode: 'Κωδικός πληρωμής (RF)',
    beneficiary: 'Δικαιούχος',
    bank: 'Τράπεζα',
    iban: 'IBAN',
    bic: 'BIC',
    amountToPay: 'Ποσό πληρωμής',
    alreadyPaid: 'Έχει ήδη καταβληθεί',
    notTaxInvoice:
      'Το παρόν δεν αποτελεί φορολογικό παραστατικό. Το τιμολόγιο εκδίδεται μετά την εξόφληση της παραγγελίας.',
    page: 'Σελίδα {page} από {pages}',
  },
  price: {
    loads: 'Φορτίσεις καρτών (δεν υπόκεινται σε ΦΠΑ)',
    cardFees: 'Τέλη έκδοσης καρτών',
    replacementFees: 'Τέλη αντικατάστασης καρτών',
    serviceFees: 'Αμοιβή υπηρεσίας',
    deliveryFee: 'Έξοδα αποστολής',
    feesNet: 'Καθαρή αξία αμοιβών',
    vat: 'ΦΠΑ {rate}% επί των αμοιβών',
    total: 'Πληρωτέο σύνολο',
  },
  excel: {
    summarySheet: 'Σύνοψη',
    cardsSheet: 'Κάρτες',
    field: 'Στοιχείο',
    value: 'Τιμή',
    provider: 'Πάροχος',
    company: 'Εταιρεία',
    status: 'Κατάσταση παραγγελίας',
    cardCount: 'Πλήθος καρτών',
    paid: 'Εξοφλημένο ποσό',
    position: 'Α/Α',
    firstName: 'Όνομα',
    lastName: 'Επώνυμο',
    email: 'Email',
    employeeCode: 'Κωδικός υπαλλήλου',
    maskedNumber: 'Αριθμός κάρτας',
    replacedMaskedNumber: 'Κάρτα που αντικαθίσταται',
    cardStatus: 'Κατάσταση κάρτας',
    amount: 'Ποσό φόρτισης',
    cardFee: 'Τέλος κάρτας',
    replacementFee: 'Τέλος αντικατάστασης',
    serviceFee: 'Αμοιβή υπηρεσίας',
  },
  orderTypes: {
    NEW: 'Νέες κάρτες',
    LOAD: 'Φόρτιση',
    DAMAGED: 'Αντικατάσταση (φθορά)',
    EXPIRED: 'Αντικατάσταση (λήξη)',
    LOST: 'Αντικατάσταση (απώλεια)',
    UPGRADE: 'Αναβάθμιση',
    BULK_LOAD: 'Μαζική φόρτιση',
    READY_TO_TOP_UP: 'Μηνιαία φόρτιση',
    NEW_LOAD: 'Νέες κάρτες με φόρτιση',
    UNLOAD: 'Επιστροφή υπολοίπου',
  } satisfies Record<PlacedOrderType, string>,
  orderStatuses: {
    awaiting_approval: 'Σε αναμονή έγκρισης',
    awaiting_payment: 'Σε αναμονή πληρωμής',
    paid: 'Πληρώθηκε',
    in_production: 'Σε παραγωγή',
    shipped: 'Απεστάλη',
    delivered: 'Παραδόθηκε',
    loaded: 'Φορτώθηκε',
    unloaded: 'Επιστράφηκε το υπόλοιπο',
    rejected: 'Απορρίφθηκε',
    cancelled: 'Ακυρώθηκε',
  } satisfies Record<OrderStatus, string>,
  /** Why a payment attempt did not succeed (`PaymentFailureReason`), as the order page says it. */
  paymentFailures: {
    declined: 'Η τράπεζα απέρριψε την πληρωμή.',
    cancelledByPayer: 'Η πληρωμή ακυρώθηκε στη σελίδα της τράπεζας.',
    replaced: 'Αντικαταστάθηκε από νεότερη προσπάθεια πληρωμής.',
    paidByTransfer: 'Η παραγγελία εξοφλήθηκε με τραπεζική μεταφορά.',
    orderCancelled: 'Η παραγγελία ακυρώθηκε.',
    amountMismatch: 'Η τράπεζα χρέωσε ποσό διαφορετικό από το σύνολο της παραγγελίας.',
    orderNotAwaitingPayment: 'Η παραγγελία δεν περίμενε πλέον πληρωμή.',
  } satisfies Record<PaymentFailureReason, string>,
  cardStatuses: {
    active: 'Ενεργή',
    blocked: 'Σε φραγή',
    expired: 'Ληγμένη',
    lost: 'Απολεσθείσα',
    damaged: 'Κατεστραμμένη',
    replaced: 'Αντικαταστάθηκε',
  } satisfies Record<CardStatus, string>,
};

export type DocumentTexts = typeof el;

const en: DocumentTexts = {
  proforma: {
    title: 'Proforma invoice',
    subject: 'Order {orderNumber}: {company}',
    vatNumber: 'VAT no.',
    taxOffice: 'Tax office',
    customer: 'Customer',
    customerId: 'Customer id',
    orderNumber: 'Order number',
    date: 'Date',
    order: 'Order details',
    product: 'Product',
    orderType: 'Order type',
    alias: 'Order name',
    invoiceComments: 'Invoice comments',
    deliveryPoint: 'Delivery',
    submittedBy: 'Submitted by',
    summary: 'Summary of charges',
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    lines: 'Cards in detail',
    position: 'No.',
    cardholder: 'Cardholder',
    card: 'Card',
    newCard: 'New card',
    load: 'Load',
    cardFee: 'Card fee',
    replacementFee: 'Repl. fee',
    serviceFee: 'Service fee',
    moreCards: '… and {count} more cards: see the order analysis Excel.',
    payment: 'Payment instructions',
    paymentText:
      'Pay the amount due by bank transfer or e-banking, quoting the RF payment reference. The order is processed as soon as the amount reaches our account.',
    rfCode: 'Payment reference (RF)',
    beneficiary: 'Beneficiary',
    bank: 'Bank',
    iban: 'IBAN',
    bic: 'BIC',
    amountToPay: 'Amount to pay',
    alreadyPaid: 'Already paid',
    notTaxInvoice: 'This is not a tax invoice. The invoice is issued once the order has been paid.',
    page: 'Page {page} of {pages}',
  },
  price: {
    loads: 'Card loads (not subject to VAT)',
    cardFees: 'Card issue fees',
    replacementFees: 'Card replacement fees',
    serviceFees: 'Service fee',
    deliveryFee: 'Delivery fee',
    feesNet: 'Net fees',
    vat: 'VAT {rate}% on fees',
    total: 'Total to pay',
  },
  excel: {
    summarySheet: 'Summary',
    cardsSheet: 'Cards',
    field: 'Field',
    value: 'Value',
    provider: 'Provider',
    company: 'Company',
    status: 'Order status',
    cardCount: 'Number of cards',
    paid: 'Amount paid',
    position: 'No.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    employeeCode: 'Employee code',
    maskedNumber: 'Card number',
    replacedMaskedNumber: 'Replaced card',
    cardStatus: 'Card status',
    amount: 'Load amount',
    cardFee: 'Card fee',
    replacementFee: 'Replacement fee',
    serviceFee: 'Service fee',
  },
  orderTypes: {
    NEW: 'New cards',
    LOAD: 'Load',
    DAMAGED: 'Replacement (damaged)',
    EXPIRED: 'Replacement (expired)',
    LOST: 'Replacement (lost)',
    UPGRADE: 'Upgrade',
    BULK_LOAD: 'Bulk load',
    READY_TO_TOP_UP: 'Monthly top-up',
    NEW_LOAD: 'New cards with a load',
    UNLOAD: 'Unload',
  },
  orderStatuses: {
    awaiting_approval: 'Awaiting approval',
    awaiting_payment: 'Awaiting payment',
    paid: 'Paid',
    in_production: 'In production',
    shipped: 'Shipped',
    delivered: 'Delivered',
    loaded: 'Loaded',
    unloaded: 'Unloaded',
    rejected: 'Rejected',
    cancelled: 'Cancelled',
  },
  paymentFailures: {
    declined: 'The bank declined the payment.',
    cancelledByPayer: 'The payment was cancelled on the bank’s page.',
    replaced: 'Replaced by a newer payment attempt.',
    paidByTransfer: 'The order was paid by bank transfer.',
    orderCancelled: 'The order was cancelled.',
    amountMismatch: 'The bank charged an amount other than the order total.',
    orderNotAwaitingPayment: 'The order no longer awaited payment.',
  },
  cardStatuses: {
    active: 'Active',
    blocked: 'Blocked',
    expired: 'Expired',
    lost: 'Lost',
    damaged: 'Damaged',
    replaced: 'Replaced',
  },
};

export const DOCUMENT_TEXTS: Record<Locale, DocumentTexts> = { el, en };

/** Fills `{name}` placeholders of a document text. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

const INTL_LOCALE: Record<Locale, string> = { el: 'el-GR', en: 'en-GB' };
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Athens',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The Athens calendar day of an instant as `dd/MM/yyyy` (ARCHITECTURE §4: dates show in Athens time). */
export function formatDocumentDate(value: string | Date): string {
  return DATE_FORMAT.format(new Date(value));
}

/** A count with the language's digit grouping (`1.000` / `1,000`), as the web's `formatNumber`. */
export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
}

/** The order number as the portal shows it: `#1042`. */
export function formatOrderNumber(orderNumber: number): string {
  return `#${orderNumber}`;
}

/**
 * "VAT 24% on fees". The rate is the Greek standard rate of the pricing terms: VAT is set by law, not
 * by a company's contract, and an order does not store it.
 */
export function vatLabel(t: DocumentTexts, locale: Locale): string {
  return fillText(t.price.vat, { rate: formatCount(DEFAULT_PRICING.vatBasisPoints / 100, locale) });
}
