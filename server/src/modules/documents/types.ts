import type { OrderCard, OrderDetails } from '@tessera/domain';

/** The customer company as the documents of an order name it. */
export type DocumentCompany = {
  /** The provider's customer id (`companyId`). */
  companyId: string;
  /** The registered name, as it appears on invoices. */
  name: string;
  /** The company's ΑΦΜ (Greek VAT number). */
  vat: string;
};

/**
 * What the proforma is printed from: the order, its company and its lines, in order of position.
 * Only the first `PROFORMA_MAX_LINES` are printed one by one, so the caller may pass just those: the
 * summary's amounts come from the order's price, and its quantities from the order's totals when
 * the array is not complete.
 */
export type OrderDocumentInput = {
  order: OrderDetails;
  company: DocumentCompany;
  cards: OrderCard[];
};

/**
 * What the order analysis Excel is written from: the lines arrive one by one (a database cursor),
 * so an order of 100,000 cards is never held in memory.
 */
export type OrderAnalysisSource = {
  order: OrderDetails;
  company: DocumentCompany;
  cards: AsyncIterable<OrderCard> | Iterable<OrderCard>;
};
