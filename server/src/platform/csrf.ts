import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CookieNames } from './cookies';
import { AppError } from './errors';

export { cookieNames } from './cookies';
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths that carry their own proof instead of a CSRF token: the OpenID provider's endpoints
 * (their own state and PKCE), the log beacon (navigator.sendBeacon cannot set headers; it only
 * writes log lines) and signed server-to-server callbacks.
 */
const EXEMPT = [
  /^\/api\/v2\/identity\/oidc(\/|$)/,
  /^\/api\/log$/,
  /^\/sandbox\//,
  /^\/api\/v1\/orders\/payments\/callback/,
  // The terminal API authenticates each call with a Bearer token, never a cookie (ADR 016).
  /^\/api\/v1\/terminals\//,
  // So does the public API of companies' own systems (ADR 034).
  /^\/api\/public\/v1\//,
];

/**
 * The session client's sign-in and sign-out posts (SPEC §7) may carry the token in their form body
 * (`csrfToken`, as next-auth's client sends it) instead of the header; their routes check it with
 * `assertCsrf` once the body is parsed.
 */
const CHECKED_IN_ROUTE = [/^\/api\/auth\/signin\/[^/]+$/, /^\/api\/auth\/signout$/];

export type CsrfOptions = { secret: string; cookies: CookieNames };

/**
 * The signature binds the token to the session it was issued for (the session cookie's value, or
 * none for a visitor): a token fetched anonymously, or in another session, fails once a session
 * exists (issue 12 §7).
 */
function sign(token: string, secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`${token}|${sessionId}`).digest('base64url');
}

/**
 * A new signed token `random.signature` for the session `sessionId` (empty for a visitor); the
 * cookie and the header must both carry it.
 */
export function issueCsrfToken(secret: string, sessionId = ''): string {
  const token = randomBytes(32).toString('base64url');
  return `${token}.${sign(token, secret, sessionId)}`;
}

/** Whether `value` is a token this server issued for the session `sessionId`. */
export function isValidCsrfToken(value: string, secret: string, sessionId = ''): boolean {
  const [token, signature] = value.split('.');
  if (!token || !signature) return false;
  return sameToken(sign(token, secret, sessionId), signature);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The session cookie's value of a request, the binding of its CSRF token. */
export function csrfBinding(request: FastifyRequest, cookies: CookieNames): string {
  return request.cookies[cookies.session] ?? '';
}

/**
 * Every state-changing request needs the token of `GET /api/auth/csrf` in the `X-CSRF-Token`
 * header, matching the httpOnly cookie set with it (double submit, ARCHITECTURE §7) and signed for
 * the request's session.
 */
export function installCsrfGuard(app: FastifyInstance, options: CsrfOptions): void {
  // A callback hook, not an async one: most requests are reads, and an async hook costs each of
  // them a promise (ADR 053).
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const path = request.url.split('?')[0] ?? '';
    if (EXEMPT.some((pattern) => pattern.test(path))) return done();
    if (CHECKED_IN_ROUTE.some((pattern) => pattern.test(path))) return done();
    try {
      assertCsrf(request, options);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}

/**
 * Throws CSRF_INVALID unless the request carries the token of its CSRF cookie, in the header or,
 * for form posts of the session client, as `bodyToken`, and the token was issued for its session.
 */
export function assertCsrf(request: FastifyRequest, options: CsrfOptions, bodyToken?: string): void {
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[options.cookies.csrf];
  const given = (Array.isArray(header) ? header[0] : header) ?? bodyToken;
  if (
    !given ||
    !cookie ||
    !sameToken(given, cookie) ||
    !isValidCsrfToken(given, options.secret, csrfBinding(request, options.cookies))
  ) {
    throw new AppError('CSRF_INVALID', 'missing or mismatched CSRF token');
  }
}
