import {
  AdminCreateUserRequestSchema,
  AdminSearchUsersRequestSchema,
  AdminSearchUsersResponseSchema,
  AdminUpdateUserRequestSchema,
  AdminUserResponseSchema,
  EndSessionsResponseSchema,
  EndUserSessionsRequestSchema,
  ManagedCompanyUserResponseSchema,
  ManagedCompanyUsersResponseSchema,
  UserIdParamsSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { PeopleService } from './service';

const tags = ['accounts'];
const params = UserIdParamsSchema;

/**
 * User administration under `/api/v1/accounts` (issue 18 §2, ADR 023).
 *
 * Provider staff (`users.search`, `users.manage`, unscoped): `users/userList` searches every
 * company's and merchant's users; `users/registerProfile` creates one; `users/:userId/updateManager`
 * changes details, role, companies and merchant; then lock, unlock, requestConfirmation,
 * requestPasswordReset (forced) and endSessions (with a typed reason; ADR 033). Customer care never an admin (ADMIN_ONLY, 403).
 *
 * A company's order manager (`company-users.read`/`company-users.manage`, company-scoped, so a
 * foreign company is 403): `companyUsers` lists the company's users with their state, and
 * `companyUsers/:userId/lock|unlock|requestConfirmation`; invitations and role changes are the
 * accounts service's `registerProfile` and `updateManager`.
 */
export function userAdminRoutes(service: PeopleService): FastifyPluginAsyncZod {
  const { admin, companyUsers } = service;
  return async (app) => {
    // ------------------------------------------------------------ provider staff

    app.post(
      '/users/userList',
      {
        schema: {
          tags,
          body: AdminSearchUsersRequestSchema,
          response: { 200: AdminSearchUsersResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'users.search');
        return admin.searchUsers(request.body);
      },
    );

    app.get(
      '/users/:userId',
      { schema: { tags, params, response: { 200: AdminUserResponseSchema } } },
      async (request) => {
        await requireActor(request, 'users.search');
        return { success: true as const, user: await admin.getUser(request.params.userId) };
      },
    );

    app.post(
      '/users/registerProfile',
      { schema: { tags, body: AdminCreateUserRequestSchema, response: { 200: AdminUserResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'users.manage');
        return { success: true as const, user: await admin.createUser(request.body, actor) };
      },
    );

    app.post(
      '/users/:userId/updateManager',
      {
        schema: {
          tags,
          params,
          body: AdminUpdateUserRequestSchema,
          response: { 200: AdminUserResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'users.manage');
        return {
          success: true as const,
          user: await admin.updateUser(request.params.userId, request.body, actor),
        };
      },
    );

    for (const action of ['lock', 'unlock'] as const) {
      app.post(
        `/users/:userId/${action}`,
        { schema: { tags, params, response: { 200: AdminUserResponseSchema } } },
        async (request) => {
          const actor = await requireActor(request, 'users.manage');
          const user = await admin.setLocked(request.params.userId, action === 'lock', actor);
          return { success: true as const, user };
        },
      );
    }

    app.post(
      '/users/:userId/requestConfirmation',
      { schema: { tags, params, response: { 200: AdminUserResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'users.manage');
        return { success: true as const, user: await admin.resendConfirmation(request.params.userId, actor) };
      },
    );

    app.post(
      '/users/:userId/requestPasswordReset',
      { schema: { tags, params, response: { 200: AdminUserResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'users.manage');
        return { success: true as const, user: await admin.forcePasswordReset(request.params.userId, actor) };
      },
    );

    app.post(
      '/users/:userId/endSessions',
      {
        schema: {
          tags,
          params,
          body: EndUserSessionsRequestSchema,
          response: { 200: EndSessionsResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'users.manage');
        return {
          success: true as const,
          endedSessions: await admin.endSessions(request.params.userId, actor, request.body.reason),
        };
      },
    );

    // ------------------------------------------------------------ the company's order manager

    app.get(
      '/companyUsers',
      { schema: { tags, response: { 200: ManagedCompanyUsersResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'company-users.read');
        return { success: true as const, users: await companyUsers.list(actor) };
      },
    );

    for (const action of ['lock', 'unlock'] as const) {
      app.post(
        `/companyUsers/:userId/${action}`,
        { schema: { tags, params, response: { 200: ManagedCompanyUserResponseSchema } } },
        async (request) => {
          const actor = await requireActor(request, 'company-users.manage');
          const user = await companyUsers.setLocked(request.params.userId, action === 'lock', actor);
          return { success: true as const, user };
        },
      );
    }

    app.post(
      '/companyUsers/:userId/requestConfirmation',
      { schema: { tags, params, response: { 200: ManagedCompanyUserResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'company-users.manage');
        return {
          success: true as const,
          user: await companyUsers.resendConfirmation(request.params.userId, actor),
        };
      },
    );
  };
}
