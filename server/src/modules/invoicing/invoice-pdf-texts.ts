import type { Locale } from '@tessera/domain';

/**
 * The words of the printed invoice and credit note (issue 37 §4), Greek and English. The printed
 * document is always Greek (ΕΛΠ, ν. 4308/2014: documents in Greek, another language beside it
 * allowed); for a customer whose language is English, each label carries its English beside it.
 */
export const INVOICE_PDF_TEXTS = {
  el: {
    vatNumber: 'ΑΦΜ',
    taxOffice: 'ΔΟΥ',
    issuer: 'Εκδότης',
    customer: 'Στοιχεία πελάτη',
    document: 'Στοιχεία παραστατικού',
    address: 'Διεύθυνση',
    country: 'Χώρα',
    greece: 'Ελλάδα',
    series: 'Σειρά',
    number: 'Αριθμός',
    issueDate: 'Ημερομηνία έκδοσης',
    mydataType: 'Τύπος myDATA',
    currency: 'Νόμισμα',
    order: 'Παραγγελία',
    credits: 'Πιστώνει το',
    creditsMark: 'ΜΑΡΚ σχετικού',
    lines: 'Γραμμές παραστατικού',
    position: 'Α/Α',
    description: 'Περιγραφή',
    quantity: 'Ποσότητα',
    net: 'Καθαρή αξία',
    vatRate: 'ΦΠΑ %',
    vat: 'ΦΠΑ',
    total: 'Σύνολο',
    vatAnalysis: 'Ανάλυση ΦΠΑ',
    totals: 'Σύνολα',
    totalNet: 'Σύνολο καθαρής αξίας',
    totalVat: 'Σύνολο ΦΠΑ',
    totalGross: 'Συνολική αξία',
    totalCredit: 'Συνολική αξία πίστωσης',
    inWords: 'Ολογράφως',
    mydata: 'Ηλεκτρονικά βιβλία ΑΑΔΕ (myDATA)',
    mark: 'ΜΑΡΚ',
    uid: 'UID',
    authenticationCode: 'Κωδικός αυθεντικοποίησης',
    qrCaption: 'Σαρώστε τον κωδικό για να επαληθεύσετε το παραστατικό στην ΑΑΔΕ.',
    pending: 'Σε αναμονή διαβίβασης στην ΑΑΔΕ (myDATA): ο ΜΑΡΚ αποδίδεται με τη διαβίβαση.',
    refused: 'Το παραστατικό απορρίφθηκε από την ΑΑΔΕ και δεν έχει λάβει ΜΑΡΚ. Επικοινωνήστε με τον πάροχο.',
    failureWaiting:
      'Το παραστατικό εκδόθηκε ενώ η διαβίβαση στην ΑΑΔΕ δεν ήταν δυνατή και διαβιβάζεται μόλις αποκατασταθεί η σύνδεση (Α.1138/2020, άρθρο 5 παρ. 6). Ο ΜΑΡΚ αποδίδεται με τη διαβίβαση.',
    failureSent: 'Διαβιβάστηκε στην ΑΑΔΕ μετά την αποκατάσταση της σύνδεσης.',
    vouchers:
      'Τα ποσά φόρτισης των καρτών είναι κουπόνια πολλαπλών χρήσεων (Οδηγία (ΕΕ) 2016/1065): δεν αποτελούν παροχή του εκδότη και δεν περιλαμβάνονται στο παρόν. Ο ΦΠΑ τους οφείλεται κατά την εξαργύρωση.',
    creditNote: 'Το παρόν πιστωτικό μειώνει ισόποσα την αξία του σχετικού τιμολογίου.',
    page: 'Σελίδα {page} από {pages}',
  },
  en: {
    vatNumber: 'VAT no.',
    taxOffice: 'Tax office',
    issuer: 'Issuer',
    customer: 'Customer',
    document: 'Document',
    address: 'Address',
    country: 'Country',
    greece: 'Greece',
    series: 'Series',
    number: 'Number',
    issueDate: 'Issue date',
    mydataType: 'myDATA type',
    currency: 'Currency',
    order: 'Order',
    credits: 'Credits',
    creditsMark: 'MARK of credited',
    lines: 'Lines',
    position: 'No.',
    description: 'Description',
    quantity: 'Quantity',
    net: 'Net',
    vatRate: 'VAT %',
    vat: 'VAT',
    total: 'Total',
    vatAnalysis: 'VAT analysis',
    totals: 'Totals',
    totalNet: 'Total net',
    totalVat: 'Total VAT',
    totalGross: 'Total amount',
    totalCredit: 'Total credited',
    inWords: 'In words',
    mydata: 'AADE electronic books (myDATA)',
    mark: 'MARK',
    uid: 'UID',
    authenticationCode: 'Authentication code',
    qrCaption: 'Scan the code to verify this document with AADE.',
    pending: 'Awaiting transmission to AADE (myDATA): the MARK is assigned on transmission.',
    refused: 'AADE refused this document; it has no MARK. Please contact the provider.',
    failureWaiting:
      'Issued while the document could not be transmitted to AADE; it is transmitted as soon as the connection is restored (decision A.1138/2020, art. 5 §6). Its MARK is assigned then.',
    failureSent: 'Transmitted to AADE once the connection was restored.',
    vouchers:
      'The amounts loaded on the cards are multi-purpose vouchers (Directive (EU) 2016/1065): they are no supply of the issuer and are not on this document. Their VAT is due when they are redeemed.',
    creditNote: 'This credit note reduces the value of the credited invoice by its amount.',
    page: 'Page {page} of {pages}',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type InvoicePdfTextKey = keyof (typeof INVOICE_PDF_TEXTS)['el'];

/**
 * The notice a document issued under transmission failure carries, by its myDATA flag (ADR 057:
 * 1 the issuer could not reach its e-invoicing provider, 2 the provider could not reach myDATA,
 * 3 loss of interconnection of the ERP channel), in the words AADE's providers print.
 */
export const TRANSMISSION_FAILURE_NOTICES: Record<1 | 2 | 3, Record<Locale, string>> = {
  1: {
    el: 'Απώλεια Διασύνδεσης Οντότητας – Παρόχου',
    en: 'Loss of connection between the issuer and its e-invoicing provider',
  },
  2: {
    el: 'Απώλεια Διασύνδεσης Παρόχου – ΑΑΔΕ',
    en: 'Loss of connection between the e-invoicing provider and AADE',
  },
  3: {
    el: 'Απώλεια Διασύνδεσης ERP – ΑΑΔΕ (myDATA)',
    en: 'Loss of interconnection between the issuer’s ERP and AADE (myDATA)',
  },
};
