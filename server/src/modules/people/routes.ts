import {
  AgentsResponseSchema,
  CompanyUserResponseSchema,
  RegisterProfileRequestSchema,
  ROLE_IDS,
  UpdateManagerRequestSchema,
  UserByTokenResponseSchema,
  UserListResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allowRoles, COMPANY_USERS, ORDERING, sessionOf } from '../../platform/auth-guard';
import { requireCompany, requireCompanyActor } from '../../platform/tenant';
import type { PeopleService } from './service';

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
        preHandler: allowRoles(...ROLE_IDS),
      },
      async (request) => {
        const session = await sessionOf(request);
        return { success: true as const, ...(await service.getSignedInUser(session.userId)) };
      },
    );

    app.get(
      '/userList',
      {
        schema: { tags, response: { 200: UserListResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, users: await service.userList(companyId) };
      },
    );

    app.get(
      '/retrieveAgents',
      {
        schema: { tags, response: { 200: AgentsResponseSchema } },
        preHandler: allowRoles(...COMPANY_USERS),
      },
      async (request) => {
        const { companyId } = await requireCompany(request);
        return { success: true as const, agents: await service.agents(companyId) };
      },
    );

    app.post(
      '/updateManager',
      {
        schema: { tags, body: UpdateManagerRequestSchema, response: { 200: CompanyUserResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        user: await service.updateManager(request.body, await requireCompanyActor(request)),
      }),
    );

    app.post(
      '/registerProfile',
      {
        schema: { tags, body: RegisterProfileRequestSchema, response: { 200: CompanyUserResponseSchema } },
        preHandler: allowRoles(...ORDERING),
      },
      async (request) => ({
        success: true as const,
        user: await service.registerProfile(request.body, await requireCompanyActor(request)),
      }),
    );
  };
}
