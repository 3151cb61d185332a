import {
  CreateDeliveryPointRequestSchema,
  DeliveryPointByIdRequestSchema,
  DeliveryPointResponseSchema,
  DeliveryPointsResponseSchema,
  SearchDeliveryPointsRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import { z } from 'zod';
import type { DeliveryPointsService } from './service';

const tags = ['accounts'];
const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});

/**
 * `/api/v1/accounts/...` delivery point calls (SPEC §7). Reads are open to every company role and
 * provider staff; writes to the order manager and provider staff (audited). Every route resolves
 * the company first (403 for a foreign one).
 */
export function deliveryPointsRoutes(service: DeliveryPointsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/getCompanyDeliveryPoints',
      {
        schema: { tags, querystring: PageQuery, response: { 200: DeliveryPointsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'delivery-points.read');
        return service.findDeliveryPoints(companyId, { query: '', ...request.query });
      },
    );

    app.post(
      '/searchDeliveryPoints',
      {
        schema: {
          tags,
          body: SearchDeliveryPointsRequestSchema,
          response: { 200: DeliveryPointsResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'delivery-points.read');
        return service.findDeliveryPoints(companyId, request.body);
      },
    );

    app.post(
      '/retrieveDeliveryPointById',
      {
        schema: {
          tags,
          body: DeliveryPointByIdRequestSchema,
          response: { 200: DeliveryPointResponseSchema },
        },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'delivery-points.read');
        return {
          success: true as const,
          deliveryPoint: await service.getDeliveryPoint(companyId, request.body.deliveryPointId),
        };
      },
    );

    app.post(
      '/createDeliveryPoint',
      {
        schema: {
          tags,
          body: CreateDeliveryPointRequestSchema,
          response: { 200: DeliveryPointResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'delivery-points.manage');
        return {
          success: true as const,
          deliveryPoint: await service.createDeliveryPoint(request.body, actor),
        };
      },
    );

    app.post(
      '/addDeliveryPoint',
      {
        schema: {
          tags,
          body: CreateDeliveryPointRequestSchema,
          response: { 200: DeliveryPointResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'delivery-points.manage');
        return { success: true as const, ...(await service.addDeliveryPoint(request.body, actor)) };
      },
    );
  };
}
