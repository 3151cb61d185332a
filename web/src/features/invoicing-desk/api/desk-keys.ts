/** The query keys of the invoice desk: every read starts with `['invoice-desk']`, so a resend refreshes all. */
export const deskKeys = {
  all: ['invoice-desk'] as const,
  queue: () => ['invoice-desk', 'queue'] as const,
  search: (q: string) => ['invoice-desk', 'search', q] as const,
  invoice: (invoiceId: string) => ['invoice-desk', 'invoice', invoiceId] as const,
};

export const INVOICE_DESK_PATH = '/api/v1/invoice-desk';
