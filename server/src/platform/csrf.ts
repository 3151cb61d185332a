import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const CSRF_COOKIE = 'tessera.csrf';
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
];

/**
 * The session client's sign-in and sign-out posts (SPEC §7) may carry the token in their form body
 * (`csrfToken`, as next-auth's client sends it) instead of the header; their routes check it with
 * `assertCsrf` once the body is parsed.
 */
const CHECKED_IN_ROUTE = [/^\/api\/auth\/signin\/[^/]+$/, /^\/api\/auth\/signout$/];

function sign(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

/** A new signed token `random.signature`; the cookie and the header must both carry it. */
export function issueCsrfToken(secret: string): string {
  const token = randomBytes(32).toString('base64url');
  return `${token}.${sign(token, secret)}`;
}

export function isValidCsrfToken(value: string, secret: string): boolean {
  const [token, signature] = value.split('.');
  if (!token || !signature) return false;
  const expected = Buffer.from(sign(token, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every state-changing request needs the token of `GET /api/auth/csrf` in the `X-CSRF-Token`
 * header, matching the signed httpOnly cookie set with it (double submit, ARCHITECTURE §7).
 */
export function installCsrfGuard(app: FastifyInstance, secret: string): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0] ?? '';
    if (EXEMPT.some((pattern) => pattern.test(path))) return;
    if (CHECKED_IN_ROUTE.some((pattern) => pattern.test(path))) return;
    assertCsrf(request, secret);
  });
}

/**
 * Throws CSRF_INVALID unless the request carries the token of its CSRF cookie, in the header or,
 * for form posts of the session client, as `bodyToken`.
 */
export function assertCsrf(request: FastifyRequest, secret: string, bodyToken?: string): void {
  const header = request.headers[CSRF_HEADER];
  const cookie = request.cookies[CSRF_COOKIE];
  const given = (Array.isArray(header) ? header[0] : header) ?? bodyToken;
  if (!given || !cookie || !sameToken(given, cookie) || !isValidCsrfToken(given, secret)) {
    throw new AppError('CSRF_INVALID', 'missing or mismatched CSRF token');
  }
}
