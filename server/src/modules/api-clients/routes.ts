import {
  ApiClientResponseSchema,
  ApiClientSecretResponseSchema,
  ApiClientsResponseSchema,
  CreateApiClientRequestSchema,
  RevokeApiClientRequestSchema,
  RotateApiClientSecretRequestSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { ApiClientsService } from './service';

const tags = ['accounts'];

/**
 * `/api/v1/accounts/...` API client calls (issue 22 §1, ADR 034): the company's order manager and
 * provider staff acting for it list, create, rotate and revoke its clients. A secret leaves the
 * server only in the answer that made it.
 */
export function apiClientsRoutes(service: ApiClientsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/apiClients',
      { schema: { tags, response: { 200: ApiClientsResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'api-clients.read');
        return { success: true as const, clients: await service.list(actor) };
      },
    );

    app.post(
      '/createApiClient',
      {
        schema: {
          tags,
          description: 'A new API client; its secret is in this answer only. Needs a fresh second factor.',
          body: CreateApiClientRequestSchema,
          response: { 200: ApiClientSecretResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'api-clients.manage');
        return { success: true as const, ...(await service.create(request.body, actor)) };
      },
    );

    app.post(
      '/rotateApiClientSecret',
      {
        schema: {
          tags,
          description:
            'A new secret (in this answer only); the previous one, and the access tokens bought with it, work `overlapHours` more (0: they end at once). Needs a fresh second factor.',
          body: RotateApiClientSecretRequestSchema,
          response: { 200: ApiClientSecretResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'api-clients.manage');
        return { success: true as const, ...(await service.rotate(request.body, actor)) };
      },
    );

    app.post(
      '/revokeApiClient',
      {
        schema: { tags, body: RevokeApiClientRequestSchema, response: { 200: ApiClientResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'api-clients.manage');
        return { success: true as const, client: await service.revoke(request.body.clientId, actor) };
      },
    );
  };
}
