import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { POLICIES, type Locale, type RoleId } from '@tessera/domain';
import { AppError } from './errors';

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
  createdAt: Date;
  /** When the session ends unless used again (idle timeout, capped by the absolute one). */
  expiresAt: Date;
};

/** Reads the session cookie of a request and returns its principal, or null when signed out. */
export type SessionResolver = (request: FastifyRequest) => Promise<SessionPrincipal | null>;

declare module 'fastify' {
  interface FastifyInstance {
    resolveSession: SessionResolver;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionPrincipal | null>>();

/**
 * Installs the session resolver (the auth module's) on the root instance so every route and guard
 * reaches it. The platform only knows this interface; `app.ts` wires the module in.
 */
export function installAuthGuard(app: FastifyInstance, resolver: SessionResolver): void {
  app.decorate('resolveSession', resolver);
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

/** The principal, or 401 with code 3 (UNAUTHENTICATED). */
export async function requireSession(request: FastifyRequest): Promise<SessionPrincipal> {
  const session = await currentSession(request);
  if (!session) throw new AppError('UNAUTHENTICATED', 'no valid portal session');
  return session;
}

/**
 * The principal when its role is one of `roles`; 401 (code 3) without a session, 403 (code 4) otherwise.
 *
 * @deprecated Use `requireActor(request, action)` from `platform/policy.ts`: the roles come from the
 * policy table. Kept until the orders module is converted.
 */
export async function requireRole(request: FastifyRequest, ...roles: RoleId[]): Promise<SessionPrincipal> {
  const session = await requireSession(request);
  if (!roles.includes(session.roleId)) {
    throw new AppError('FORBIDDEN', `role ${session.roleId} is not one of ${roles.join(', ')}`);
  }
  return session;
}

/** preHandler: a signed-in user of any role. @deprecated Use `requireActor(request, 'account.self')`. */
export const signedIn: preHandlerAsyncHookHandler = async (request) => {
  await requireSession(request);
};

/**
 * Everyone who works for companies: provider staff and the company roles.
 *
 * @deprecated The roles of `companies.read`, `cards.read`, `orders.read`… in the policy table: use
 * `requireActor(request, action)`. Kept until the orders module is converted.
 */
export const COMPANY_USERS: RoleId[] = [...POLICIES['orders.read'].roles];
/**
 * Who changes cards and the company's set-up: the order manager and provider staff acting for it.
 *
 * @deprecated The roles of `drafts.manage`, `orders.place`… in the policy table: use
 * `requireActor(request, action)`. Kept until the orders module is converted.
 */
export const ORDERING: RoleId[] = [...POLICIES['drafts.manage'].roles];

/** The role lists `allowRoles` guards have enforced, by `METHOD /url` (the route-policy test reads it). */
const legacyRolesByRoute = new Map<string, readonly RoleId[]>();

/** The routes still guarded by a role list of their own (`allowRoles`), with that list. */
export function legacyGuardsSeen(): ReadonlyMap<string, readonly RoleId[]> {
  return legacyRolesByRoute;
}

/**
 * preHandler factory: a signed-in user whose role is one of `roles`.
 *
 * @deprecated Each route names an action of the policy table instead: call
 * `requireActor(request, action, { companyId })` first in the handler. Kept until the orders module
 * is converted.
 */
export function allowRoles(...roles: RoleId[]): preHandlerAsyncHookHandler {
  return async (request) => {
    legacyRolesByRoute.set(`${request.method} ${request.routeOptions.url ?? request.url}`, roles);
    await requireRole(request, ...roles);
  };
}

/**
 * The principal of a request that passed `signedIn` or `allowRoles` (throws if it did not).
 *
 * @deprecated `requireActor` returns the actor (user, role, companies, session key).
 */
export async function sessionOf(request: FastifyRequest): Promise<SessionPrincipal> {
  return requireSession(request);
}
