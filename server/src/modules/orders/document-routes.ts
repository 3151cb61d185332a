import { PassThrough } from 'node:stream';
import { OrderIdRequestSchema, SendProformaResponseSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allowRoles, COMPANY_USERS, sessionOf } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { requireCompany } from '../../platform/tenant';
import type { CompaniesService } from '../companies/service';
import type { IdentityService } from '../identity/service';
import { writeOrderAnalysisExcel } from './documents/analysis-excel';
import { renderProformaPdf } from './documents/proforma';
import type { DocumentCompany } from './documents/types';
import type { OrderMailer } from './order-mail';
import type { PlacedOrdersService } from './placed-service';

const tags = ['orders'];
/** Downloads are plain links: the company may come in the query instead of the header. */
const DocumentQuery = OrderIdRequestSchema.extend({
  companyId: z.string().max(40).optional(),
  lang: z.enum(['el', 'en']).optional(),
});

/**
 * The documents of an order (SPEC §7 sendProformaDocument, downloadOrderAnalysisExcel): the
 * proforma PDF (download and email) and the analysis Excel, streamed. Open to every company role
 * and provider staff for the company's own orders.
 */
export function orderDocumentRoutes(deps: {
  orders: PlacedOrdersService;
  companies: CompaniesService;
  identity: IdentityService;
  mailer: OrderMailer;
}): FastifyPluginAsyncZod {
  async function companyOf(companyId: string): Promise<DocumentCompany> {
    const company = await deps.companies.getCompany(companyId);
    return { companyId, name: company.name, vat: company.vat };
  }

  async function proforma(
    companyId: string,
    orderId: string,
    locale: 'el' | 'en',
    user: Parameters<PlacedOrdersService['details']>[2],
  ) {
    const order = await deps.orders.details(companyId, orderId, user);
    const { cards } = await deps.orders.orderCards(companyId, { orderId, page: 1, pageSize: 200 });
    return {
      order,
      pdf: await renderProformaPdf({ order, company: await companyOf(companyId), cards }, locale),
    };
  }

  return async (app) => {
    app.get(
      '/proformaDocument',
      { schema: { tags, querystring: DocumentQuery }, preHandler: allowRoles(...COMPANY_USERS) },
      async (request, reply) => {
        const scope = await requireCompany(request, { companyId: request.query.companyId });
        const locale = request.query.lang ?? requestLocale(request);
        const { order, pdf } = await proforma(scope.companyId, request.query.orderId, locale, scope.session);
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="proforma-${order.orderNumber}.pdf"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );

    app.post(
      '/sendProformaDocument',
      {
        schema: { tags, body: OrderIdRequestSchema, response: { 200: SendProformaResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const scope = await requireCompany(request);
        const session = await sessionOf(request);
        const [user] = await deps.identity.usersByIds([session.userId]);
        const locale = user?.preferredLanguage ?? requestLocale(request);
        const { pdf } = await proforma(scope.companyId, request.body.orderId, locale, session);
        const row = await deps.orders.getOrder(scope.companyId, request.body.orderId);
        const sentTo = await deps.mailer.sendProforma(user!, row, pdf);
        return { success: true as const, sentTo };
      },
    );

    app.get(
      '/downloadOrderAnalysisExcel',
      { schema: { tags, querystring: DocumentQuery }, preHandler: allowRoles(...COMPANY_USERS) },
      async (request, reply) => {
        const scope = await requireCompany(request, { companyId: request.query.companyId });
        const locale = request.query.lang ?? requestLocale(request);
        const order = await deps.orders.details(scope.companyId, request.query.orderId, scope.session);
        const company = await companyOf(scope.companyId);
        const stream = new PassThrough();
        void writeOrderAnalysisExcel(
          { order, company, cards: deps.orders.allOrderCards(scope.companyId, request.query.orderId) },
          locale,
          stream,
        ).catch((error: unknown) => {
          request.log.error({ err: error }, 'order analysis failed');
          stream.destroy(error as Error);
        });
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="order-${order.orderNumber}.xlsx"`)
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );
  };
}
