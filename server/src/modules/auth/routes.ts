import {
  AccountSessionParamsSchema,
  AccountSessionsResponseSchema,
  AUTH_PROVIDER_ID,
  EndedSessionsResponseSchema,
  ProvidersResponseSchema,
  SessionResponseSchema,
  SignInRequestSchema,
  SuccessResponseSchema,
  UrlResponseSchema,
} from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentSession, forgetSession } from '../../platform/auth-guard';
import { DEVICE_COOKIE_SECONDS, type CookieNames } from '../../platform/cookies';
import { assertCsrf, csrfBinding, isValidCsrfToken, issueCsrfToken } from '../../platform/csrf';
import { AppError } from '../../platform/errors';
import { requestOrigin } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { ProviderRequester } from '../identity';
import { localeOfPath, PENDING_SIGN_IN_SECONDS, type AuthService, type PendingSignIn } from './service';

const CALLBACK_PATH = `/api/auth/callback/${AUTH_PROVIDER_ID}`;
const tags = ['auth'];

export type AuthRoutesOptions = {
  service: AuthService;
  secret: string;
  secureCookies: boolean;
  cookies: CookieNames;
  /** The portal's address: redirects go there when `isPublicUrlFixed`, else to the browser's. */
  publicUrl: string;
  isPublicUrlFixed: boolean;
  /** Sign-in starts per client address per minute. */
  signInPerMinute: number;
};

function wantsJson(body: { json?: boolean | string | undefined } | undefined): boolean {
  return body?.json === true || body?.json === 'true';
}

function readPending(request: FastifyRequest, name: string): PendingSignIn | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const value = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as PendingSignIn;
    return typeof value.state === 'string' && typeof value.verifier === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Starts a sign-in: the pending sign-in in its signed cookie (for the callback), the provider's URL. */
function signInStarter(options: AuthRoutesOptions) {
  const originOf = (request: FastifyRequest) =>
    requestOrigin(request, options.isPublicUrlFixed ? options.publicUrl : null, options.publicUrl);
  return async (request: FastifyRequest, reply: FastifyReply, callbackUrl: string | undefined) => {
    const { url, pending } = await options.service.startSignIn(callbackUrl, originOf(request));
    reply.setCookie(
      options.cookies.pendingSignIn,
      Buffer.from(JSON.stringify(pending)).toString('base64url'),
      {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: CALLBACK_PATH,
        signed: true,
        maxAge: PENDING_SIGN_IN_SECONDS,
      },
    );
    return url;
  };
}

export type SignInPageOptions = AuthRoutesOptions & {
  /** The SPA's page for the request; with `interaction`, the page of the form of that interaction. */
  page: (
    request: FastifyRequest,
    reply: FastifyReply,
    interaction?: string,
  ) => FastifyReply | Promise<FastifyReply>;
  /** Asks the provider in the process for the browser (ADR 054 amendment); absent, the browser goes. */
  askProvider?: ProviderRequester;
};

/** An interaction's id as the provider makes them (nanoid): nothing else is written into the page. */
const INTERACTION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The interaction the provider started, when its redirect sends the browser to this very page's form
 * (`<path>?uid=…`); null for any other (a provider session that signs in at once, another page).
 */
function interactionOf(location: string, pagePath: string): string | null {
  const target = new URL(location, 'http://portal.invalid');
  if (target.origin !== 'http://portal.invalid' || target.pathname !== pagePath) return null;
  const uid = target.searchParams.get('uid');
  return uid !== null && INTERACTION_ID.test(uid) ? uid : null;
}

/**
 * `GET /user/login` and `/en/user/login` as a document (ADR 054, issue 36 §7). Opened without an
 * interaction (`uid`), without an error other than `SessionRequired` and without a session, the page
 * would only boot the app to leave for the provider. The server starts the sign-in itself and asks
 * the provider in the process (`askProvider`), as the browser would have on a redirect: the
 * provider's cookies go to the browser with the page of the form, which names its interaction
 * (ADR 054 amendment: no round trip through the provider's authorisation endpoint). Any other answer
 * of the provider is the browser's to follow; without `askProvider` the browser goes to the provider
 * itself, which sends it back to `/user/login?uid=…`. Any other case (the form, an error to explain,
 * a signed-in visitor the page sends on) gets the page, as the history fallback would.
 */
export function signInPageRoutes(options: SignInPageOptions): FastifyPluginAsyncZod {
  const beginSignIn = signInStarter(options);
  return async (app) => {
    for (const url of ['/user/login', '/en/user/login']) {
      app.get(
        url,
        {
          schema: {
            hide: true,
            querystring: z
              .object({
                uid: z.string().optional(),
                error: z.string().optional(),
                callbackUrl: z.string().max(2000).optional(),
              })
              .loose(),
          },
        },
        async (request, reply) => {
          const { uid, error, callbackUrl } = request.query;
          const isStart = uid === undefined && (error === undefined || error === 'SessionRequired');
          if (!isStart || (await currentSession(request))) return options.page(request, reply);
          const fallback = url.startsWith('/en/') ? '/en' : '/';
          reply.header('cache-control', 'no-store');
          const authorize = await beginSignIn(request, reply, callbackUrl ?? fallback);
          if (!options.askProvider) return reply.redirect(authorize, 302);
          const target = new URL(authorize);
          const answer = await options.askProvider(request, `${target.pathname}${target.search}`);
          if (answer.statusCode < 300 || answer.statusCode > 399 || !answer.location) {
            // An error page of the provider: the browser asks for it itself and sees it.
            return reply.redirect(authorize, 302);
          }
          for (const cookie of answer.setCookies) void reply.header('set-cookie', cookie);
          const interaction = interactionOf(answer.location, url);
          return interaction === null
            ? reply.redirect(answer.location, 302)
            : options.page(request, reply, interaction);
        },
      );
    }
  };
}

/**
 * The session client's endpoints (SPEC §7) under `/api/auth`: csrf, session, providers, sign-in,
 * callback and sign-out, next-auth compatible (form or JSON bodies, `json` flag → `{url}`).
 */
export function authRoutes(options: AuthRoutesOptions): FastifyPluginAsyncZod {
  const { service, cookies } = options;
  const originOf = (request: FastifyRequest) =>
    requestOrigin(request, options.isPublicUrlFixed ? options.publicUrl : null, options.publicUrl);
  const csrf = { secret: options.secret, cookies };
  const PENDING_COOKIE = cookies.pendingSignIn;
  const cookieBase = { httpOnly: true, sameSite: 'lax' as const, secure: options.secureCookies, path: '/' };

  function setCsrfCookie(reply: FastifyReply, token: string): void {
    reply.setCookie(cookies.csrf, token, cookieBase);
  }

  const beginSignIn = signInStarter(options);

  return async (app) => {
    app.get(
      '/csrf',
      { schema: { tags, response: { 200: z.object({ csrfToken: z.string() }) } } },
      async (request, reply) => {
        const binding = csrfBinding(request, cookies);
        const existing = request.cookies[cookies.csrf];
        const token =
          existing && isValidCsrfToken(existing, options.secret, binding)
            ? existing
            : issueCsrfToken(options.secret, binding);
        setCsrfCookie(reply, token);
        return { csrfToken: token };
      },
    );

    app.get(
      '/session',
      { schema: { tags, response: { 200: SessionResponseSchema } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.sessionResponse(await currentSession(request));
      },
    );

    app.get('/providers', { schema: { tags, response: { 200: ProvidersResponseSchema } } }, async (request) =>
      service.providers(originOf(request)),
    );

    /** Sign-in page of the session client (`?error=SessionRequired&callbackUrl=…`): starts the flow. */
    app.get(
      '/signin',
      {
        schema: {
          tags,
          querystring: z.object({
            callbackUrl: z.string().max(2000).optional(),
            error: z.string().max(100).optional(),
          }),
        },
      },
      async (request, reply) =>
        reply.redirect(await beginSignIn(request, reply, request.query.callbackUrl), 302),
    );

    app.post(
      '/signin/:provider',
      {
        schema: {
          tags,
          params: z.object({ provider: z.string().max(50) }),
          body: SignInRequestSchema.optional(),
        },
        config: { rateLimit: { max: options.signInPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        assertCsrf(request, csrf, request.body?.csrfToken);
        if (request.params.provider !== AUTH_PROVIDER_ID)
          throw new AppError('NOT_FOUND', `no provider ${request.params.provider}`);
        const url = await beginSignIn(request, reply, request.body?.callbackUrl);
        return wantsJson(request.body) ? reply.send({ url }) : reply.redirect(url, 302);
      },
    );

    app.get(
      `/callback/${AUTH_PROVIDER_ID}`,
      { schema: { tags, querystring: z.record(z.string(), z.string()) } },
      async (request, reply) => {
        const pending = readPending(request, PENDING_COOKIE);
        reply.clearCookie(PENDING_COOKIE, { ...cookieBase, path: CALLBACK_PATH });
        const origin = originOf(request);
        const currentUrl = new URL(request.url, origin);
        // Back to the sign-in page in the language the sign-in started from, saying what happened
        // (issue 13 §1): a refusal by the provider, a sign-in that expired or lost its cookie (it
        // started at another address, or too long ago), or a code that could not be exchanged.
        const loginPage = (error: 'Callback' | 'Refused' | 'Expired') =>
          `${origin}${pending && localeOfPath(pending.callbackUrl) === 'en' ? '/en' : ''}/user/login?error=${error}`;
        if (currentUrl.searchParams.has('error')) {
          request.log.info(
            { error: currentUrl.searchParams.get('error') },
            'sign-in refused by the provider',
          );
          return reply.redirect(loginPage('Refused'), 302);
        }
        if (!pending || Date.now() - pending.at > PENDING_SIGN_IN_SECONDS * 1000) {
          request.log.info({ hasPending: Boolean(pending) }, 'sign-in callback without a pending sign-in');
          return reply.redirect(loginPage('Expired'), 302);
        }
        let result;
        try {
          result = await service.finishSignIn(currentUrl, pending, {
            userAgent: request.headers['user-agent'] ?? null,
            address: request.ip,
            deviceId: request.cookies[cookies.device] ?? null,
          });
        } catch (error) {
          request.log.info({ err: error }, 'sign-in callback failed');
          return reply.redirect(loginPage('Callback'), 302);
        }
        // A new session id at every sign-in; the one the browser brought (if any) ends.
        const previous = await currentSession(request);
        if (previous) await service.endSession(previous);
        forgetSession(request);
        reply.setCookie(cookies.session, result.sessionId, cookieBase);
        // The browser's device id, renewed for a year at every sign-in (ADR 033): random, no personal data.
        reply.setCookie(cookies.device, result.deviceId, { ...cookieBase, maxAge: DEVICE_COOKIE_SECONDS });
        // The CSRF token rotates with the session and is bound to it (ARCHITECTURE §7).
        setCsrfCookie(reply, issueCsrfToken(options.secret, result.sessionId));
        return reply.redirect(`${origin}${result.callbackUrl}`, 302);
      },
    );

    // ------------------------------------------------------------ the user's sessions (ADR 033)

    app.get(
      '/sessions',
      { schema: { tags, response: { 200: AccountSessionsResponseSchema } } },
      async (request, reply) => {
        const actor = await requireActor(request, 'account.self');
        reply.header('cache-control', 'no-store');
        return { success: true as const, sessions: await service.listSessions(actor) };
      },
    );

    app.post(
      '/sessions/:sessionId/end',
      {
        schema: { tags, params: AccountSessionParamsSchema, response: { 200: EndedSessionsResponseSchema } },
      },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        await service.endOwnSession(actor, request.params.sessionId);
        return { success: true as const, endedSessions: 1 };
      },
    );

    app.post(
      '/sessions/end-others',
      { schema: { tags, response: { 200: EndedSessionsResponseSchema } } },
      async (request) => {
        const actor = await requireActor(request, 'account.self');
        return { success: true as const, endedSessions: await service.endOtherSessions(actor) };
      },
    );

    app.post(
      '/signout',
      { schema: { tags, body: SignInRequestSchema.optional(), response: { 200: UrlResponseSchema } } },
      async (request, reply) => {
        assertCsrf(request, csrf, request.body?.csrfToken);
        const { url } = await service.signOut(
          await currentSession(request),
          request.body?.callbackUrl,
          originOf(request),
        );
        forgetSession(request);
        reply.clearCookie(cookies.session, cookieBase);
        return wantsJson(request.body) || request.body?.json === undefined
          ? reply.send({ url })
          : reply.redirect(url, 302);
      },
    );
  };
}

/**
 * `/api/revoke` (SPEC §7): token revocation before sign-out. The log beacon beside it, `/api/log`,
 * lives in the client-logs module (ADR 026).
 */
export function authApiRoutes(options: { service: AuthService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/revoke',
      {
        schema: { tags, body: z.object({}).loose().optional(), response: { 200: SuccessResponseSchema } },
      },
      async (request) => {
        await options.service.revoke(await requireActor(request, 'account.self'));
        return { success: true as const };
      },
    );

    // `/api/log`, the client log beacon, is the client-logs module's (issue 18 §8; ADR 026).
  };
}
