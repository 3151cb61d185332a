import type { InvoiceResendOutcome, InvoiceResendResponse } from '@tessera/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request, type RequestFailure } from '../../../lib/request';
import { useLocale } from '../../../lib/use-locale';
import { deskKeys, INVOICE_DESK_PATH } from './desk-keys';

export type ResendResult =
  | { ok: true; outcome: InvoiceResendOutcome; invoice: InvoiceResendResponse['invoice'] }
  | { ok: false; message: string | null };

/**
 * `POST /api/v1/invoice-desk/invoices/:invoiceId/resend` (provider staff): the document sent to AADE
 * again through the transmission's own path. A refusal (409: transmitted meanwhile) comes back with
 * its message for the page to show; the desk's reads are refreshed either way.
 */
export function useResendInvoice(invoiceId: string) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ResendResult> => {
      const result = await request<InvoiceResendResponse>(
        `${INVOICE_DESK_PATH}/invoices/${encodeURIComponent(invoiceId)}/resend`,
        {
          method: 'POST',
          locale,
          suppressGlobalError: (failure: RequestFailure) => failure.status < 500 && failure.status !== 401,
        },
      );
      if (result.error) {
        return { ok: false, message: result.error === true ? null : (result.error.errorMessage ?? null) };
      }
      return { ok: true, outcome: result.data.outcome, invoice: result.data.invoice };
    },
    onSuccess: (result) => {
      if (result.ok)
        queryClient.setQueryData(deskKeys.invoice(invoiceId), { success: true, invoice: result.invoice });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deskKeys.all }),
  });
}
