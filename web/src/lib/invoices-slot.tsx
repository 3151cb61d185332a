import { createContext, useContext, type ComponentType } from 'react';

/**
 * Invoices and credit notes are the invoices feature's (`features/invoices`, issue 37 §4): the
 * finance desk and an order's page (`features/orders`) and the merchant's balance sheet
 * (`features/merchants`) show them without importing that feature (features never import each
 * other). They render this slot; the app layer (`AppProviders`) fills it with the feature's
 * sections, loaded with the first page that shows one. One slot for the three keeps the shell,
 * which every first page loads, a few hundred bytes lighter (ADR 052).
 */
export type InvoicesSectionProps =
  /** The company's invoices and credit notes, with their filters and the accountant's spreadsheet. */
  | { of: 'company' }
  /** An order's invoice and its credit notes (nothing for a role that may not read invoices). */
  | { of: 'order'; orderId: string }
  /** The merchant's invoices and credit notes (provider staff name the merchant). */
  | { of: 'merchant'; merchantId: string | null };

const InvoicesContext = createContext<ComponentType<InvoicesSectionProps> | null>(null);

/** Given by the app layer. */
export const InvoicesProvider = InvoicesContext.Provider;

/** The invoices feature's section, as the app layer provides it (nothing outside the providers). */
export function InvoicesSection(props: InvoicesSectionProps) {
  const Component = useContext(InvoicesContext);
  return Component === null ? null : <Component {...props} />;
}
