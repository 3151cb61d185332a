import {
  athensDate,
  ActForMerchantRequestSchema,
  ActingResponseSchema,
  AuditListResponseSchema,
  AuditQuerySchema,
  type AuditQuery,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession } from '../../platform/auth-guard';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { AuditFilter } from './repository';
import type { AuditService } from './service';

const tags = ['audit'];
const Success = z.object({ success: z.literal(true) });

const filterOf = (query: z.infer<typeof AuditQuerySchema>): AuditFilter => ({
  person: query.person || undefined,
  companyId: query.companyId || undefined,
  merchantId: query.merchantId || undefined,
  entity: query.entity || undefined,
  fromDate: query.from,
  toDate: query.to,
});

/** The day's date in a file name: the Athens day, as the user reads it. */
const today = () => athensDate(new Date());

/**
 * Acting for a company or merchant and the audit log (issue 18, ADR 027): under
 * `/api/v1/accounts` the acting state, stopping, the company's own log; under `/api/v1/merchants`
 * starting to act for a merchant; under `/api/v1/audit` the whole log and its export (role 1).
 */
export function actingRoutes(service: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/acting', { schema: { tags, response: { 200: ActingResponseSchema } } }, async (request) => {
      await requireActor(request, 'acting.manage');
      const session = (await currentSession(request))!;
      return { success: true as const, acting: await service.acting(session) };
    });

    app.post('/stopActing', { schema: { tags, response: { 200: Success } } }, async (request) => {
      const actor = await requireActor(request, 'acting.manage');
      const session = (await currentSession(request))!;
      await service.stopActing(actor, session);
      return { success: true as const };
    });

    /** The company's own log: its order manager (and the provider's manager), that company only. */
    app.get(
      '/companyAuditLog',
      { schema: { tags, querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema } } },
      async (request) => {
        const { companyId } = await requireActor(request, 'audit.company', {
          companyId: request.query.companyId,
        });
        return service.listOfCompany(companyId, filterOf(request.query), request.query.page);
      },
    );
  };
}

export function merchantActingRoutes(service: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/actForMerchant',
      { schema: { tags, body: ActForMerchantRequestSchema, response: { 200: Success } } },
      async (request) => {
        const actor = await requireActor(request, 'acting.manage');
        await service.actForMerchant(actor, request.body.merchantId, request.body.reason);
        return { success: true as const };
      },
    );
  };
}

export function auditLogRoutes(service: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/entries',
      { schema: { tags, querystring: AuditQuerySchema, response: { 200: AuditListResponseSchema } } },
      async (request) => {
        await requireActor(request, 'audit.read');
        return service.list(filterOf(request.query), request.query.page);
      },
    );

    app.get('/export', { schema: { tags, querystring: AuditQuerySchema } }, async (request, reply) => {
      await requireActor(request, 'audit.read');
      const query: AuditQuery = request.query;
      const stream = service.workbookStream(
        filterOf(request.query),
        query.lang ?? requestLocale(request),
        (error) => request.log.error({ err: error }, 'audit export failed'),
      );
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="audit-log-${today()}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    });
  };
}
