import type { FastifyRequest } from 'fastify';
import {
  can,
  isProviderRole,
  policyOf,
  ROLE,
  type Action,
  type CompanyAction,
  type Locale,
  type MerchantAction,
  type RoleId,
} from '@tessera/domain';
import { requireSession } from './auth-guard';
import { AppError } from './errors';
import { requestLocale } from './http';
import { resolveCompany, resolveMerchant } from './tenant';

/**
 * Who acts: the one actor type of every route and service (ARCHITECTURE §2, §4). Built by
 * `requireActor` from the session after the policy table allowed the action.
 */
export type Actor = {
  userId: string;
  roleId: RoleId;
  /**
   * The company acted for: for a company-scoped action the company the request named, checked
   * against the user (`CompanyActor`); otherwise the one the session last acted for, if any.
   */
  companyId: string | null;
  /** The companies the user works for (empty for provider staff, who may act for any). */
  relatedCompanyIds: readonly string[];
  /** Provider staff (roles 1 and 2): they act for any company, and that is audited. */
  isProviderStaff: boolean;
  /**
   * The merchant acted for, for a merchant-scoped action (ADR 016): a merchant user's own, or the one
   * provider staff named; null otherwise.
   */
  merchantId: string | null;
  /** A merchant user's standing at their merchant; null for everyone else. */
  merchantRole: 'admin' | 'viewer' | null;
  /** The request's language (the `Culture` header). */
  locale: Locale;
  /** The request id, for the audit entry. */
  requestId: string;
  /** The portal session the user acts through (its SHA-256 key): sign-out and password change keep it. */
  sessionIdHash: string;
};

/** The actor of a company-scoped action: the company is resolved and the user related to it. */
export type CompanyActor = Actor & { companyId: string };

/** The actor of a merchant-scoped action: the merchant is resolved and the user works for it. */
export type MerchantActor = Actor & { merchantId: string };

/** What `requireActor` returns for an action: a `CompanyActor` for company-scoped actions. */
export type ActorFor<A extends Action> = A extends CompanyAction
  ? CompanyActor
  : A extends MerchantAction
    ? MerchantActor
    : Actor;

/**
 * What the company services read of the actor: a `CompanyActor` is one; tests and seeds build it by
 * hand. (Services ask for no more than they use.)
 */
export type ServiceActor = Pick<CompanyActor, 'userId' | 'roleId' | 'companyId' | 'relatedCompanyIds'> &
  Partial<Pick<CompanyActor, 'requestId'>>;

/** The action each route asked for, by `METHOD /url`, as routes are called (the route-policy test reads it). */
const actionsByRoute = new Map<string, Action>();

/** The actions routes have asked for so far, by `METHOD /url` (Fastify's `:param` form). */
export function actionsSeen(): ReadonlyMap<string, Action> {
  return actionsByRoute;
}

/**
 * The guard of every route (ADR 005, issue 14): the session (401, code UNAUTHENTICATED, without
 * one), the role through the policy table (403, code FORBIDDEN, when the role may not), and for a
 * company-scoped action the company (`companyId` here, e.g. from the body or a plain link's query,
 * else the `companyId` header): 400 without one, 403 FORBIDDEN for a company that is not the user's,
 * 403 COMPANY_UNAVAILABLE (135) for one gone or no longer related; provider staff switching company
 * is audited. Call it first in the handler, before reading or changing anything.
 */
export async function requireActor<A extends Action>(
  request: FastifyRequest,
  action: A,
  options: { companyId?: string | undefined; merchantId?: string | undefined } = {},
): Promise<ActorFor<A>> {
  actionsByRoute.set(`${request.method} ${request.routeOptions.url ?? request.url}`, action);
  const session = await requireSession(request);
  const policy = policyOf(action);
  const ownMerchant =
    session.roleId === ROLE.MERCHANT ? await request.server.tenantDeps.merchantOf(session.userId) : null;
  if (!can({ ...session, merchantRole: ownMerchant?.role ?? null }, action)) {
    throw new AppError('FORBIDDEN', `role ${session.roleId} is not one of ${policy.roles.join(', ')}`);
  }
  const companyId =
    policy.scope === 'company'
      ? await resolveCompany(request, session, options.companyId)
      : session.companyId;
  const merchantId =
    policy.scope === 'merchant'
      ? await resolveMerchant(request, session, ownMerchant, options.merchantId)
      : (ownMerchant?.merchantId ?? null);
  const actor: Actor = {
    userId: session.userId,
    roleId: session.roleId,
    companyId,
    relatedCompanyIds: session.relatedCompanyIds,
    isProviderStaff: isProviderRole(session.roleId),
    merchantId,
    merchantRole: ownMerchant?.role ?? null,
    locale: requestLocale(request),
    requestId: String(request.id),
    sessionIdHash: session.sessionIdHash,
  };
  return actor as ActorFor<A>;
}

/** preHandler form of `requireActor`, for a whole plugin (`app.addHook('preHandler', guard(action))`). */
export function guard(action: Action) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireActor(request, action);
  };
}
