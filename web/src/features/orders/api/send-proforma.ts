import type { SendProformaResponseSchema } from '@tessera/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { request } from '../../../lib/request';
import { ORDERS_API, contextOptions, useRequestContext } from '../../../lib/request-context';

export const SEND_PROFORMA_PATH = `${ORDERS_API}/sendProformaDocument`;
/** `GET proformaDocument?orderId=`: the proforma invoice as a PDF. */
export const PROFORMA_DOCUMENT_PATH = `${ORDERS_API}/proformaDocument`;
/** `GET downloadOrderAnalysisExcel?orderId=`: the order's lines as a spreadsheet. */
export const ORDER_ANALYSIS_PATH = `${ORDERS_API}/downloadOrderAnalysisExcel`;

type SendProformaResponse = z.infer<typeof SendProformaResponseSchema>;

/** `POST sendProformaDocument` {orderId}: emails the proforma to the signed-in user; answers the address. */
export function useSendProforma() {
  const context = useRequestContext();
  return useMutation({
    mutationFn: async (orderId: string) => {
      const result = await request<SendProformaResponse>(SEND_PROFORMA_PATH, {
        ...contextOptions(context),
        method: 'POST',
        body: { orderId },
      });
      return result.error ? null : result.data.sentTo;
    },
  });
}
