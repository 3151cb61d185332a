import {
  isProviderRole,
  type ChangePasswordRequest,
  type CreateUserRequest,
  type RoleId,
  type SearchUsersRequest,
  type SearchUsersResponse,
  type SecondFactorConfirmRequest,
  type SecondFactorSignInRequest,
  type User,
} from '@tessera/domain';
import type { SessionPrincipal } from '../../platform/auth-guard';
import { authenticateUser } from './authenticate-user';
import { changePassword } from './change-password';
import { createUser } from './create-user';
import { getInteraction } from './get-interaction';
import { getUser } from './get-user';
import { getUsersByIds } from './get-users-by-ids';
import { createIdentityContext, type Actor, type IdentityDeps, type RawHttp } from './identity-context';
import { listCompanyUsers } from './list-company-users';
import { setUserLocked } from './lock-user';
import { sendNewDeviceEmail, type NewDeviceSignIn } from './new-device-email';
import {
  confirmSignInEnrolment,
  logInSecondFactor,
  logInUser,
  startSignInEnrolment,
  type DeviceContext,
  type LoginStep,
} from './log-in-user';
import {
  confirmEnrolment,
  disableSecondFactor,
  regenerateRecoveryCodes,
  resetSecondFactor,
  revokeDevices,
  secondFactorStatus,
  startEnrolment,
  verifySecondFactor,
} from './second-factor';
import { AppError } from '../../platform/errors';
import { purgeExpired } from './purge-expired';
import { countOidcPayloadsOfAccount, type UserRow, type UserWithCompanies } from './repository';
import { findUsers, type StaffSearchFilter } from './search-users';
import {
  endUserSessions,
  forcePasswordReset,
  resendConfirmation,
  updateUserAccess,
  type AdminActor,
  type WithinTransaction,
} from './administer-user';
import { updateProfile } from './update-profile';

export type { Actor, IdentityDeps } from './identity-context';

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;

/**
 * The identity module (ARCHITECTURE §6, SPEC §7 identity user actions): the user store, sign-in
 * with lockout, emailed single-use codes, the token service and the OpenID provider. Each
 * operation is its own file; this assembles them.
 */
export async function createIdentityService(deps: IdentityDeps) {
  const ctx = await createIdentityContext(deps);
  return {
    provider: ctx.provider,
    revokeUserTokens: ctx.revokeUserTokens,
    authenticate: (email: string, password: string): Promise<UserRow> =>
      authenticateUser(ctx, email, password),
    ...ctx.codes,
    settle: ctx.settle,

    /** A user with related companies, for the portal session; undefined when there is none. */
    getSessionUser: (userId: string): Promise<UserWithCompanies | undefined> => ctx.loadUser(userId),
    getUser: (userId: string): Promise<User> => getUser(ctx, userId),
    login: (
      raw: RawHttp,
      uid: string,
      credentials: { email: string; password: string },
      device?: DeviceContext,
    ): Promise<LoginStep> => logInUser(ctx, raw, uid, credentials, device),

    // Two-factor sign-in (issue 21, ADR 031): see log-in-user.ts and second-factor.ts.
    logInSecondFactor: (raw: RawHttp, uid: string, body: SecondFactorSignInRequest, device: DeviceContext) =>
      logInSecondFactor(ctx, raw, uid, body, device),
    startSignInEnrolment: (raw: RawHttp, uid: string) => startSignInEnrolment(ctx, raw, uid),
    confirmSignInEnrolment: (
      raw: RawHttp,
      uid: string,
      body: SecondFactorConfirmRequest,
      device: DeviceContext,
    ) => confirmSignInEnrolment(ctx, raw, uid, body, device),
    secondFactorStatus: (userId: string, deviceToken?: string) =>
      secondFactorStatus(ctx, userId, deviceToken),
    startEnrolment: async (userId: string) => {
      const user = await ctx.loadUser(userId);
      if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
      return startEnrolment(ctx, user);
    },
    confirmEnrolment: (actor: Pick<Actor, 'userId' | 'requestId'>, code: string) =>
      confirmEnrolment(ctx, actor.userId, code, actor),
    /** Checks a current code of an enrolled user (step-up); a wrong one counts towards the lockout. */
    verifyCode: (userId: string, code: string) => verifySecondFactor(ctx, userId, { code }),
    regenerateRecoveryCodes: (actor: Pick<Actor, 'userId' | 'requestId'>, code: string) =>
      regenerateRecoveryCodes(ctx, actor, code),
    disableSecondFactor: (actor: Pick<Actor, 'userId' | 'requestId'>, code: string) =>
      disableSecondFactor(ctx, actor, code),
    revokeDevices: (actor: Pick<Actor, 'userId' | 'requestId'>, deviceId?: string) =>
      revokeDevices(ctx, actor, deviceId),
    /** The session proved the second factor now (enrolment on the account page, step-up). */
    recordSessionSecondFactor: (sessionIdHash: string): Promise<void> =>
      deps.sessions.recordSecondFactor?.(sessionIdHash, ctx.now()) ?? Promise.resolve(),
    resetSecondFactor: (userId: string, reason: string, actor: AdminActor) =>
      resetSecondFactor(ctx, userId, reason, actor),
    getInteraction: (raw: RawHttp, uid: string) => getInteraction(ctx, raw, uid),
    createUser: (request: CreateUserRequest, actor: AdminActor, within?: WithinTransaction): Promise<User> =>
      createUser(ctx, request, actor, within),
    companyUsers: (companyId: string): Promise<User[]> => listCompanyUsers(ctx, companyId),
    usersByIds: (userIds: string[]): Promise<User[]> => getUsersByIds(ctx, userIds),
    updateProfile: (
      userId: string,
      patch: { firstName: string; lastName: string; phone: string; jobTitle: string; userRoleId?: RoleId },
      actor: Actor & { companyId?: string },
    ): Promise<User> => updateProfile(ctx, userId, patch, actor),
    findUsers: (request: SearchUsersRequest, extra?: StaffSearchFilter): Promise<SearchUsersResponse> =>
      findUsers(ctx, request, extra),
    changePassword: (
      session: Pick<SessionPrincipal, 'userId' | 'sessionIdHash'>,
      request: ChangePasswordRequest,
      requestId?: string,
    ): Promise<void> => changePassword(ctx, session, request, requestId),
    setLocked: (userId: string, isLocked: boolean, actor: AdminActor): Promise<User> =>
      setUserLocked(ctx, userId, isLocked, actor),

    // User administration (issue 18 §2, ADR 023): see administer-user.ts.
    updateUserAccess: (
      userId: string,
      patch: Parameters<typeof updateUserAccess>[2],
      actor: AdminActor,
      within?: WithinTransaction,
    ): Promise<User> => updateUserAccess(ctx, userId, patch, actor, within),
    forcePasswordReset: (userId: string, actor: AdminActor): Promise<User> =>
      forcePasswordReset(ctx, userId, actor),
    endUserSessions: (userId: string, actor: AdminActor, reason: string): Promise<number> =>
      endUserSessions(ctx, userId, actor, reason),
    resendConfirmation: (userId: string, actor: AdminActor): Promise<User> =>
      resendConfirmation(ctx, userId, actor),

    /** Mails the user of a sign-in from a browser new to the account (after the answer; ADR 033). */
    sendNewDeviceEmail: (userId: string, signIn: NewDeviceSignIn): void =>
      sendNewDeviceEmail(ctx, userId, signIn),

    /** What the provider still holds for a user, by model (tests of the token service). */
    providerArtefacts: (userId: string): Promise<Record<string, number>> =>
      countOidcPayloadsOfAccount(ctx.db, userId),
    purgeExpired: (): Promise<void> => purgeExpired(ctx),

    isProviderStaff(roleId: RoleId): boolean {
      return isProviderRole(roleId);
    },

    issuer: ctx.issuer,
  };
}
