import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isProviderRole, isRelatedCompany, ROLE } from '@tessera/domain';
import { writeAudit } from './audit';
import { type SessionPrincipal } from './auth-guard';
import type { Db } from './db';
import { AppError } from './errors';

/** The header naming the company a request acts for (SPEC §7 `companyId`). */
export const COMPANY_HEADER = 'companyid';

/** What the tenant scope needs from the modules; `app.ts` wires the companies and auth services in. */
export type TenantDeps = {
  db: Db;
  companyExists(companyId: string): Promise<boolean>;
  /**
   * Records on the portal session that it now acts for `companyId`; provider staff's reason for it,
   * or null (a switch without one forgets the previous reason).
   */
  rememberCompany(sessionIdHash: string, companyId: string, actingReason: string | null): Promise<void>;
  /** The merchant a merchant user (role 1001) works for and their standing there (ADR 016). */
  merchantOf(userId: string): Promise<{ merchantId: string; role: 'admin' | 'viewer' } | null>;
  merchantExists(merchantId: string): Promise<boolean>;
};

/** The header naming the merchant provider staff act for (ADR 016). */
export const MERCHANT_HEADER = 'merchantid';

declare module 'fastify' {
  interface FastifyInstance {
    tenantDeps: TenantDeps;
  }
}

export function installTenantScope(app: FastifyInstance, deps: TenantDeps): void {
  app.decorate('tenantDeps', deps);
}

export type CompanyScope = {
  companyId: string;
  session: SessionPrincipal;
  /** True when provider staff (roles 1 and 2) act for a customer company. */
  isProviderActing: boolean;
};

function headerCompanyId(request: FastifyRequest): string | undefined {
  const raw = request.headers[COMPANY_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value : undefined;
}

/**
 * The company a request may act for (ARCHITECTURE §4): `companyId` (the header, or `companyId` when
 * the request names it in its body or query) must be one of the user's related companies; provider
 * staff may act for any existing company, and switching to one is written to the audit log. Throws
 * before anything is read or changed: 400 without a company, 403 code 4 for a company that is not
 * the user's, 403 code 135 when the company the session acted for no longer exists or is no longer
 * related (SPEC §8: modal whose Ok goes home). The session's role was checked by the caller
 * (`requireActor` in `policy.ts`, through the policy table).
 */
export async function resolveCompany(
  request: FastifyRequest,
  session: SessionPrincipal,
  requested: string | undefined,
  actingReason?: string,
): Promise<string> {
  const companyId = requested?.trim() || headerCompanyId(request);
  if (!companyId) {
    throw new AppError('VALIDATION', 'companyId header missing', {
      fields: [{ field: 'companyId', key: 'required' }],
    });
  }
  const deps = request.server.tenantDeps;
  if (session.roleId === ROLE.MERCHANT) throw new AppError('FORBIDDEN', 'merchants act for no company');

  const isProvider = isProviderRole(session.roleId);
  if (!isRelatedCompany(session, companyId)) {
    if (session.companyId === companyId) {
      throw new AppError(
        'COMPANY_UNAVAILABLE',
        `company ${companyId} is no longer related to ${session.userId}`,
      );
    }
    throw new AppError('FORBIDDEN', `company ${companyId} is not related to ${session.userId}`);
  }
  if (!(await deps.companyExists(companyId))) {
    throw new AppError('COMPANY_UNAVAILABLE', `company ${companyId} no longer exists`);
  }
  // Provider staff start acting with a reason (issue 18): a new reason restarts acting.
  const reason = isProvider && actingReason ? actingReason : null;
  if (session.companyId !== companyId || reason !== null) {
    if (isProvider) {
      await writeAudit(deps.db, {
        actorUserId: session.userId,
        companyId,
        action: 'company.act',
        entity: 'company',
        entityId: companyId,
        before: { companyId: session.companyId, reason: session.acting?.reason ?? null },
        after: { companyId, reason },
        requestId: String(request.id),
        actingReason: reason,
      });
    }
    await deps.rememberCompany(session.sessionIdHash, companyId, reason);
    session.companyId = companyId;
    session.acting = reason === null ? null : { companyId, merchantId: null, reason, since: new Date() };
  }
  return companyId;
}

/**
 * The merchant a merchant-scoped request acts for (ADR 016): a merchant user's own merchant (a
 * request naming another is 403); provider staff name one (`merchantId` from the route, else the
 * `merchantId` header): 400 without one, 404 for one that does not exist. Company roles never get
 * here (the policy table keeps them out).
 */
export async function resolveMerchant(
  request: FastifyRequest,
  session: SessionPrincipal,
  own: { merchantId: string } | null,
  requested: string | undefined,
): Promise<string> {
  const raw = request.headers[MERCHANT_HEADER];
  let named = requested?.trim() || (Array.isArray(raw) ? raw[0] : raw)?.trim() || undefined;
  if (session.roleId === ROLE.MERCHANT) {
    if (!own) throw new AppError('FORBIDDEN', `user ${session.userId} works for no merchant`);
    if (named && named !== own.merchantId) {
      throw new AppError('FORBIDDEN', `merchant ${named} is not ${session.userId}'s`);
    }
    return own.merchantId;
  }
  if (!isProviderRole(session.roleId)) throw new AppError('FORBIDDEN', 'only merchants and provider staff');
  // Provider staff acting for a merchant (issue 18) need not name it on every call.
  named ??= session.acting?.merchantId ?? undefined;
  if (!named) {
    throw new AppError('VALIDATION', 'merchantId header missing', {
      fields: [{ field: 'merchantId', key: 'required' }],
    });
  }
  if (!(await request.server.tenantDeps.merchantExists(named))) {
    throw new AppError('NOT_FOUND', `no merchant ${named}`);
  }
  return named;
}
