import {
  ChangePasswordRequestSchema,
  ConfirmRequestSchema,
  CreateUserRequestSchema,
  InteractionResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  ResetPasswordRequestSchema,
  SearchUsersRequestSchema,
  SearchUsersResponseSchema,
  SuccessResponseSchema,
  UserIdParamsSchema,
  UserResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/policy';
import type { IdentityService } from './service';

const tags = ['identity'];
const EmailBody = z.object({ email: z.email().max(254) });
const UidParams = z.object({ uid: z.string().min(1).max(100) });

/**
 * `/api/v2/identity/...`: the sign-in interaction's JSON API and the user actions of SPEC §7
 * (roles per route in ADR 005). The provider itself is mounted at `/api/v2/identity/oidc`.
 */
export function identityRoutes(
  service: IdentityService,
  limits: { loginPerMinute: number; resetPerMinute: number },
): FastifyPluginAsyncZod {
  const loginLimit = { rateLimit: { max: limits.loginPerMinute, timeWindow: '1 minute' } };
  const resetLimit = { rateLimit: { max: limits.resetPerMinute, timeWindow: '1 minute' } };

  return async (app) => {
    // ------------------------------------------------------------ sign-in interaction (public)

    app.get(
      '/interaction/:uid',
      { schema: { tags, params: UidParams, response: { 200: InteractionResponseSchema } } },
      async (request, reply) => ({
        success: true as const,
        ...(await service.getInteraction({ req: request.raw, res: reply.raw }, request.params.uid)),
      }),
    );

    app.post(
      '/interaction/:uid/login',
      {
        schema: { tags, params: UidParams, body: LoginRequestSchema, response: { 200: LoginResponseSchema } },
        config: loginLimit,
      },
      async (request, reply) => ({
        success: true as const,
        ...(await service.login({ req: request.raw, res: reply.raw }, request.params.uid, request.body)),
      }),
    );

    // ------------------------------------------------------------ codes by email (public)

    app.post(
      '/password/request-reset',
      { schema: { tags, body: EmailBody, response: { 200: SuccessResponseSchema } }, config: resetLimit },
      async (request) => {
        service.requestPasswordReset(request.body.email);
        return { success: true as const };
      },
    );

    app.post(
      '/password/reset',
      {
        schema: { tags, body: ResetPasswordRequestSchema, response: { 200: SuccessResponseSchema } },
        config: resetLimit,
      },
      async (request) => {
        await service.resetPassword(request.body);
        return { success: true as const };
      },
    );

    app.post(
      '/confirmation/request',
      { schema: { tags, body: EmailBody, response: { 200: SuccessResponseSchema } }, config: resetLimit },
      async (request) => {
        service.requestConfirmation(request.body.email);
        return { success: true as const };
      },
    );

    app.post(
      '/confirmation/confirm',
      {
        schema: { tags, body: ConfirmRequestSchema, response: { 200: SuccessResponseSchema } },
        config: resetLimit,
      },
      async (request) => {
        await service.confirm(request.body);
        return { success: true as const };
      },
    );

    // ------------------------------------------------------------ the signed-in user

    app.get('/users/me', { schema: { tags, response: { 200: UserResponseSchema } } }, async (request) => {
      const { userId } = await requireActor(request, 'account.self');
      return { success: true as const, user: await service.getUser(userId) };
    });

    app.post(
      '/password/change',
      {
        schema: { tags, body: ChangePasswordRequestSchema, response: { 200: SuccessResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        await service.changePassword(actor, request.body, actor.requestId);
        return { success: true as const };
      },
    );

    // ------------------------------------------------------------ provider staff

    app.post(
      '/users',
      {
        schema: { tags, body: CreateUserRequestSchema, response: { 200: UserResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'users.create');
        const user = await service.createUser(request.body, actor);
        return { success: true as const, user };
      },
    );

    app.post(
      '/users/search',
      {
        schema: { tags, body: SearchUsersRequestSchema, response: { 200: SearchUsersResponseSchema } },
      },
      async (request) => {
        await requireActor(request, 'users.search');
        return service.findUsers(request.body);
      },
    );

    for (const action of ['lock', 'unlock'] as const) {
      app.post(
        `/users/:userId/${action}`,
        {
          schema: { tags, params: UserIdParamsSchema, response: { 200: UserResponseSchema } },
        },
        async (request) => {
          const actor = await requireActor(request, 'users.lock');
          const user = await service.setLocked(request.params.userId, action === 'lock', actor);
          return { success: true as const, user };
        },
      );
    }
  };
}
