import {
  ALWAYS_SECOND_FACTOR_ROLES,
  RECOVERY_CODE_COUNT,
  TRUSTED_DEVICE_DAYS,
  type RoleId,
  type SecondFactorEnrolmentResponse,
  type SecondFactorStatusResponse,
} from '@tessera/domain';
import QRCode from 'qrcode';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Actor, IdentityContext } from './identity-context';
import {
  findUserById,
  recordFailedLogin,
  recordLoginUnlessLocked,
  type UserWithCompanies,
} from './repository';
import { assertStaffRule } from './staff-rules';
import {
  acceptedTotpStep,
  decryptTotpSecret,
  encryptTotpSecret,
  hashDeviceToken,
  hashRecoveryCode,
  newDeviceToken,
  newRecoveryCodes,
  newTotpSecret,
  secondFactorKey,
  totpOf,
} from './second-factor-crypto';
import {
  claimTotpStep,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deleteSecondFactor,
  findSecondFactor,
  insertTrustedDevice,
  listTrustedDevices,
  markSecondFactorEnrolled,
  replaceRecoveryCodes,
  revokeTrustedDevices,
  upsertSecondFactor,
  useTrustedDevice,
} from './second-factor-repository';

/** The operations of the second factor (issue 21, ADR 031) shared by sign-in and the account page. */

/** The `amr` values of a sign-in with a typed code, and with a remembered device (RFC 8176). */
export const AMR_WITH_CODE = ['pwd', 'otp', 'mfa'];
export const AMR_WITH_DEVICE = ['pwd', 'swk', 'mfa'];

const DAY_MS = 24 * 3600 * 1000;

/** Whether the user must sign in with two factors: provider staff always, company roles by setting. */
export async function isSecondFactorRequired(
  ctx: IdentityContext,
  user: Pick<UserWithCompanies, 'roleId' | 'companyIds'>,
): Promise<boolean> {
  if (ALWAYS_SECOND_FACTOR_ROLES.includes(user.roleId as RoleId)) return true;
  if (user.companyIds.length === 0) return false;
  const roles = await ctx.deps.companies.secondFactorRolesOf(user.companyIds);
  return roles.includes(user.roleId);
}

/** Whether the user has an enrolled second factor. */
export async function hasSecondFactor(ctx: IdentityContext, userId: string): Promise<boolean> {
  return Boolean((await findSecondFactor(ctx.db, userId))?.enrolledAt);
}

function keyOf(ctx: IdentityContext): Buffer {
  return secondFactorKey(ctx.deps.sessionSecret);
}

/** Counts a wrong code towards the account's lockout (as a wrong password); always throws. */
async function refuseCode(ctx: IdentityContext, userId: string, why: string): Promise<never> {
  const after = await recordFailedLogin(ctx.db, userId, ctx.deps.maxFailedLogins);
  if (after?.isLocked) {
    await writeAudit(ctx.db, {
      actorUserId: userId,
      action: 'user.locked_after_failures',
      entity: 'user',
      entityId: userId,
    });
    throw new AppError('ACCOUNT_LOCKED', `user ${userId} locked after ${after.failedAttempts} failures`);
  }
  throw new AppError('SECOND_FACTOR_INVALID', `user ${userId}: ${why}`, {
    fields: [{ field: 'code', key: 'invalidValue' }],
  });
}

/**
 * Checks a code of the authenticator app (or, with `recoveryCode`, spends a recovery code) of a user
 * whose factor is enrolled, or pending enrolment when `isEnrolling`. A wrong, expired or replayed
 * code counts towards the lockout; a locked account's code is refused unread (code 21).
 */
export async function verifySecondFactor(
  ctx: IdentityContext,
  userId: string,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  options: { isEnrolling?: boolean } = {},
): Promise<'code' | 'recovery'> {
  // A locked account proves nothing (issue 33 §6): its codes are not looked at, so a right one
  // neither signs in nor spends anything, and a wrong one counts nothing more.
  const user = await findUserById(ctx.db, userId);
  if (!user || user.isLocked) throw new AppError('ACCOUNT_LOCKED', `user ${userId} is locked or gone`);
  const factor = await findSecondFactor(ctx.db, userId);
  const isUsable = factor && (options.isEnrolling ? factor.enrolledAt === null : factor.enrolledAt !== null);
  if (!factor || !isUsable) {
    throw new AppError(
      'BUSINESS_RULE',
      `user ${userId} has no ${options.isEnrolling ? 'pending' : ''} factor`,
    );
  }
  if (proof.recoveryCode !== undefined && !options.isEnrolling) {
    const isSpent = await consumeRecoveryCode(
      ctx.db,
      userId,
      hashRecoveryCode(keyOf(ctx), proof.recoveryCode),
      ctx.now(),
    );
    if (!isSpent) return refuseCode(ctx, userId, 'unknown or used recovery code');
    return 'recovery';
  }
  const secret = decryptTotpSecret(keyOf(ctx), factor.secretCiphertext);
  const step = acceptedTotpStep(secret, proof.code ?? '', ctx.now(), factor.lastUsedStep);
  if (step === null || !(await claimTotpStep(ctx.db, userId, step))) {
    return refuseCode(ctx, userId, 'wrong, expired or used code');
  }
  return 'code';
}

/**
 * The end of a successful sign-in: failures forgotten, the time kept — unless the account was
 * locked meanwhile (issue 33 §6: only a finished sign-in or an unlock resets the count), which
 * refuses the sign-in.
 */
export async function recordSuccessfulLogin(ctx: IdentityContext, userId: string): Promise<void> {
  if (!(await recordLoginUnlessLocked(ctx.db, userId, ctx.now()))) {
    throw new AppError('ACCOUNT_LOCKED', `user ${userId} is locked`);
  }
}

/**
 * Starts an enrolment: a new secret (replacing a pending one; an enrolled factor must be disabled or
 * reset first), returned once as a QR code and as text for manual entry.
 */
export async function startEnrolment(
  ctx: IdentityContext,
  user: { id: string; email: string },
): Promise<Omit<SecondFactorEnrolmentResponse, 'success'>> {
  if (await hasSecondFactor(ctx, user.id)) {
    throw new AppError('BUSINESS_RULE', `user ${user.id} is enrolled already`);
  }
  const secret = newTotpSecret();
  await upsertSecondFactor(ctx.db, {
    userId: user.id,
    secretCiphertext: encryptTotpSecret(keyOf(ctx), secret),
    enrolledAt: null,
  });
  const otpauthUrl = totpOf(secret, user.email).toString();
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
}

async function issueRecoveryCodes(ctx: IdentityContext, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
  const key = keyOf(ctx);
  await replaceRecoveryCodes(
    ctx.db,
    userId,
    codes.map((code) => hashRecoveryCode(key, code)),
  );
  return codes;
}

/** Confirms a pending enrolment with its first code; returns the ten recovery codes (shown once). */
export async function confirmEnrolment(
  ctx: IdentityContext,
  userId: string,
  code: string,
  actor: Pick<Actor, 'requestId'> = {},
): Promise<string[]> {
  await verifySecondFactor(ctx, userId, { code }, { isEnrolling: true });
  await markSecondFactorEnrolled(ctx.db, userId, ctx.now());
  const codes = await issueRecoveryCodes(ctx, userId);
  await writeAudit(ctx.db, {
    actorUserId: userId,
    action: 'user.second_factor_enrol',
    entity: 'user',
    entityId: userId,
    after: { isEnrolled: true },
    requestId: actor.requestId ?? null,
  });
  return codes;
}

/** New recovery codes (the old ones stop working), for a current code of the app. */
export async function regenerateRecoveryCodes(
  ctx: IdentityContext,
  actor: Pick<Actor, 'userId' | 'requestId'>,
  code: string,
): Promise<string[]> {
  await verifySecondFactor(ctx, actor.userId, { code });
  const codes = await issueRecoveryCodes(ctx, actor.userId);
  await writeAudit(ctx.db, {
    actorUserId: actor.userId,
    action: 'user.second_factor_recovery_codes',
    entity: 'user',
    entityId: actor.userId,
    requestId: actor.requestId ?? null,
  });
  return codes;
}

/** Turns the second factor off (only where it is not required), for a current code. */
export async function disableSecondFactor(
  ctx: IdentityContext,
  actor: Pick<Actor, 'userId' | 'requestId'>,
  code: string,
): Promise<void> {
  const user = await ctx.loadUser(actor.userId);
  if (!user) throw new AppError('NOT_FOUND', `no user ${actor.userId}`);
  if (await isSecondFactorRequired(ctx, user)) {
    throw new AppError('BUSINESS_RULE', `user ${actor.userId} must keep two factors`);
  }
  await verifySecondFactor(ctx, actor.userId, { code });
  await ctx.db.transaction(async (tx) => {
    await deleteSecondFactor(tx, actor.userId);
    await revokeTrustedDevices(tx, actor.userId, ctx.now());
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'user.second_factor_disable',
      entity: 'user',
      entityId: actor.userId,
      before: { isEnrolled: true },
      after: { isEnrolled: false },
      requestId: actor.requestId ?? null,
    });
  });
}

/**
 * Provider staff reset a user's second factor with a reason (audited): the factor, its recovery
 * codes and remembered devices are gone, every session ends, and the user is told by email. Where
 * two factors are required the user enrols again at the next sign-in.
 */
export async function resetSecondFactor(
  ctx: IdentityContext,
  userId: string,
  reason: string,
  actor: Actor & { companyId?: string | null },
): Promise<void> {
  const user = await ctx.loadUser(userId);
  if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
  assertStaffRule(actor, user);
  await ctx.db.transaction(async (tx) => {
    const hadFactor = await deleteSecondFactor(tx, userId);
    const devices = await revokeTrustedDevices(tx, userId, ctx.now());
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId ?? null,
      action: 'user.second_factor_reset',
      entity: 'user',
      entityId: userId,
      before: { isEnrolled: hadFactor },
      after: { isEnrolled: false, revokedDevices: devices, reason },
      requestId: actor.requestId ?? null,
    });
  });
  await ctx.revokeUserTokens(userId);
  ctx.inBackground(() => ctx.sendNoticeEmail(user, 'secondFactorReset'));
}

/** The account's security page: enrolment, whether required, recovery codes left, devices. */
export async function secondFactorStatus(
  ctx: IdentityContext,
  userId: string,
  currentDeviceToken?: string,
): Promise<Omit<SecondFactorStatusResponse, 'success' | 'stepUpMinutes'>> {
  const user = await ctx.loadUser(userId);
  if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
  const factor = await findSecondFactor(ctx.db, userId);
  const currentHash = currentDeviceToken ? hashDeviceToken(currentDeviceToken) : null;
  const devices = await listTrustedDevices(ctx.db, userId, ctx.now());
  return {
    isEnrolled: Boolean(factor?.enrolledAt),
    isRequired: await isSecondFactorRequired(ctx, user),
    enrolledAt: factor?.enrolledAt?.toISOString() ?? null,
    recoveryCodesLeft: factor?.enrolledAt ? await countUnusedRecoveryCodes(ctx.db, userId) : 0,
    devices: devices.map((device) => ({
      deviceId: device.id,
      userAgent: device.userAgent,
      createdAt: device.createdAt.toISOString(),
      lastUsedAt: device.lastUsedAt?.toISOString() ?? null,
      expiresAt: device.expiresAt.toISOString(),
      isCurrent: device.tokenHash === currentHash,
    })),
  };
}

/** Remembers the browser for 30 days: returns the token for its signed cookie. */
export async function trustDevice(ctx: IdentityContext, userId: string, userAgent: string): Promise<string> {
  const token = newDeviceToken();
  const at = ctx.now();
  await insertTrustedDevice(ctx.db, {
    userId,
    tokenHash: hashDeviceToken(token),
    userAgent: userAgent.slice(0, 300),
    createdAt: at,
    expiresAt: new Date(at.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS),
  });
  return token;
}

/** Whether the browser's device token is a live remembered device of the user (its use recorded). */
export async function isTrustedDevice(
  ctx: IdentityContext,
  userId: string,
  token: string | undefined,
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return Boolean(await useTrustedDevice(ctx.db, userId, hashDeviceToken(token), ctx.now()));
}

/** Forgets one remembered device (`deviceId`) or all of the user's, audited. */
export async function revokeDevices(
  ctx: IdentityContext,
  actor: Pick<Actor, 'userId' | 'requestId'>,
  deviceId?: string,
): Promise<number> {
  const revoked = await revokeTrustedDevices(ctx.db, actor.userId, ctx.now(), deviceId);
  if (deviceId && revoked === 0) throw new AppError('NOT_FOUND', `no device ${deviceId}`);
  await writeAudit(ctx.db, {
    actorUserId: actor.userId,
    action: 'user.trusted_devices_revoke',
    entity: 'user',
    entityId: actor.userId,
    after: { revoked, deviceId: deviceId ?? null },
    requestId: actor.requestId ?? null,
  });
  return revoked;
}
