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
  DeviceIdParamsSchema,
  RecoveryCodesResponseSchema,
  ResetSecondFactorRequestSchema,
  SecondFactorCodeRequestSchema,
  SecondFactorConfirmRequestSchema,
  SecondFactorEnrolmentResponseSchema,
  SecondFactorSignInRequestSchema,
  SecondFactorStatusResponseSchema,
  TRUSTED_DEVICE_DAYS,
} from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  limits: {
    loginPerMinute: number;
    resetPerMinute: number;
    /** The remembered-device cookie (issue 21): its name and whether it is Secure. */
    deviceCookie?: { name: string; secure: boolean };
  },
): FastifyPluginAsyncZod {
  const loginLimit = { rateLimit: { max: limits.loginPerMinute, timeWindow: '1 minute' } };
  const resetLimit = { rateLimit: { max: limits.resetPerMinute, timeWindow: '1 minute' } };
  const deviceCookie = limits.deviceCookie ?? { name: 'tessera.trusted', secure: false };

  /** The browser's remembered-device token (a signed cookie) and its user agent. */
  function deviceOf(request: FastifyRequest) {
    const raw = request.cookies[deviceCookie.name];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    return {
      deviceToken: unsigned?.valid && unsigned.value ? unsigned.value : undefined,
      userAgent: request.headers['user-agent'] ?? '',
    };
  }

  /** Remembers the browser: a signed, httpOnly, SameSite=Lax cookie for 30 days (ADR 031). */
  function rememberDevice(reply: FastifyReply, token: string | undefined): void {
    if (!token) return;
    reply.setCookie(deviceCookie.name, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: deviceCookie.secure,
      path: '/',
      signed: true,
      maxAge: TRUSTED_DEVICE_DAYS * 24 * 3600,
    });
  }

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
        ...(await service.login(
          { req: request.raw, res: reply.raw },
          request.params.uid,
          request.body,
          deviceOf(request),
        )),
      }),
    );

    // The second step of the sign-in (issue 21, ADR 031), bound to the same interaction and cookie.
    app.post(
      '/interaction/:uid/second-factor',
      {
        schema: {
          tags,
          params: UidParams,
          body: SecondFactorSignInRequestSchema,
          response: { 200: LoginResponseSchema },
        },
        config: loginLimit,
      },
      async (request, reply) => {
        const { deviceToken, redirectTo } = await service.logInSecondFactor(
          { req: request.raw, res: reply.raw },
          request.params.uid,
          request.body,
          deviceOf(request),
        );
        rememberDevice(reply, deviceToken);
        return { success: true as const, redirectTo };
      },
    );

    app.post(
      '/interaction/:uid/second-factor/enrol',
      {
        schema: { tags, params: UidParams, response: { 200: SecondFactorEnrolmentResponseSchema } },
        config: loginLimit,
      },
      async (request, reply) => ({
        success: true as const,
        ...(await service.startSignInEnrolment({ req: request.raw, res: reply.raw }, request.params.uid)),
      }),
    );

    app.post(
      '/interaction/:uid/second-factor/enrol/confirm',
      {
        schema: {
          tags,
          params: UidParams,
          body: SecondFactorConfirmRequestSchema,
          response: { 200: RecoveryCodesResponseSchema },
        },
        config: loginLimit,
      },
      async (request, reply) => {
        const { deviceToken, ...result } = await service.confirmSignInEnrolment(
          { req: request.raw, res: reply.raw },
          request.params.uid,
          request.body,
          deviceOf(request),
        );
        rememberDevice(reply, deviceToken);
        return { success: true as const, ...result };
      },
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

    // ------------------------------------------------------------ the signed-in user's second factor

    app.get(
      '/second-factor',
      { schema: { tags, response: { 200: SecondFactorStatusResponseSchema } } },
      async (request) => {
        const { userId } = await requireActor(request, 'account.self');
        return {
          success: true as const,
          ...(await service.secondFactorStatus(userId, deviceOf(request).deviceToken)),
          // The step-up window the server was configured with: the portal's prompt says it.
          stepUpMinutes: Math.round(request.server.stepUpWindowMs / 60_000),
        };
      },
    );

    app.post(
      '/second-factor/enrol',
      { schema: { tags, response: { 200: SecondFactorEnrolmentResponseSchema } } },
      async (request) => {
        const { userId } = await requireActor(request, 'account.self');
        return { success: true as const, ...(await service.startEnrolment(userId)) };
      },
    );

    app.post(
      '/second-factor/enrol/confirm',
      {
        schema: { tags, body: SecondFactorCodeRequestSchema, response: { 200: RecoveryCodesResponseSchema } },
        config: loginLimit,
      },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        const recoveryCodes = await service.confirmEnrolment(actor, request.body.code);
        await service.recordSessionSecondFactor(actor.sessionIdHash);
        return { success: true as const, recoveryCodes };
      },
    );

    app.post(
      '/second-factor/recovery-codes',
      {
        schema: { tags, body: SecondFactorCodeRequestSchema, response: { 200: RecoveryCodesResponseSchema } },
        config: loginLimit,
      },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        return {
          success: true as const,
          recoveryCodes: await service.regenerateRecoveryCodes(actor, request.body.code),
        };
      },
    );

    app.post(
      '/second-factor/disable',
      {
        schema: { tags, body: SecondFactorCodeRequestSchema, response: { 200: SuccessResponseSchema } },
        config: loginLimit,
      },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        await service.disableSecondFactor(actor, request.body.code);
        return { success: true as const };
      },
    );

    app.post(
      '/second-factor/devices/:deviceId/revoke',
      { schema: { tags, params: DeviceIdParamsSchema, response: { 200: SuccessResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        await service.revokeDevices(actor, request.params.deviceId);
        return { success: true as const };
      },
    );

    app.post(
      '/second-factor/devices/revoke-all',
      { schema: { tags, response: { 200: SuccessResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        await service.revokeDevices(actor);
        return { success: true as const };
      },
    );

    /** Step-up (issue 21 §2): a current code refreshes the session's second factor for sensitive actions. */
    app.post(
      '/step-up',
      {
        schema: { tags, body: SecondFactorCodeRequestSchema, response: { 200: SuccessResponseSchema } },
        config: loginLimit,
      },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        await service.verifyCode(actor.userId, request.body.code);
        await service.recordSessionSecondFactor(actor.sessionIdHash);
        return { success: true as const };
      },
    );

    // ------------------------------------------------------------ provider staff

    /** Provider staff reset a user's second factor with a typed reason (audited; issue 21). */
    app.post(
      '/users/:userId/second-factor/reset',
      {
        schema: {
          tags,
          params: UserIdParamsSchema,
          body: ResetSecondFactorRequestSchema,
          response: { 200: SuccessResponseSchema },
        },
      },
      async (request) => {
        const actor = await requireActor(request, 'users.manage');
        await service.resetSecondFactor(request.params.userId, request.body.reason, actor);
        return { success: true as const };
      },
    );

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
