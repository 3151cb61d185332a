import { COMPANY_ROLES, type Locale, type RoleId, type User } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor, IdentityContext } from './identity-context';
import {
  companyIdsOfUser,
  deleteOidcPayloadsOfAccount,
  replaceUserCompanies,
  updateUser,
} from './repository';
import type { UserWithCompanies } from './repository';
import { assertStaffRule } from './staff-rules';
import { toUser, userSearchText } from './user-views';

/** Who administers a user: the actor, with the company acted for when there is one (audit). */
export type AdminActor = Actor & { companyId?: string | null };

/** Work another module does in the same transaction (the merchants module links a merchant user). */
export type WithinTransaction = (tx: Executor, userId: string) => Promise<void>;

/** The user as the audit records it: never the password hash. */
export function auditViewOf(user: UserWithCompanies) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    roleId: user.roleId,
    preferredLanguage: user.preferredLanguage,
    companyIds: user.companyIds,
    isLocked: user.isLocked,
    isConfirmed: user.isConfirmed,
  };
}

async function targetOf(ctx: IdentityContext, userId: string): Promise<UserWithCompanies> {
  const user = await ctx.loadUser(userId);
  if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
  return user;
}

/** Company roles need companies that exist; other roles have none (as `createUser`). */
export async function checkCompaniesOfRole(
  ctx: IdentityContext,
  roleId: RoleId,
  companyIds: string[],
): Promise<void> {
  const isCompanyRole = COMPANY_ROLES.includes(roleId);
  if (isCompanyRole && companyIds.length === 0) {
    throw new AppError('VALIDATION', 'company role without companies', {
      fields: [{ field: 'companyIds', key: 'required' }],
    });
  }
  if (!isCompanyRole && companyIds.length > 0) {
    throw new AppError('VALIDATION', 'only company roles relate to companies', {
      fields: [{ field: 'companyIds', key: 'invalidValue' }],
    });
  }
  const existing = await ctx.deps.companies.existingCompanyIds(companyIds);
  if (existing.length !== companyIds.length) {
    throw new AppError('VALIDATION', 'unknown company', {
      fields: [{ field: 'companyIds', key: 'invalidChoice' }],
    });
  }
}

/**
 * Changes a user's details, role and related companies (provider staff, `updateManager` of the back
 * office) in one transaction with `within` and the audit entry. Nobody changes their own role;
 * customer care never an admin nor to staff (`assertStaffRule`). A changed role or set of companies
 * revokes the user's provider tokens, whose claims would otherwise still name the old ones.
 */
export async function updateUserAccess(
  ctx: IdentityContext,
  userId: string,
  patch: {
    firstName: string;
    lastName: string;
    phone: string;
    preferredLanguage: Locale;
    roleId: RoleId;
    companyIds: string[];
  },
  actor: AdminActor,
  within?: WithinTransaction,
): Promise<User> {
  const before = await targetOf(ctx, userId);
  assertStaffRule(actor, before, patch.roleId);
  if (before.id === actor.userId && before.roleId !== patch.roleId) {
    throw new AppError('BUSINESS_RULE', 'users cannot change their own role', {
      fields: [{ field: 'userRoleId', key: 'invalidChoice' }],
    });
  }
  const companyIds = [...new Set(patch.companyIds)].sort();
  await checkCompaniesOfRole(ctx, patch.roleId, companyIds);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, userId, {
      firstName: patch.firstName,
      lastName: patch.lastName,
      phone: patch.phone,
      preferredLanguage: patch.preferredLanguage,
      roleId: patch.roleId,
      searchText: userSearchText({ ...before, ...patch }),
    });
    await replaceUserCompanies(tx, userId, companyIds);
    await within?.(tx, userId);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId ?? null,
      action: 'user.update',
      entity: 'user',
      entityId: userId,
      before: auditViewOf(before),
      after: auditViewOf({ ...row!, companyIds }),
      requestId: actor.requestId ?? null,
    });
    return row!;
  });
  const isAccessChanged =
    before.roleId !== patch.roleId || before.companyIds.join(',') !== companyIds.join(',');
  if (isAccessChanged) await deleteOidcPayloadsOfAccount(ctx.db, userId);
  return toUser(updated, companyIds);
}

/**
 * Forces a password reset (provider staff): the current password stops working at once, every
 * session and token of the user ends, and a reset link goes to the user in their language; they
 * set a new password on `/user/reset` with it.
 */
export async function forcePasswordReset(
  ctx: IdentityContext,
  userId: string,
  actor: AdminActor,
): Promise<User> {
  const before = await targetOf(ctx, userId);
  assertStaffRule(actor, before);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, userId, { passwordHash: null, passwordChangedAt: ctx.now() });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId ?? null,
      action: 'user.force_password_reset',
      entity: 'user',
      entityId: userId,
      before: { hasPassword: before.passwordHash !== null },
      after: { hasPassword: false },
      requestId: actor.requestId ?? null,
    });
    return row!;
  });
  await ctx.revokeUserTokens(userId);
  await ctx.sendCodeEmail(updated, 'reset');
  return toUser(updated, before.companyIds);
}

/**
 * Ends every session of a user (provider staff): the portal sessions (the next request with such a
 * cookie gets 401) and whatever the identity provider stores for them (its sessions, grants, codes,
 * tokens), so no browser gets a new portal session without the password. The audit entry keeps
 * who, whom, the typed `reason` and how many ended (issue 21, ADR 033). Returns how many portal
 * sessions ended.
 */
export async function endUserSessions(
  ctx: IdentityContext,
  userId: string,
  actor: AdminActor,
  reason: string,
): Promise<number> {
  const user = await targetOf(ctx, userId);
  assertStaffRule(actor, user);
  // The deletions are final each on their own; the audit entry records what they removed.
  const artefacts = await deleteOidcPayloadsOfAccount(ctx.db, userId);
  const sessions = Number(await ctx.deps.sessions.endAllOfUser(userId));
  await writeAudit(ctx.db, {
    actorUserId: actor.userId,
    companyId: actor.companyId ?? null,
    action: 'user.end_sessions',
    entity: 'user',
    entityId: userId,
    after: { reason, portalSessions: sessions, providerArtefacts: artefacts },
    requestId: actor.requestId ?? null,
  });
  return sessions;
}

/**
 * Sends a new confirmation link to a user who has not confirmed yet (in their language); the
 * earlier link stops working. A confirmed user needs none (BUSINESS_RULE).
 */
export async function resendConfirmation(
  ctx: IdentityContext,
  userId: string,
  actor: AdminActor,
): Promise<User> {
  const user = await targetOf(ctx, userId);
  assertStaffRule(actor, user);
  if (user.isConfirmed) throw new AppError('BUSINESS_RULE', `user ${userId} is confirmed already`);
  await ctx.db.transaction(async (tx) => {
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId ?? null,
      action: 'user.request_confirmation',
      entity: 'user',
      entityId: userId,
      requestId: actor.requestId ?? null,
    });
  });
  await ctx.sendCodeEmail(user, 'confirmation');
  return toUser(user, await companyIdsOfUser(ctx.db, userId));
}
