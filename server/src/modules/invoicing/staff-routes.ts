import {
  InvoiceDeskDetailResponseSchema,
  InvoiceDeskQueueResponseSchema,
  InvoiceDeskSearchQuerySchema,
  InvoiceDeskSearchResponseSchema,
  DeskInvoiceParamsSchema,
  InvoiceResendResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { InvoicingService } from './service';

const tags = ['invoicing'];

/**
 * `/api/v1/invoice-desk/...` (issue 37 §3–4): the provider staff's invoice desk. They read the
 * documents AADE refused (with AADE's errors) and those still waiting for it, search every
 * customer's documents by number, MARK or ΑΦΜ, read one with every call to AADE, and send a refused
 * or waiting one again. Company and merchant users are refused (403) by the policy table.
 */
export function invoiceDeskRoutes(service: InvoicingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/queue',
      {
        schema: {
          tags,
          description:
            'The documents AADE refused, with its error codes and messages, and the documents still waiting to reach it (not yet sent, or issued under transmission failure) with their attempts and next retry; each list oldest first, at most 100.',
          response: { 200: InvoiceDeskQueueResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'invoice-desk.read');
        return { success: true as const, ...(await service.deskQueue()) };
      },
    );

    app.get(
      '/search',
      {
        schema: {
          tags,
          description:
            'Every customer’s documents by number as printed (`TPY-12`), by MARK, or by the ΑΦΜ the document names its customer by; newest first, at most 100.',
          querystring: InvoiceDeskSearchQuerySchema,
          response: { 200: InvoiceDeskSearchResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'invoice-desk.read');
        return { success: true as const, ...(await service.searchDesk(request.query.q)) };
      },
    );

    app.get(
      '/invoices/:invoiceId',
      {
        schema: {
          tags,
          description:
            'One document: its customer, lines, totals, state and every call made to AADE about it (time, gateway, outcome, AADE’s errors).',
          params: DeskInvoiceParamsSchema,
          response: { 200: InvoiceDeskDetailResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'invoice-desk.read');
        return { success: true as const, invoice: await service.deskDetail(request.params.invoiceId) };
      },
    );

    app.post(
      '/invoices/:invoiceId/resend',
      {
        schema: {
          tags,
          description:
            'Sends a refused or waiting document to AADE again, through the transmission job’s path for that one document: after a send that got no answer AADE is asked first and a MARK it holds is recorded without sending. Never sends what a worker may be sending (`scheduled`); a transmitted document is a 409. AADE refuses again what it refused for the document’s content (`refused`). Audited.',
          params: DeskInvoiceParamsSchema,
          response: { 200: InvoiceResendResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'invoice-desk.resend');
        const outcome = await service.resend({
          actor: { userId: actor.userId, requestId: actor.requestId },
          invoiceId: request.params.invoiceId,
          locale: actor.locale,
        });
        return {
          success: true as const,
          outcome,
          invoice: await service.deskDetail(request.params.invoiceId),
        };
      },
    );
  };
}
