import {
  CreateWebhookEndpointRequestSchema,
  DeleteWebhookEndpointRequestSchema,
  ProblemDetailsSchema,
  PublicWebhookEndpointParamsSchema,
  PublicWebhookEndpointSecretResponseSchema,
  PublicWebhookEndpointsResponseSchema,
  ReplayWebhookDeliveryRequestSchema,
  UpdateWebhookEndpointRequestSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointSecretResponseSchema,
  WebhookEndpointsResponseSchema,
} from '@tessera/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor, type CompanyActor } from '../../platform/policy';
import type { WebhookActor, WebhooksService } from './service';

const tags = ['accounts'];

function actorOf(actor: CompanyActor): WebhookActor {
  return {
    companyId: actor.companyId,
    userId: actor.userId,
    requestId: actor.requestId,
    secondFactor: actor.secondFactor,
  };
}

/**
 * `/api/v1/accounts/...` webhook calls (issue 22 §3, ADR 035): the company's order manager and
 * provider staff acting for it keep its endpoints, read their delivery log and replay deliveries.
 * A signing secret leaves the server only in the answer that made the endpoint.
 */
export function webhooksRoutes(service: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webhookEndpoints',
      { schema: { tags, response: { 200: WebhookEndpointsResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'webhooks.read');
        return {
          success: true as const,
          endpoints: await service.list(actor.companyId),
          allowsHttpToLoopback: service.allowsHttpToLoopback,
        };
      },
    );

    app.post(
      '/createWebhookEndpoint',
      {
        schema: {
          tags,
          description:
            'A new webhook endpoint; its signing secret is in this answer only. Needs a fresh second factor.',
          body: CreateWebhookEndpointRequestSchema,
          response: { 200: WebhookEndpointSecretResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'webhooks.manage');
        return { success: true as const, ...(await service.create(request.body, actorOf(actor))) };
      },
    );

    app.post(
      '/updateWebhookEndpoint',
      {
        schema: {
          tags,
          body: UpdateWebhookEndpointRequestSchema,
          response: { 200: WebhookEndpointResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'webhooks.manage');
        return { success: true as const, endpoint: await service.update(request.body, actorOf(actor)) };
      },
    );

    app.post(
      '/deleteWebhookEndpoint',
      {
        schema: {
          tags,
          body: DeleteWebhookEndpointRequestSchema,
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'webhooks.manage');
        await service.remove(request.body.endpointId, actorOf(actor));
        return { success: true as const };
      },
    );

    app.get(
      '/webhookDeliveries',
      {
        schema: {
          tags,
          querystring: WebhookDeliveriesQuerySchema,
          response: { 200: WebhookDeliveriesResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'webhooks.read');
        return {
          success: true as const,
          deliveries: await service.deliveries(actor.companyId, request.query.endpointId),
        };
      },
    );

    app.post(
      '/replayWebhookDelivery',
      {
        schema: {
          tags,
          description: 'Sends the delivery again, with the same event id.',
          body: ReplayWebhookDeliveryRequestSchema,
          response: { 200: WebhookDeliveryResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'webhooks.manage');
        return {
          success: true as const,
          delivery: await service.replay(request.body.deliveryId, actorOf(actor)),
        };
      },
    );
  };
}

/** The caller of a public API call, as the api-clients guard resolved it. */
export type PublicCaller = { clientId: string; companyId: string };

/**
 * `/api/public/v1/webhook-endpoints` (scope `webhooks`): a company's own system subscribes itself.
 * Registered inside the public API's scope (`publicApiRoutes`' `routes`), so its guard, rate limit,
 * audit and problem details apply; `callerOf` names the client the guard resolved.
 */
export function publicWebhookRoutes(service: WebhooksService) {
  return async (
    app: Parameters<FastifyPluginAsyncZod>[0],
    kit: { callerOf: (request: FastifyRequest) => PublicCaller; rateLimit: object },
  ): Promise<void> => {
    const { callerOf, rateLimit } = kit;
    const publicTags = ['public-api'];
    const problems = { 401: ProblemDetailsSchema, 403: ProblemDetailsSchema, 429: ProblemDetailsSchema };
    const actorOfCaller = (request: FastifyRequest): WebhookActor => {
      const caller = callerOf(request);
      return { companyId: caller.companyId, userId: null, apiClientId: caller.clientId };
    };

    app.get(
      '/webhook-endpoints',
      {
        config: { apiScope: 'webhooks', rateLimit },
        schema: {
          tags: publicTags,
          summary: "The company's webhook endpoints (never a secret)",
          security: [{ bearerAuth: [] }],
          response: { 200: PublicWebhookEndpointsResponseSchema, ...problems },
        },
      },
      async (request) => ({ endpoints: await service.list(callerOf(request).companyId) }),
    );

    app.post(
      '/webhook-endpoints',
      {
        config: { apiScope: 'webhooks', rateLimit },
        schema: {
          tags: publicTags,
          summary: 'Subscribes an endpoint; its signing secret is in this answer only',
          security: [{ bearerAuth: [] }],
          body: CreateWebhookEndpointRequestSchema,
          response: {
            201: PublicWebhookEndpointSecretResponseSchema,
            400: ProblemDetailsSchema,
            ...problems,
          },
        },
      },
      async (request, reply) => {
        const created = await service.create(request.body, actorOfCaller(request));
        return reply.code(201).send(created);
      },
    );

    app.delete(
      '/webhook-endpoints/:endpointId',
      {
        config: { apiScope: 'webhooks', rateLimit },
        schema: {
          tags: publicTags,
          summary: 'Deletes an endpoint of the company',
          security: [{ bearerAuth: [] }],
          params: PublicWebhookEndpointParamsSchema,
          response: { 204: z.null(), 404: ProblemDetailsSchema, ...problems },
        },
      },
      async (request, reply) => {
        await service.remove(request.params.endpointId, actorOfCaller(request));
        return reply.code(204).send(null);
      },
    );
  };
}

export type PublicWebhookPlugin = ReturnType<typeof publicWebhookRoutes>;
