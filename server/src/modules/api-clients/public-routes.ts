import {
  ApiMeResponseSchema,
  ApiTokenRequestSchema,
  ApiTokenResponseSchema,
  ProblemDetailsSchema,
  type ApiScope,
  ERROR_CODE,
  type Locale,
} from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiCaller, ApiClientsService } from './service';
import {
  AppError,
  ERROR_STATUS,
  problemOfIssue,
  type ErrorCatalogue,
  type FieldProblem,
  uniqueConflictOf,
} from '../../platform/errors';
import { IDEMPOTENCY_FIELD } from '../../platform/idempotency';
import {
  clientCredentials,
  oauthDescription,
  sendOAuthValidationError,
  validationIssuesOf,
} from '../../platform/oauth-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a public API route needs (`any`: a valid token of the company's client is enough). */
    apiScope?: ApiScope | 'any';
  }
}

const OAuthError = z.object({ error: z.string(), error_description: z.string().optional() });

/** The language of a public API error: `Accept-Language` (RFC 9110 §12.5.4), Greek by default. */
export function acceptedLocale(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
    if (tag === 'el' || tag.startsWith('el-')) return 'el';
  }
  return 'el';
}

/** What a public route of another module gets from the front door: the caller the guard resolved. */
export type PublicApiKit = {
  /** The client the request's token speaks for (set by the guard on every route with `apiScope`). */
  callerOf(request: FastifyRequest): ApiCaller;
  /** The per-client rate limit every public route declares in `config.rateLimit`. */
  rateLimit: {
    max: number;
    timeWindow: string;
    hook: 'preHandler';
    keyGenerator: (request: FastifyRequest) => string;
  };
};

/** Routes of another module served behind the public API's guard (cards, orders, webhooks…). */
export type PublicRoutes = (app: Parameters<FastifyPluginAsyncZod>[0], kit: PublicApiKit) => Promise<void>;

type Problem =
  'invalid-token' | 'insufficient-scope' | 'rate-limited' | 'invalid-request' | 'not-found' | 'server-error';

const PROBLEMS: Record<
  Problem,
  { status: number; title: Record<Locale, string>; detail: Record<Locale, string> }
> = {
  'invalid-token': {
    status: 401,
    title: { el: 'Μη έγκυρο διακριτικό πρόσβασης', en: 'Invalid access token' },
    detail: {
      el: 'Το διακριτικό πρόσβασης λείπει, έχει λήξει ή ο πελάτης του έχει ανακληθεί.',
      en: 'The access token is missing or expired, or its client has been revoked.',
    },
  },
  'insufficient-scope': {
    status: 403,
    title: { el: 'Ανεπαρκές δικαίωμα', en: 'Insufficient scope' },
    detail: {
      el: 'Το διακριτικό δεν έχει το δικαίωμα που χρειάζεται αυτή η κλήση: {scope}.',
      en: 'The token lacks the scope this call needs: {scope}.',
    },
  },
  'rate-limited': {
    status: 429,
    title: { el: 'Πάρα πολλές κλήσεις', en: 'Too many requests' },
    detail: {
      el: 'Ο πελάτης έκανε πάρα πολλές κλήσεις. Δοκιμάστε ξανά σε λίγο.',
      en: 'The client made too many calls. Try again shortly.',
    },
  },
  'invalid-request': {
    status: 400,
    title: { el: 'Μη έγκυρη κλήση', en: 'Invalid request' },
    detail: { el: 'Μη έγκυρα πεδία: {fields}.', en: 'Invalid fields: {fields}.' },
  },
  'not-found': {
    status: 404,
    title: { el: 'Δεν βρέθηκε', en: 'Not found' },
    detail: { el: 'Δεν βρέθηκε αυτό που ζητήθηκε.', en: 'What was asked for was not found.' },
  },
  'server-error': {
    status: 500,
    title: { el: 'Σφάλμα διακομιστή', en: 'Server error' },
    detail: {
      el: 'Παρουσιάστηκε σφάλμα. Δοκιμάστε ξανά (αριθμός αιτήματος {requestId}).',
      en: 'Something went wrong. Please try again (request id {requestId}).',
    },
  },
};

/** The problems of an Idempotency-Key refusal, by the validation key naming why. */
const IDEMPOTENCY_PROBLEMS: Partial<Record<string, { type: string; title: Record<Locale, string> }>> = {
  idempotencyKeyReused: {
    type: 'idempotency-key-reused',
    title: {
      el: 'Το Idempotency-Key χρησιμοποιήθηκε με άλλο σώμα',
      en: 'Idempotency-Key used with another body',
    },
  },
  idempotencyKeyInProgress: {
    type: 'idempotency-key-in-progress',
    title: { el: 'Το αίτημα με αυτό το κλειδί εκτελείται', en: 'A request with this key is running' },
  },
};

/** Sends an RFC 9457 problem in the language the caller accepts. */
function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: Problem,
  params: Record<string, string> = {},
): FastifyReply {
  const locale = acceptedLocale(request.headers['accept-language']);
  const { status, title, detail } = PROBLEMS[problem];
  const text = detail[locale].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  if (status === 401) void reply.header('www-authenticate', 'Bearer realm="tessera", error="invalid_token"');
  if (status === 403) {
    void reply.header(
      'www-authenticate',
      `Bearer realm="tessera", error="insufficient_scope", scope="${params.scope ?? ''}"`,
    );
  }
  return reply
    .code(status)
    .header('content-language', locale)
    .type('application/problem+json')
    .send({
      type: `urn:tessera:problem:${problem}`,
      title: title[locale],
      status,
      detail: text,
      instance: request.url,
    });
}

/**
 * The public API, `/api/public/v1/...` (issue 22 §1, ADR 034): a company's own systems take a token
 * with their client credentials, then call with it as a Bearer token (no session, no CSRF). The
 * guard resolves the client on every call (a revoked one is refused at once), checks the route's
 * scope, counts calls per client, and audits every call with its status. Errors are RFC 9457
 * problems in the caller's `Accept-Language`; the token endpoint's are RFC 6749 §5.2's.
 */
export function publicApiRoutes(
  service: ApiClientsService,
  options: {
    rateLimitMax: number;
    tokenPerMinute: number;
    /** The error texts (the content module's catalogue): problems of the services in words. */
    catalogue?: () => ErrorCatalogue | undefined;
    /** The other modules' public routes, registered behind the guard. */
    routes?: PublicRoutes[];
  },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['public-api'];
    const callers = new WeakMap<FastifyRequest, ApiCaller>();
    // Counted per client, after the guard named it: many instances of a client share its budget.
    const rateLimit = {
      max: options.rateLimitMax,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `api-client:${callers.get(request)?.clientId ?? request.ip}`,
    };

    /** A service's refusal (AppError) or a schema's as a problem, its fields in the caller's words. */
    const sendAppProblem = async (
      request: FastifyRequest,
      reply: FastifyReply,
      code: AppError['code'],
      fields: FieldProblem[],
      status = ERROR_STATUS[code],
    ) => {
      const locale = acceptedLocale(request.headers['accept-language']);
      const catalogue = options.catalogue?.();
      const numeric = ERROR_CODE[code];
      // A key reused with another body is the client's mistake, not a page gone stale: the problem
      // says so in the API's words, not the catalogue's "refresh the page" (issue 34 §3 item 10).
      const idempotency = fields.find((field) => field.field === IDEMPOTENCY_FIELD)?.key;
      const apiProblem = idempotency ? IDEMPOTENCY_PROBLEMS[idempotency] : undefined;
      const title =
        apiProblem?.title[locale] ??
        (await catalogue?.errorMessage(numeric, locale).catch(() => undefined)) ??
        code;
      const errors = await Promise.all(
        fields.map(async (problem) => ({
          // A header is named as it is spelled in the documents.
          field: problem.field === 'headers.idempotency-key' ? IDEMPOTENCY_FIELD : problem.field,
          code: problem.key,
          message:
            (await catalogue
              ?.validationMessage(problem.key, locale, problem.params)
              .catch(() => undefined)) ?? problem.key,
        })),
      );
      return reply
        .code(status)
        .header('content-language', locale)
        .type('application/problem+json')
        .send({
          type: `urn:tessera:problem:${apiProblem?.type ?? code.toLowerCase().replace(/_/g, '-')}`,
          title,
          status,
          detail:
            errors.length > 0 ? errors.map((entry) => `${entry.field}: ${entry.message}`).join(' ') : title,
          instance: request.url,
          errorCode: numeric,
          requestId: String(request.id),
          ...(errors.length > 0 ? { errors } : {}),
        });
    };

    app.setErrorHandler(async (error, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, error.message);
        return sendAppProblem(request, reply, error.code, error.fields);
      }
      // Another request made the same thing a moment earlier: the answer a repeat gets (issue 33 §4).
      const conflict = uniqueConflictOf(error);
      if (conflict) return sendAppProblem(request, reply, conflict.code, conflict.fields);
      if (hasZodFastifySchemaValidationErrors(error)) {
        const context = (error as { validationContext?: string }).validationContext;
        const fields = error.validation.map((issue) => {
          const problem = problemOfIssue(issue as unknown as Parameters<typeof problemOfIssue>[0]);
          return context && context !== 'body'
            ? { ...problem, field: `${context}.${problem.field}` }
            : problem;
        });
        return sendAppProblem(request, reply, 'VALIDATION', fields);
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      const validation = (error as { validation?: { instancePath?: string }[] }).validation;
      if (validation) {
        const fields = validation.map((issue) => (issue.instancePath ?? '').replace(/^\//, '') || 'body');
        return sendProblem(request, reply, 'invalid-request', { fields: [...new Set(fields)].join(', ') });
      }
      if (status === 429) return sendProblem(request, reply, 'rate-limited');
      if (status === 404) return sendProblem(request, reply, 'not-found');
      if (status === 401) return sendProblem(request, reply, 'invalid-token');
      if (status === 413) return sendAppProblem(request, reply, 'PAYLOAD_TOO_LARGE', []);
      if (status < 500) return sendProblem(request, reply, 'invalid-request', { fields: 'body' });
      request.log.error({ err: error }, 'public api call failed');
      return sendProblem(request, reply, 'server-error', { requestId: request.id });
    });
    app.setNotFoundHandler((request, reply) => sendProblem(request, reply, 'not-found'));

    app.addHook('onRequest', async (request, reply) => {
      const required = request.routeOptions.config.apiScope;
      if (required === undefined) return undefined;
      const header = request.headers.authorization;
      const caller = header?.startsWith('Bearer ') ? await service.caller(header.slice(7).trim()) : null;
      if (!caller) return sendProblem(request, reply, 'invalid-token');
      callers.set(request, caller);
      if (required !== 'any' && !caller.scopes.includes(required)) {
        return sendProblem(request, reply, 'insufficient-scope', { scope: required });
      }
      return undefined;
    });

    // Every call of a known client is audited with its answer's status, refusals included.
    app.addHook('onSend', async (request, reply, payload) => {
      const caller = callers.get(request);
      if (caller) {
        await service.recordCall(caller, {
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          status: reply.statusCode,
        });
      }
      return payload;
    });

    app.post(
      '/oauth/token',
      {
        config: { rateLimit: { max: options.tokenPerMinute, timeWindow: '1 minute' } },
        // RFC 6749 §5.2 errors, not problems: a bad grant type or a missing field.
        errorHandler: (error, request, reply) => {
          const validation = validationIssuesOf(error);
          // Any refused field, unsafe text included, is named in the OAuth error's description.
          if (!validation) {
            // A refusal before the schema (a body nested too deep, issue 33 §3): 400, naming it.
            if (error instanceof AppError && error.status < 500) {
              return reply
                .code(400)
                .header('cache-control', 'no-store')
                .send({ error: 'invalid_request', error_description: oauthDescription(error) });
            }
            const status = (error as { statusCode?: number }).statusCode ?? 500;
            if (status === 429) {
              return reply.code(429).header('cache-control', 'no-store').send({ error: 'slow_down' });
            }
            return reply
              .code(status >= 500 ? 500 : 400)
              .send({ error: status >= 500 ? 'server_error' : 'invalid_request' });
          }
          return sendOAuthValidationError(request, reply, validation);
        },
        schema: {
          tags,
          summary: 'OAuth 2 client credentials: a public API access token',
          description:
            'RFC 6749 §4.4. Client authentication by HTTP Basic or client_id/client_secret in the body (form or JSON); `scope` asks for a subset of the client’s scopes. The token is valid for one hour, for the public API only.',
          body: ApiTokenRequestSchema,
          response: {
            200: ApiTokenResponseSchema,
            400: OAuthError,
            401: OAuthError,
            429: OAuthError,
            500: OAuthError,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        const credentials = clientCredentials(request, request.body);
        if (!credentials) {
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="tessera"')
            .send({ error: 'invalid_client' });
        }
        const outcome = await service.issueToken(
          credentials.clientId,
          credentials.clientSecret,
          request.body.scope,
        );
        if (!outcome.ok) {
          if (outcome.error === 'invalid_scope') return reply.code(400).send({ error: 'invalid_scope' });
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="tessera"')
            .send({ error: outcome.error });
        }
        return {
          access_token: outcome.accessToken,
          token_type: 'Bearer' as const,
          expires_in: outcome.expiresIn,
          scope: outcome.scopes.join(' '),
        };
      },
    );

    app.get(
      '/me',
      {
        config: { apiScope: 'any', rateLimit },
        schema: {
          tags,
          summary: 'The API client the token speaks for',
          security: [{ bearerAuth: [] }],
          response: {
            200: ApiMeResponseSchema,
            401: ProblemDetailsSchema,
            403: ProblemDetailsSchema,
            429: ProblemDetailsSchema,
          },
        },
      },
      async (request) => {
        const caller = callers.get(request)!;
        return {
          clientId: caller.clientId,
          name: caller.name,
          companyId: caller.companyId,
          scopes: caller.scopes,
        };
      },
    );

    const kit: PublicApiKit = {
      callerOf: (request) => {
        const caller = callers.get(request);
        if (!caller) throw new AppError('UNAUTHENTICATED', 'public route without a caller');
        return caller;
      },
      rateLimit,
    };
    for (const routes of options.routes ?? []) await routes(app, kit);
  };
}
