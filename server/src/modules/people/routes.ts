import {
  AgentsResponseSchema,
  CompanyUserResponseSchema,
  RegisterProfileRequestSchema,
  UpdateManagerRequestSchema,
  UserByTokenResponseSchema,
  UserListResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { PeopleService } from './service';
import { userAdminRoutes } from './user-admin-routes';

const tags = ['accounts'];

/**
 * `/api/v1/accounts/...` people calls (SPEC §7; ADR 007): the signed-in user (any role, no company),
 * the company's managers and the provider's agents. Reads are open to every company role and
 * provider staff; writes to the order manager and provider staff. Every company-scoped route
 * resolves the company first (403 for a foreign one).
 */
export function peopleRoutes(service: PeopleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/retrieveUserByToken',
      {
        schema: { tags, response: { 200: UserByTokenResponseSchema } },
      },
      async (request) => {
        const { userId } = await requireActor(request, 'account.self');
        return { success: true as const, ...(await service.getSignedInUser(userId)) };
      },
    );

    app.get(
      '/userList',
      {
        schema: { tags, response: { 200: UserListResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'people.read');
        return { success: true as const, users: await service.userList(companyId) };
      },
    );

    app.get(
      '/retrieveAgents',
      {
        schema: { tags, response: { 200: AgentsResponseSchema } },
      },
      async (request) => {
        const { companyId } = await requireActor(request, 'people.read');
        return { success: true as const, agents: await service.agents(companyId) };
      },
    );

    app.post(
      '/updateManager',
      {
        schema: { tags, body: UpdateManagerRequestSchema, response: { 200: CompanyUserResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'people.manage');
        return { success: true as const, user: await service.updateManager(request.body, actor) };
      },
    );

    app.post(
      '/registerProfile',
      {
        schema: { tags, body: RegisterProfileRequestSchema, response: { 200: CompanyUserResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'people.manage');
        return { success: true as const, user: await service.registerProfile(request.body, actor) };
      },
    );

    // User administration (issue 18 §2, ADR 023).
    await app.register(userAdminRoutes(service));
  };
}
