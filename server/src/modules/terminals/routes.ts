import { randomUUID } from 'node:crypto';
import {
  AuthoriseRequestSchema,
  DECLINE_REASON_TEXT,
  DECLINE_REASONS,
  DemoCardsResponseSchema,
  RefundRequestSchema,
  ReverseRequestSchema,
  TerminalAnswerSchema,
  TerminalTokenRequestSchema,
  TerminalTokenResponseSchema,
  UNSAFE_TEXT_MESSAGE,
  VirtualPurchaseRequestSchema,
  VirtualPurchaseResponseSchema,
} from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { requestLocale } from '../../platform/http';
import { requireActor } from '../../platform/policy';
import type { TerminalsService } from './service';
import type { TerminalClaims } from './tokens';
import {
  clientCredentials,
  sendBearerError,
  sendOAuthValidationError,
  validationIssuesOf,
} from '../../platform/oauth-errors';

const OAuthError = z.object({ error: z.string(), error_description: z.string().optional() });

/** The protection space of the terminal API's challenges (its token endpoint's Basic one too). */
const REALM = 'terminals';

const REASONS_DOC = DECLINE_REASONS.map((reason) => `\`${reason}\`: ${DECLINE_REASON_TEXT[reason].en}`).join(
  '; ',
);

/**
 * The terminal API, `/api/v1/terminals/...` (issue 15 §2, ADR 016): what a POS acquirer integration
 * calls. A terminal takes a token with its client credentials, then calls `authorise`, `reverse` and
 * `refund` with it as a Bearer token: no portal session, no CSRF, and only for its own MID.
 */
export function terminalApiRoutes(
  service: TerminalsService,
  options: { rateLimitMax: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['terminals'];
    const caller = new WeakMap<FastifyRequest, TerminalClaims>();
    // Counted per token (per terminal), not per address: many tills sit behind one acquirer gateway.
    const rateLimit = {
      max: options.rateLimitMax,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? request.ip,
    };

    app.post(
      '/oauth/token',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        // RFC 6749 §5.2 errors, not the portal's: a bad grant type or a missing field.
        errorHandler: (error, request, reply) => {
          const validation = validationIssuesOf(error);
          // Unsafe text is refused as everywhere (the portal's error naming the field).
          if (!validation || validation.some((issue) => issue.message === UNSAFE_TEXT_MESSAGE)) throw error;
          void sendOAuthValidationError(request, reply, validation);
        },
        schema: {
          tags,
          summary: 'OAuth 2 client credentials: a terminal access token',
          description:
            'RFC 6749 §4.4. Client authentication by HTTP Basic or client_id/client_secret in the body (form or JSON). The token is valid for the terminal API only.',
          body: TerminalTokenRequestSchema,
          response: {
            200: TerminalTokenResponseSchema,
            // RFC 6749 errors; unsafe text gets the portal's validation error.
            400: z.looseObject({}),
            401: OAuthError,
          },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const credentials = clientCredentials(request, request.body);
        if (!credentials) {
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="terminals"')
            .send({ error: 'invalid_client' });
        }
        const outcome = await service.issueToken(credentials.clientId, credentials.clientSecret);
        if (!outcome.ok) {
          return reply
            .code(401)
            .header('www-authenticate', 'Basic realm="terminals"')
            .send({ error: outcome.error });
        }
        return {
          access_token: outcome.accessToken,
          token_type: 'Bearer' as const,
          expires_in: outcome.expiresIn,
          scope: 'terminal',
        };
      },
    );

    /**
     * The Bearer token of a terminal call, checked before its body is read (ADR 044): without one,
     * 401 with a bare `Bearer realm="terminals"` challenge (RFC 6750 §3.1); with a bad or expired
     * one, 401 `invalid_token` saying which; in the terminal API's OAuth error shape, never the
     * portal's "please sign in".
     */
    async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization?.trim();
      if (!header || !/^bearer(\s|$)/i.test(header)) {
        return sendBearerError(reply, REALM, {
          description:
            'This call needs an access token: Authorization: Bearer <token from /api/v1/terminals/oauth/token>',
        });
      }
      const token = header.slice('bearer'.length).trim();
      const checked = token
        ? await service.tokens.check(token)
        : ({ ok: false, problem: 'invalid' } as const);
      if (!checked.ok) {
        return sendBearerError(reply, REALM, {
          error: 'invalid_token',
          description:
            checked.problem === 'expired'
              ? 'The access token expired: take a new one from /api/v1/terminals/oauth/token'
              : 'The access token is malformed or not valid for the terminal API',
        });
      }
      caller.set(request, checked.claims);
    }

    /** The terminal of a call `authenticate` let through. */
    function terminalOf(request: FastifyRequest): TerminalClaims {
      const claims = caller.get(request);
      if (!claims) throw new AppError('UNAUTHENTICATED', 'no valid terminal access token');
      return claims;
    }

    const callSchema = <B extends z.ZodType>(summary: string, body: B) => ({
      tags,
      summary,
      description: `Bearer token from /oauth/token. Idempotent by terminalTransactionId: a repeat gets the first answer and has no second effect; the same id with other content is declined \`duplicate\`. Decline reasons: ${REASONS_DOC}.`,
      security: [{ bearerAuth: [] }],
      body,
      // RFC 6750 §3.1: no token, or a bad or expired one (`WWW-Authenticate: Bearer …`).
      response: { 200: TerminalAnswerSchema, 401: OAuthError },
    });

    app.post(
      '/authorise',
      {
        config: { rateLimit },
        onRequest: authenticate,
        schema: callSchema('Authorise a purchase', AuthoriseRequestSchema),
      },
      async (request) => {
        const claims = terminalOf(request);
        return service.authorise(claims, request.body, { locale: requestLocale(request) });
      },
    );

    app.post(
      '/reverse',
      {
        config: { rateLimit },
        onRequest: authenticate,
        schema: callSchema('Reverse an authorisation whole', ReverseRequestSchema),
      },
      async (request) => {
        const claims = terminalOf(request);
        return service.reverse(claims, request.body, { locale: requestLocale(request) });
      },
    );

    app.post(
      '/refund',
      {
        config: { rateLimit },
        onRequest: authenticate,
        schema: callSchema('Refund part or all of a purchase', RefundRequestSchema),
      },
      async (request) => {
        const claims = terminalOf(request);
        return service.refund(claims, request.body, { locale: requestLocale(request) });
      },
    );
  };
}

/**
 * The virtual terminal of the merchant portal, `/api/v1/merchants/virtualTerminal/...` (issue 15 §3):
 * the merchant's administrator or provider staff (naming the merchant) take a purchase on one of the
 * merchant's terminals, through the same `authorise`.
 */
export function virtualTerminalRoutes(service: TerminalsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['merchants'];
    app.post(
      '/virtualTerminal/authorise',
      {
        schema: {
          tags,
          description:
            'A purchase on one of the merchant’s terminals. The Idempotency-Key header makes a retry safe (same key → same answer, one effect).',
          body: VirtualPurchaseRequestSchema,
          response: { 200: VirtualPurchaseResponseSchema },
        },
      },
      async (request) => {
        const { merchantId } = await requireActor(request, 'terminals.use');
        const raw = request.headers['idempotency-key'];
        const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
        if (key !== undefined && !/^[A-Za-z0-9-]{8,60}$/.test(key)) {
          throw new AppError('VALIDATION', 'Idempotency-Key must be 8 to 60 letters, digits or dashes', {
            fields: [{ field: 'Idempotency-Key', key: 'invalidValue' }],
          });
        }
        const answer = await service.virtualPurchase(
          merchantId,
          { ...request.body, idempotencyKey: key ?? randomUUID() },
          requestLocale(request),
        );
        return { success: true as const, answer };
      },
    );

    app.get(
      '/virtualTerminal/demoCards',
      {
        schema: {
          tags,
          description: 'Demo cards with money for the virtual terminal (demo data and tests only).',
          response: { 200: DemoCardsResponseSchema },
        },
      },
      async (request) => {
        await requireActor(request, 'terminals.use');
        return { success: true as const, cards: await service.demoCards() };
      },
    );
  };
}
