import {
  ConvertLeadToMerchantRequestSchema,
  LeadResponseSchema,
  ListLeadsRequestSchema,
  ListLeadsResponseSchema,
  RejectLeadRequestSchema,
  SubmitLeadRequestSchema,
  SubmitLeadResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { LeadsService } from './service';

const tags = ['leads'];

/**
 * The public lead form (`POST /api/content/leads`, like the contact form: no session, rate-limited
 * per client address) and role 1's leads (`/api/v1/accounts/...`; ADR 024).
 */
export function leadFormRoutes(service: LeadsService, options: { perHour: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/leads',
      {
        schema: { tags, body: SubmitLeadRequestSchema, response: { 200: SubmitLeadResponseSchema } },
        config: { rateLimit: { max: options.perHour, timeWindow: '1 hour' } },
      },
      async (request) => ({
        success: true as const,
        ...(await service.submitLead(request.body, requestLocale(request))),
      }),
    );
  };
}

export function leadsRoutes(service: LeadsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/listLeads',
      { schema: { tags, body: ListLeadsRequestSchema, response: { 200: ListLeadsResponseSchema } } },
      async (request) => {
        await requireActor(request, 'leads.manage');
        return service.listLeads(request.body);
      },
    );

    app.post(
      '/getLead',
      {
        schema: { tags, body: z.object({ leadId: z.uuid() }), response: { 200: LeadResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'leads.manage');
        return { success: true as const, lead: await service.getLead(request.body.leadId) };
      },
    );

    app.post(
      '/rejectLead',
      { schema: { tags, body: RejectLeadRequestSchema, response: { 200: LeadResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'leads.manage');
        return { success: true as const, lead: await service.rejectLead(request.body.leadId, actor) };
      },
    );

    app.post(
      '/convertLeadToMerchant',
      {
        schema: { tags, body: ConvertLeadToMerchantRequestSchema, response: { 200: LeadResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'leads.manage');
        return { success: true as const, lead: await service.convertLeadToMerchant(request.body, actor) };
      },
    );
  };
}
