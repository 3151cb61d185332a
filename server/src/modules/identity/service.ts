import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import {
  foldForSearch,
  isProviderRole,
  COMPANY_ROLES,
  ROLE,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type RoleId,
  type SearchUsersRequest,
  type SearchUsersResponse,
  type User,
} from '@tessera/domain';
import type Provider from 'oidc-provider';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth-guard';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { ServiceActor } from '../../platform/policy';
import type { CompaniesService } from '../companies';
import type { ContentService } from '../content';
import { createEmailCodeActions } from './email-codes';
import { createOidcProvider, OIDC_PATH } from './oidc-provider';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import {
  companyIdsOfUser,
  companyIdsOfUsers,
  countOidcPayloadsOfAccount,
  deleteExpiredOidcPayloads,
  deleteOidcPayloadsOfAccount,
  deleteSpentCodes,
  findUserByEmail,
  findUserById,
  findUserWithCompanies,
  insertUser,
  recordFailedLogin,
  searchUsers,
  updateUser,
  type UserRow,
  type UserWithCompanies,
} from './repository';

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;

/** Who performs an action and for which request (audit): the part of the one `Actor` this service reads. */
export type Actor = Pick<ServiceActor, 'userId' | 'roleId' | 'requestId'>;

function userSearchText(user: { email: string; firstName: string; lastName: string }): string {
  return foldForSearch(`${user.firstName} ${user.lastName} ${user.email}`);
}

function toUser(row: UserRow, companyIds: string[]): User {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    jobTitle: row.jobTitle,
    userRoleId: row.roleId as RoleId,
    relatedCompanies: companyIds.map((companyId) => ({ companyId })),
    isConfirmed: row.isConfirmed,
    isLocked: row.isLocked,
    preferredLanguage: row.preferredLanguage,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The identity module (ARCHITECTURE §6, SPEC §7 identity user actions): the user store, sign-in
 * with lockout, emailed single-use codes, the token service and the OpenID provider.
 */
export async function createIdentityService(deps: {
  db: Db;
  mailer: Mailer;
  content: ContentService;
  companies: CompaniesService;
  /**
   * The portal sessions (the auth module's store, wired in `app.ts`): a lock or a new password ends
   * the user's sessions. Only this is asked of it, so identity never imports auth.
   */
  sessions: { endAllOfUser(userId: string, keepSessionIdHash?: string): Promise<unknown> };
  publicUrl: string;
  /** PUBLIC_URL was given; else the portal's client may return to whatever host the browser used. */
  isPublicUrlFixed?: boolean;
  sessionSecret: string;
  cookieKeys: string[];
  maxFailedLogins: number;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  /** Work answered before it finishes (mail of reset requests): tracked so tests and shutdown can await it. */
  const pending = new Set<Promise<unknown>>();

  function inBackground(task: () => Promise<unknown>): void {
    const promise = task()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'identity background task failed'))
      .finally(() => pending.delete(promise));
    pending.add(promise);
  }

  async function loadUser(userId: string): Promise<UserWithCompanies | undefined> {
    return findUserWithCompanies(deps.db, userId);
  }

  const provider: Provider = await createOidcProvider({
    db: deps.db,
    publicUrl: deps.publicUrl,
    isPublicUrlFixed: deps.isPublicUrlFixed ?? true,
    sessionSecret: deps.sessionSecret,
    cookieKeys: deps.cookieKeys,
    log: deps.log,
    // Locked, unconfirmed or removed users get no tokens, even from a provider session.
    async findAccount(_ctx, sub) {
      const user = await loadUser(sub);
      if (!user || user.isLocked || !user.isConfirmed) return undefined;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: user.isConfirmed,
            name: `${user.firstName} ${user.lastName}`,
            given_name: user.firstName,
            family_name: user.lastName,
            locale: user.preferredLanguage,
            userRoleId: user.roleId,
            userId: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            relatedCompanies: user.companyIds.map((companyId) => ({ companyId })),
          };
        },
      };
    },
  });

  /**
   * Token service: revokes everything the user holds (ARCHITECTURE §7) — the provider's sessions,
   * grants, codes and tokens, and the portal sessions, except `keepSessionIdHash` when given.
   */
  async function revokeUserTokens(
    userId: string,
    options: { keepSessionIdHash?: string } = {},
  ): Promise<void> {
    await deleteOidcPayloadsOfAccount(deps.db, userId);
    await deps.sessions.endAllOfUser(userId, options.keepSessionIdHash);
  }

  /**
   * Checks an email and password (the sign-in interaction). Counts failures and locks the account
   * at the configured maximum; unknown emails cost the same time and get the same answer as
   * wrong passwords.
   */
  async function authenticate(email: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(deps.db, email);
    if (!user) {
      await verifyPassword(null, password);
      throw new AppError('INVALID_CREDENTIALS', 'unknown email');
    }
    if (user.isLocked) throw new AppError('ACCOUNT_LOCKED', `user ${user.id} is locked`);
    if (!user.passwordHash) {
      await verifyPassword(null, password);
      throw new AppError('ACCOUNT_NOT_CONFIRMED', `user ${user.id} has not set a password`);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      const after = await recordFailedLogin(deps.db, user.id, deps.maxFailedLogins);
      if (after?.isLocked) {
        await writeAudit(deps.db, {
          actorUserId: user.id,
          action: 'user.locked_after_failures',
          entity: 'user',
          entityId: user.id,
        });
        throw new AppError('ACCOUNT_LOCKED', `user ${user.id} locked after ${after.failedAttempts} failures`);
      }
      throw new AppError('INVALID_CREDENTIALS', `wrong password for ${user.id}`);
    }
    if (!user.isConfirmed) throw new AppError('ACCOUNT_NOT_CONFIRMED', `user ${user.id} is not confirmed`);
    await updateUser(deps.db, user.id, { failedAttempts: 0, lastLoginAt: now() });
    return user;
  }

  const { sendCodeEmail, ...codes } = createEmailCodeActions({
    ...deps,
    now,
    inBackground,
    revokeUserTokens,
  });

  return {
    provider,
    revokeUserTokens,
    authenticate,
    ...codes,

    /** Resolves when background work (emails of reset and confirmation requests) has finished. */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },

    /** A user with related companies, for the portal session; undefined when there is none. */
    getSessionUser(userId: string): Promise<UserWithCompanies | undefined> {
      return loadUser(userId);
    },

    /** One user (provider staff, or the user themself), or NOT_FOUND. */
    async getUser(userId: string): Promise<User> {
      const user = await loadUser(userId);
      if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
      return toUser(user, user.companyIds);
    },

    /**
     * The sign-in interaction's login (`/user/login?uid=…` posts here): checks the credentials and
     * hands the account to the provider, which continues the authorisation at `redirectTo`.
     */
    async login(
      raw: { req: IncomingMessage; res: ServerResponse },
      uid: string,
      credentials: { email: string; password: string },
    ): Promise<{ redirectTo: string }> {
      const details = await provider.interactionDetails(raw.req, raw.res).catch((error: unknown) => {
        throw new AppError('INTERACTION_EXPIRED', 'interaction not found', { cause: error });
      });
      if (details.uid !== uid)
        throw new AppError('INTERACTION_EXPIRED', 'interaction uid differs from its cookie');
      const user = await authenticate(credentials.email, credentials.password);
      const redirectTo = await provider.interactionResult(
        raw.req,
        raw.res,
        { login: { accountId: user.id } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },

    /** The interaction behind `/user/login?uid=…` (whether it still exists, and its prompt). */
    async getInteraction(raw: { req: IncomingMessage; res: ServerResponse }, uid: string) {
      const details = await provider.interactionDetails(raw.req, raw.res).catch((error: unknown) => {
        throw new AppError('INTERACTION_EXPIRED', 'interaction not found', { cause: error });
      });
      if (details.uid !== uid)
        throw new AppError('INTERACTION_EXPIRED', 'interaction uid differs from its cookie');
      const hint = details.params.login_hint;
      return {
        uid: details.uid,
        prompt: details.prompt.name,
        ...(typeof hint === 'string' ? { loginHint: hint } : {}),
      };
    },

    /**
     * Creates a user (provider admin): unconfirmed and without a password; the confirmation email
     * lets them set one. Company roles need at least one related company.
     */
    async createUser(request: CreateUserRequest, actor: Actor): Promise<User> {
      const companyIds = [...new Set(request.companyIds)];
      if ((COMPANY_ROLES as readonly number[]).includes(request.userRoleId) && companyIds.length === 0) {
        throw new AppError('VALIDATION', 'company role without companies', {
          fields: [{ field: 'companyIds', key: 'required' }],
        });
      }
      if (!(COMPANY_ROLES as readonly number[]).includes(request.userRoleId) && companyIds.length > 0) {
        throw new AppError('VALIDATION', 'only company roles relate to companies', {
          fields: [{ field: 'companyIds', key: 'invalidValue' }],
        });
      }
      const existing = await deps.companies.existingCompanyIds(companyIds);
      if (existing.length !== companyIds.length) {
        throw new AppError('VALIDATION', 'unknown company', {
          fields: [{ field: 'companyIds', key: 'invalidChoice' }],
        });
      }
      if (await findUserByEmail(deps.db, request.email)) {
        throw new AppError('CONFLICT', 'email taken', { fields: [{ field: 'email', key: 'invalidValue' }] });
      }
      const row = await deps.db.transaction(async (tx) => {
        const inserted = await insertUser(
          tx,
          {
            email: request.email,
            firstName: request.firstName,
            lastName: request.lastName,
            phone: request.phone,
            jobTitle: request.jobTitle,
            roleId: request.userRoleId,
            preferredLanguage: request.preferredLanguage,
            isConfirmed: false,
            searchText: userSearchText(request),
          },
          companyIds,
        );
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'user.create',
          entity: 'user',
          entityId: inserted.id,
          after: { email: inserted.email, roleId: inserted.roleId, companyIds },
          requestId: actor.requestId ?? null,
        });
        return inserted;
      });
      inBackground(() => sendCodeEmail(row, 'confirmation'));
      return toUser(row, companyIds);
    },

    /** Every user related to a company (the company's people, /account/order-managers). */
    async companyUsers(companyId: string): Promise<User[]> {
      const found = await this.findUsers({ query: '', companyId, page: 1, pageSize: 100 });
      return found.users;
    },

    /** Several users by id (the provider's agents of a company); unknown ids are left out. */
    async usersByIds(userIds: string[]): Promise<User[]> {
      const users: User[] = [];
      for (const userId of new Set(userIds)) {
        const user = await loadUser(userId);
        if (user) users.push(toUser(user, user.companyIds));
      }
      return users;
    },

    /**
     * Changes a user's contact details and, between company roles, their role (updateManager), in
     * the caller's transaction so the audit entry commits with it.
     */
    async updateProfile(
      userId: string,
      patch: { firstName: string; lastName: string; phone: string; jobTitle: string; userRoleId?: RoleId },
      actor: Actor & { companyId?: string },
    ): Promise<User> {
      const before = await loadUser(userId);
      if (!before) throw new AppError('NOT_FOUND', `no user ${userId}`);
      const updated = await deps.db.transaction(async (tx) => {
        const row = await updateUser(tx, userId, {
          firstName: patch.firstName,
          lastName: patch.lastName,
          phone: patch.phone,
          jobTitle: patch.jobTitle,
          ...(patch.userRoleId ? { roleId: patch.userRoleId } : {}),
          searchText: userSearchText({ ...before, ...patch }),
        });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: actor.companyId ?? null,
          action: 'user.update-profile',
          entity: 'user',
          entityId: userId,
          before: {
            firstName: before.firstName,
            lastName: before.lastName,
            phone: before.phone,
            jobTitle: before.jobTitle,
            roleId: before.roleId,
          },
          after: { ...patch },
          requestId: actor.requestId ?? null,
        });
        return row!;
      });
      return toUser(updated, before.companyIds);
    },

    /** Users by name or email, role and company, paginated (provider staff). */
    async findUsers(request: SearchUsersRequest): Promise<SearchUsersResponse> {
      const { rows, total } = await searchUsers(
        deps.db,
        { folded: foldForSearch(request.query), roleId: request.userRoleId, companyId: request.companyId },
        { offset: (request.page - 1) * request.pageSize, limit: request.pageSize },
      );
      const companies = await companyIdsOfUsers(
        deps.db,
        rows.map((row) => row.id),
      );
      return {
        success: true,
        users: rows.map((row) => toUser(row, companies.get(row.id) ?? [])),
        total,
        page: request.page,
        pageSize: request.pageSize,
      };
    },

    /**
     * Changes the signed-in user's password. The current session stays; every other session and
     * all of the user's provider tokens are revoked.
     */
    async changePassword(
      session: Pick<SessionPrincipal, 'userId' | 'sessionIdHash'>,
      request: ChangePasswordRequest,
      requestId?: string,
    ): Promise<void> {
      const user = await findUserById(deps.db, session.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'user removed');
      if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
        throw new AppError('WRONG_CURRENT_PASSWORD', 'current password does not match', {
          fields: [{ field: 'currentPassword', key: 'invalidValue' }],
        });
      }
      assertStrongPassword(request.newPassword, 'newPassword');
      const passwordHash = await hashPassword(request.newPassword);
      await deps.db.transaction(async (tx) => {
        await updateUser(tx, user.id, { passwordHash, passwordChangedAt: now(), failedAttempts: 0 });
        await writeAudit(tx, {
          actorUserId: user.id,
          action: 'user.password_change',
          entity: 'user',
          entityId: user.id,
          requestId: requestId ?? null,
        });
      });
      await revokeUserTokens(user.id, { keepSessionIdHash: session.sessionIdHash });
    },

    /**
     * Locks or unlocks a user (provider staff). Locking revokes every session and token at once;
     * customer care cannot lock or unlock provider admins, and nobody locks themself.
     */
    async setLocked(userId: string, isLocked: boolean, actor: Actor): Promise<User> {
      const user = await loadUser(userId);
      if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
      if (user.id === actor.userId) throw new AppError('BUSINESS_RULE', 'cannot lock or unlock oneself');
      if (actor.roleId !== ROLE.ADMIN && user.roleId === ROLE.ADMIN) {
        throw new AppError('FORBIDDEN', 'only admins lock or unlock admins');
      }
      const updated = await deps.db.transaction(async (tx) => {
        const row = await updateUser(
          tx,
          userId,
          isLocked
            ? { isLocked: true, lockReason: 'staff' }
            : { isLocked: false, lockReason: null, failedAttempts: 0 },
        );
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: isLocked ? 'user.lock' : 'user.unlock',
          entity: 'user',
          entityId: userId,
          before: { isLocked: user.isLocked },
          after: { isLocked },
          requestId: actor.requestId ?? null,
        });
        return row!;
      });
      if (isLocked) await revokeUserTokens(userId);
      return toUser(updated, await companyIdsOfUser(deps.db, userId));
    },

    /** What the provider still holds for a user, by model (tests of the token service). */
    providerArtefacts(userId: string): Promise<Record<string, number>> {
      return countOidcPayloadsOfAccount(deps.db, userId);
    },

    /** Removes expired provider rows and spent codes (run periodically). */
    async purgeExpired(): Promise<void> {
      await deleteExpiredOidcPayloads(deps.db);
      await deleteSpentCodes(deps.db, new Date(now().getTime() - 7 * 86_400_000));
    },

    isProviderStaff(roleId: RoleId): boolean {
      return isProviderRole(roleId);
    },

    issuer: `${deps.publicUrl}${OIDC_PATH}`,
  };
}
