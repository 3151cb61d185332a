import { OrderIdRequestSchema, SendProformaResponseSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import { z } from 'zod';
import { requestLocale } from '../../platform/http';
import type { DocumentsService } from './service';

const tags = ['orders'];
/** Downloads are plain links: the company may come in the query instead of the header. */
const DocumentQuery = OrderIdRequestSchema.extend({
  companyId: z.string().max(40).optional(),
  lang: z.enum(['el', 'en']).optional(),
});

/**
 * `/api/v1/orders/...` document calls: the proforma PDF (download and email) and the analysis
 * Excel. Open to every company role and provider staff for the company's own orders.
 */
export function documentsRoutes(service: DocumentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/proformaDocument', { schema: { tags, querystring: DocumentQuery } }, async (request, reply) => {
      const scope = await requireActor(request, 'orders.read', { companyId: request.query.companyId });
      const locale = request.query.lang ?? requestLocale(request);
      const { order, pdf } = await service.proforma(scope.companyId, request.query.orderId, locale, scope);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="proforma-${order.orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    app.post(
      '/sendProformaDocument',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: SendProformaResponseSchema } },
      },
      async (request) => {
        const scope = await requireActor(request, 'orders.read');
        const sentTo = await service.sendProforma(
          scope.companyId,
          request.body.orderId,
          scope,
          requestLocale(request),
        );
        return { success: true as const, sentTo };
      },
    );

    app.get(
      '/downloadOrderAnalysisExcel',
      { schema: { tags, querystring: DocumentQuery } },
      async (request, reply) => {
        const scope = await requireActor(request, 'orders.read', { companyId: request.query.companyId });
        const { order, stream } = await service.analysisExcel(
          scope.companyId,
          request.query.orderId,
          request.query.lang ?? requestLocale(request),
          scope,
          (error) => request.log.error({ err: error }, 'order analysis failed'),
        );
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="order-${order.orderNumber}.xlsx"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  };
}
