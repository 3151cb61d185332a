import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import { noteRouteAction } from '../../platform/policy';
import type { Db } from '../../platform/db';
import { cardholderAccounts, cardholderSessions } from './schema';

/**
 * Cardholder sessions (issue 35 §1, ADR 046): their own cookie, never the portal's, so a portal
 * session reaches no `/api/my` data and a cardholder session no portal route. The cookie holds 256
 * random bits; the row is keyed by their SHA-256, revocable, with an idle and an absolute timeout.
 */
export const CARDHOLDER_COOKIE = 'tessera_my';
/** With secure cookies the `__Host-` prefix: host-only, path `/`, Secure (as the portal's). */
export function cardholderCookieName(secure: boolean): string {
  return secure ? `__Host-${CARDHOLDER_COOKIE}` : CARDHOLDER_COOKIE;
}
/** A phone stays signed in while used: 30 days idle, 180 days at most. */
export const CARDHOLDER_IDLE_SECONDS = 30 * 24 * 3600;
export const CARDHOLDER_ABSOLUTE_SECONDS = 180 * 24 * 3600;
/** `last_seen_at` is written at most this often (a read is not a write each time). */
const SEEN_EVERY_MS = 5 * 60_000;

export type CardholderPrincipal = { email: string; sessionId: string };

export type CardholderSessionOptions = { db: Db; secure: boolean; now: () => Date };

declare module 'fastify' {
  interface FastifyInstance {
    cardholderSessions?: CardholderSessionOptions;
  }
}

export function hashSessionValue(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`cardholder-code|${email}|${code}`).digest('hex');
}

const resolved = new WeakMap<FastifyRequest, Promise<CardholderPrincipal | null>>();

async function resolve(request: FastifyRequest): Promise<CardholderPrincipal | null> {
  const options = request.server.cardholderSessions;
  if (!options) return null;
  const value = request.cookies[cardholderCookieName(options.secure)];
  if (!value || value.length > 100) return null;
  const id = hashSessionValue(value);
  const [row] = await options.db
    .select()
    .from(cardholderSessions)
    .where(and(eq(cardholderSessions.id, id), isNull(cardholderSessions.revokedAt)));
  if (!row) return null;
  const now = options.now().getTime();
  if (
    now - row.lastSeenAt.getTime() > CARDHOLDER_IDLE_SECONDS * 1000 ||
    now - row.createdAt.getTime() > CARDHOLDER_ABSOLUTE_SECONDS * 1000
  ) {
    return null;
  }
  if (now - row.lastSeenAt.getTime() > SEEN_EVERY_MS) {
    await options.db
      .update(cardholderSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(cardholderSessions.id, id));
  }
  return { email: row.email, sessionId: id };
}

/** The request's cardholder, or null; resolved once per request. */
export function currentCardholder(request: FastifyRequest): Promise<CardholderPrincipal | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = resolve(request);
    resolved.set(request, pending);
  }
  return pending;
}

/**
 * The guard of every `/api/my` route but sign-in (policy `cardholder.self`): the cardholder of the
 * request's `tessera_my` session, or 401 UNAUTHENTICATED. A portal session is not one.
 */
export async function requireCardholder(request: FastifyRequest): Promise<CardholderPrincipal> {
  noteRouteAction(request, 'cardholder.self');
  const principal = await currentCardholder(request);
  if (!principal) throw new AppError('UNAUTHENTICATED', 'no valid cardholder session');
  return principal;
}

/** Opens a session for `email`: the row, the cookie, and the account's first activation. */
export async function openCardholderSession(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<void> {
  const options = request.server.cardholderSessions!;
  const value = randomBytes(32).toString('base64url');
  const at = options.now();
  await options.db.insert(cardholderSessions).values({
    id: hashSessionValue(value),
    email,
    createdAt: at,
    lastSeenAt: at,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
    ip: request.ip,
  });
  await options.db
    .update(cardholderAccounts)
    .set({ activatedAt: at })
    .where(and(eq(cardholderAccounts.email, email), isNull(cardholderAccounts.activatedAt)));
  resolved.delete(request);
  reply.setCookie(cardholderCookieName(options.secure), value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: CARDHOLDER_ABSOLUTE_SECONDS,
  });
}

/** Ends the request's session (or every session of its cardholder) and clears the cookie. */
export async function closeCardholderSession(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: CardholderPrincipal,
  everywhere: boolean,
): Promise<void> {
  const options = request.server.cardholderSessions!;
  await options.db
    .update(cardholderSessions)
    .set({ revokedAt: options.now() })
    .where(
      and(
        everywhere
          ? eq(cardholderSessions.email, principal.email)
          : eq(cardholderSessions.id, principal.sessionId),
        isNull(cardholderSessions.revokedAt),
      ),
    );
  resolved.delete(request);
  reply.clearCookie(cardholderCookieName(options.secure), { path: '/' });
}
