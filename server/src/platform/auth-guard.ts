import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Locale, type RoleId } from '@tessera/domain';
import { AppError } from './errors';
import { STEP_UP_WINDOW_MS } from './step-up';

/**
 * Who is calling: the portal session of the request and its user, as fresh as the database (a lock,
 * a role change or a removed company applies at the next request, not at the next sign-in).
 */
export type SessionPrincipal = {
  /** SHA-256 of the session id: the key of the portal session row. */
  sessionIdHash: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  roleId: RoleId;
  relatedCompanyIds: string[];
  preferredLanguage: Locale;
  /** The company the session acts for, when one was chosen. */
  companyId: string | null;
  /**
   * Provider staff acting for `companyId`: the reason they typed when they started and when
   * (issue 18, ADR 027); null when they have not given one for this company.
   */
  acting: { companyId: string | null; merchantId: string | null; reason: string; since: Date } | null;
  createdAt: Date;
  /** When the session ends unless used again (idle timeout, capped by the absolute one). */
  expiresAt: Date;
  /** How the user signed in (the ID token's `amr`, RFC 8176; issue 21, ADR 031). */
  amr: string[];
  /** When the user last typed a code of the second factor in this session; null if never. */
  secondFactorAt: Date | null;
  /** The user must sign in with two factors (provider staff; company roles by the company's setting). */
  isSecondFactorRequired: boolean;
  /** The user has an enrolled second factor, so step-up asks for a fresh code (issue 21 §2). */
  hasSecondFactor: boolean;
};

/** Whether the session was opened with a second factor (a code, or a remembered device). */
export function hasSecondFactorSession(session: Pick<SessionPrincipal, 'amr'>): boolean {
  return session.amr.includes('otp') || session.amr.includes('mfa');
}

/**
 * Whether the user typed a code of the second factor within `withinMs` (step-up of issue 21 §2:
 * large orders, a merchant's IBAN, API clients and approvers need one within 5 minutes).
 */
export function hasFreshSecondFactor(
  session: Pick<SessionPrincipal, 'secondFactorAt'>,
  withinMs: number,
  now: Date = new Date(),
): boolean {
  return session.secondFactorAt !== null && now.getTime() - session.secondFactorAt.getTime() <= withinMs;
}

/** Reads the session cookie of a request and returns its principal, or null when signed out. */
export type SessionResolver = (request: FastifyRequest) => Promise<SessionPrincipal | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSession: SessionResolver;
    /** How long a code of the second factor, once typed, counts for step-up (`STEP_UP_MINUTES`). */
    stepUpWindowMs: number;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionPrincipal | null>>();

/**
 * Installs the session resolver (the auth module's) on the root instance so every route and guard
 * reaches it. The platform only knows this interface; `app.ts` wires the module in.
 */
export function installAuthGuard(
  app: FastifyInstance,
  resolver: SessionResolver,
  options: { stepUpWindowMs?: number } = {},
): void {
  app.decorate('resolveSession', resolver);
  app.decorate('stepUpWindowMs', options.stepUpWindowMs ?? STEP_UP_WINDOW_MS);
}

/** The request's principal or null; resolved once per request. */
export function currentSession(request: FastifyRequest): Promise<SessionPrincipal | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = request.server.resolveSession(request);
    resolved.set(request, pending);
  }
  return pending;
}

/** Forgets the memoised principal (after sign-in or sign-out within the same request). */
export function forgetSession(request: FastifyRequest): void {
  resolved.delete(request);
}

/**
 * The principal, or 401 with code 3 (UNAUTHENTICATED); 403 SECOND_FACTOR_REQUIRED when the user
 * must use two factors but this session was opened without the second (issue 21, ADR 031).
 */
export async function requireSession(request: FastifyRequest): Promise<SessionPrincipal> {
  const session = await currentSession(request);
  if (!session) throw new AppError('UNAUTHENTICATED', 'no valid portal session');
  if (session.isSecondFactorRequired && !hasSecondFactorSession(session)) {
    throw new AppError('SECOND_FACTOR_REQUIRED', `session of ${session.userId} lacks the second factor`);
  }
  return session;
}
