import type { FastifyRequest } from 'fastify';
import {
  ActingReasonSchema,
  can,
  isProviderRole,
  isReadAction,
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
import { requestContext } from './request-context';
import type { SecondFactorState } from './step-up';
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
  /**
   * Provider staff's reason for acting for this company or merchant, typed when they started
   * (issue 18); null for everyone else and for staff who gave none.
   */
  actingReason: string | null;
  /** The user's second factor and when its code was last typed in this session (step-up, issue 21 §2). */
  secondFactor: SecondFactorState;
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
 * Records the action a route's guard asks for (the route-policy tests read it): `requireActor` for
 * portal users, the cardholders module's `requireCardholder` for `cardholder.self` (ADR 046).
 */
export function noteRouteAction(request: FastifyRequest, action: Action): void {
  actionsByRoute.set(`${request.method} ${request.routeOptions.url ?? request.url}`, action);
}

/**
 * Forgets what routes asked for: the route-policy test starts from nothing, so it learns only from
 * its own calls even when earlier test files ran in the same process (vitest `isolate: false`).
 */
export function forgetActionsSeen(): void {
  actionsByRoute.clear();
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
  options: {
    companyId?: string | undefined;
    merchantId?: string | undefined;
    /** Provider staff start acting for the company with this reason (`/selectCompany`). */
    actingReason?: string | undefined;
  } = {},
): Promise<ActorFor<A>> {
  noteRouteAction(request, action);
  const session = await requireSession(request);
  const policy = policyOf(action);
  const ownMerchant =
    session.roleId === ROLE.MERCHANT ? await request.server.tenantDeps.merchantOf(session.userId) : null;
  if (!can({ ...session, merchantRole: ownMerchant?.role ?? null }, action)) {
    throw new AppError('FORBIDDEN', `role ${session.roleId} is not one of ${policy.roles.join(', ')}`);
  }
  const companyId =
    policy.scope === 'company'
      ? await resolveCompany(request, session, options.companyId, options.actingReason)
      : session.companyId;
  const merchantId =
    policy.scope === 'merchant'
      ? await resolveMerchant(request, session, ownMerchant, options.merchantId)
      : (ownMerchant?.merchantId ?? null);
  const isProviderStaff = isProviderRole(session.roleId);
  const acting = session.acting;
  const actingReason = !isProviderStaff
    ? null
    : (headerActingReason(request) ??
      (policy.scope === 'company' && acting?.companyId === companyId
        ? acting.reason
        : policy.scope === 'merchant' && acting?.merchantId === merchantId
          ? acting.reason
          : null));
  // Provider staff change a company's or merchant's data only once they have said why (issue 18);
  // the provider's own work on a client (contracts, shipping: actions of provider roles only) is
  // not acting for it and needs none.
  if (
    isProviderStaff &&
    policy.scope !== 'none' &&
    !isReadAction(action) &&
    !policy.roles.every((role) => isProviderRole(role)) &&
    actingReason === null
  ) {
    throw new AppError(
      'ACTING_REASON_REQUIRED',
      `${action} by staff ${session.userId} without an acting reason`,
    );
  }
  const context = requestContext();
  if (context) {
    context.actorUserId = session.userId;
    context.merchantId = policy.scope === 'merchant' ? merchantId : null;
    context.actingReason = actingReason;
  }
  const actor: Actor = {
    userId: session.userId,
    roleId: session.roleId,
    companyId,
    relatedCompanyIds: session.relatedCompanyIds,
    isProviderStaff,
    merchantId,
    merchantRole: ownMerchant?.role ?? null,
    locale: requestLocale(request),
    requestId: String(request.id),
    sessionIdHash: session.sessionIdHash,
    actingReason,
    secondFactor: {
      isEnrolled: session.hasSecondFactor,
      provedAt: session.secondFactorAt,
      windowMs: request.server.stepUpWindowMs,
    },
  };
  return actor as ActorFor<A>;
}

/** The header by which a staff tool gives its reason with each call instead of the session's (ADR 027). */
export const ACTING_REASON_HEADER = 'x-acting-reason';

/**
 * The reason a request gives in its `X-Acting-Reason` header (percent-encoded UTF-8, 5 to 300
 * characters), or null when it gives none or one that does not qualify.
 */
function headerActingReason(request: FastifyRequest): string | null {
  const raw = request.headers[ACTING_REASON_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  let reason: string;
  try {
    reason = decodeURIComponent(value).trim();
  } catch {
    return null;
  }
  return ActingReasonSchema.safeParse(reason).success ? reason : null;
}

/** preHandler form of `requireActor`, for a whole plugin (`app.addHook('preHandler', guard(action))`). */
export function guard(action: Action) {
  return async (request: FastifyRequest): Promise<void> => {
    await requireActor(request, action);
  };
}
