import { PassThrough } from 'node:stream';
import {
  CompanyInvoiceFileQuerySchema,
  CompanyInvoicesExportQuerySchema,
  CompanyInvoicesQuerySchema,
  CustomerInvoicesResponseSchema,
  InvoiceIdParamsSchema,
  MerchantInvoiceFileQuerySchema,
  MerchantInvoicesQuerySchema,
  OrderInvoicesQuerySchema,
  OrderInvoicesResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { InvoicingService } from './service';

/** What the company routes read of the orders module (wired in `app.ts`). */
export type CompanyInvoiceDeps = {
  invoicing: InvoicingService;
  /** The numbers of the company's orders among `orderIds`. */
  orderNumbers: (companyId: string, orderIds: readonly string[]) => Promise<ReadonlyMap<string, number>>;
  /** The company's order, or NOT_FOUND (another company's order is not found). */
  getOrder: (companyId: string, orderId: string) => Promise<unknown>;
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PRIVATE = 'private, no-store';

/**
 * `/api/v1/orders/invoices…` (issue 37 §4): the company's invoices and credit notes — the fees of
 * its paid orders — listed, one order's, each as a PDF and as myDATA's XML, and the accountant's
 * spreadsheet. Its order managers and finance users, and provider staff (`invoices.read`); always
 * the company the request acts for: another company's document is 404, another company 403.
 */
export function companyInvoiceRoutes(deps: CompanyInvoiceDeps): FastifyPluginAsyncZod {
  const { invoicing } = deps;
  const tags = ['invoices'];
  return async (app) => {
    app.get(
      '/invoices',
      {
        schema: {
          tags,
          description:
            'The company’s invoices and credit notes, newest first; filtered by issue dates, kind and order.',
          querystring: CompanyInvoicesQuerySchema,
          response: { 200: CustomerInvoicesResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'invoices.read');
        const { page, pageSize, ...filter } = request.query;
        const result = await invoicing.customerInvoices({ companyId }, { ...filter, page, pageSize }, (ids) =>
          deps.orderNumbers(companyId, ids),
        );
        return { success: true as const, ...result, page, pageSize };
      },
    );

    app.get(
      '/invoices/ofOrder',
      {
        schema: {
          tags,
          description:
            'An order’s invoice and the credit notes of it, oldest first (404: not the company’s order).',
          querystring: OrderInvoicesQuerySchema,
          response: { 200: OrderInvoicesResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'invoices.read');
        await deps.getOrder(companyId, request.query.orderId);
        const invoices = await invoicing.orderInvoices(companyId, request.query.orderId, (ids) =>
          deps.orderNumbers(companyId, ids),
        );
        return { success: true as const, invoices };
      },
    );

    app.get(
      '/invoices/export',
      {
        schema: {
          tags,
          description:
            'The company’s invoices and credit notes as a spreadsheet (documents and lines; credit notes negative). A plain link: `companyId` and `lang` in the query.',
          querystring: CompanyInvoicesExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { companyId: requested, lang, ...filter } = request.query;
        const { companyId } = await requireActor(request, 'invoices.read', { companyId: requested });
        const stream = new PassThrough();
        void invoicing
          .exportCustomerInvoices({ companyId }, filter, lang ?? requestLocale(request), stream, (ids) =>
            deps.orderNumbers(companyId, ids),
          )
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'invoices export failed');
            stream.destroy(error as Error);
          });
        return reply
          .type(XLSX)
          .header('content-disposition', `attachment; filename="invoices-${companyId}.xlsx"`)
          .header('cache-control', PRIVATE)
          .send(stream);
      },
    );

    app.get(
      '/invoices/:invoiceId/pdf',
      {
        schema: {
          tags,
          description: 'One of the company’s documents as printed (Greek; English beside it with `lang=en`).',
          params: InvoiceIdParamsSchema,
          querystring: CompanyInvoiceFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { companyId } = await requireActor(request, 'invoices.read', {
          companyId: request.query.companyId,
        });
        const { fileName, pdf } = await invoicing.customerInvoicePdf(
          { companyId },
          request.params.invoiceId,
          request.query.lang ?? requestLocale(request),
          (ids) => deps.orderNumbers(companyId, ids),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', PRIVATE)
          .send(pdf);
      },
    );

    app.get(
      '/invoices/:invoiceId/xml',
      {
        schema: {
          tags,
          description:
            'One of the company’s documents as myDATA takes it (an InvoicesDoc; 409 for a credit note whose invoice has no MARK yet).',
          params: InvoiceIdParamsSchema,
          querystring: CompanyInvoiceFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { companyId } = await requireActor(request, 'invoices.read', {
          companyId: request.query.companyId,
        });
        const { fileName, xml } = await invoicing.customerInvoiceXml({ companyId }, request.params.invoiceId);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', PRIVATE)
          .send(xml);
      },
    );
  };
}

/**
 * `/api/v1/merchants/invoices…` (issue 37 §4): the merchant's invoices and credit notes — its
 * commission, terminal rentals, bags and stickers — each as a PDF and as myDATA's XML. The
 * merchant's users (view-only too) and provider staff naming the merchant
 * (`merchant-invoices.read`); another merchant's document is 404.
 */
export function merchantInvoiceRoutes(invoicing: InvoicingService): FastifyPluginAsyncZod {
  const tags = ['merchants'];
  return async (app) => {
    app.get(
      '/invoices',
      {
        schema: {
          tags,
          description:
            'The merchant’s invoices and credit notes, newest first; filtered by issue dates and kind.',
          querystring: MerchantInvoicesQuerySchema,
          response: { 200: CustomerInvoicesResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'merchant-invoices.read');
        const { page, pageSize, ...filter } = request.query;
        const result = await invoicing.customerInvoices({ merchantId }, { ...filter, page, pageSize });
        return { success: true as const, ...result, page, pageSize };
      },
    );

    app.get(
      '/invoices/:invoiceId/pdf',
      {
        schema: {
          tags,
          description:
            'One of the merchant’s documents as printed (Greek; English beside it with `lang=en`).',
          params: InvoiceIdParamsSchema,
          querystring: MerchantInvoiceFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { merchantId } = await requireActor(request, 'merchant-invoices.read', {
          merchantId: request.query.merchantId,
        });
        const { fileName, pdf } = await invoicing.customerInvoicePdf(
          { merchantId },
          request.params.invoiceId,
          request.query.lang ?? requestLocale(request),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          .header('cache-control', PRIVATE)
          .send(pdf);
      },
    );

    app.get(
      '/invoices/:invoiceId/xml',
      {
        schema: {
          tags,
          description: 'One of the merchant’s documents as myDATA takes it (an InvoicesDoc).',
          params: InvoiceIdParamsSchema,
          querystring: MerchantInvoiceFileQuerySchema,
        },
      },
      async (request, reply) => {
        const { merchantId } = await requireActor(request, 'merchant-invoices.read', {
          merchantId: request.query.merchantId,
        });
        const { fileName, xml } = await invoicing.customerInvoiceXml(
          { merchantId },
          request.params.invoiceId,
        );
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', PRIVATE)
          .send(xml);
      },
    );
  };
}
