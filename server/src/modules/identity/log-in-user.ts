import { type SecondFactorConfirmRequest, type SecondFactorSignInRequest } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { assertMaySignIn, authenticateUser } from './authenticate-user';
import type { IdentityContext, RawHttp } from './identity-context';
import { findUserById, findUserWithCompanies } from './repository';
import {
  AMR_WITH_CODE,
  AMR_WITH_DEVICE,
  confirmEnrolment,
  hasSecondFactor,
  isSecondFactorRequired,
  isTrustedDevice,
  recordSuccessfulLogin,
  startEnrolment,
  trustDevice,
  verifySecondFactor,
} from './second-factor';

/** What the browser brings to a sign-in step besides its body: its remembered-device token. */
export type DeviceContext = { deviceToken?: string | undefined; userAgent: string };

/** A sign-in step's answer: where to continue, or that the second factor comes next. */
export type LoginStep =
  { redirectTo: string; deviceToken?: string } | { next: 'secondFactor'; enrolled: boolean };

/** Kept in the interaction between the password and the second factor (ADR 031). */
type PendingSecondFactor = { accountId: string; isEnrolled: boolean };
const PENDING_KEY = 'tesseraSecondFactor';

async function finish(ctx: IdentityContext, raw: RawHttp, accountId: string, amr: string[]): Promise<string> {
  return ctx.provider.interactionResult(
    raw.req,
    raw.res,
    { login: { accountId, amr } },
    { mergeWithLastSubmission: false },
  );
}

/**
 * The sign-in interaction's login (`/user/login?uid=…` posts here): checks the credentials and
 * hands the account to the provider, which continues the authorisation at `redirectTo`. A user who
 * has a second factor, or must have one (issue 21), continues with it instead — unless the browser
 * is a remembered device of theirs; the interaction keeps who passed the password meanwhile.
 */
export async function logInUser(
  ctx: IdentityContext,
  raw: RawHttp,
  uid: string,
  credentials: { email: string; password: string },
  device: DeviceContext = { userAgent: '' },
): Promise<LoginStep> {
  await ctx.interactionOf(raw, uid);
  let step: { isEnrolled: boolean; isRequired: boolean } = { isEnrolled: false, isRequired: false };
  let isRememberedDevice = false;
  const user = await authenticateUser(ctx, credentials.email, credentials.password, {
    async isSecondStepNext(row) {
      const withCompanies = await findUserWithCompanies(ctx.db, row.id);
      step = {
        isEnrolled: await hasSecondFactor(ctx, row.id),
        isRequired: withCompanies ? await isSecondFactorRequired(ctx, withCompanies) : false,
      };
      if (!step.isEnrolled && !step.isRequired) return false;
      if (step.isEnrolled && (await isTrustedDevice(ctx, row.id, device.deviceToken))) {
        step = { isEnrolled: false, isRequired: false };
        isRememberedDevice = true;
        return false;
      }
      return true;
    },
  });
  if (step.isEnrolled || step.isRequired) {
    const pending: PendingSecondFactor = { accountId: user.id, isEnrolled: step.isEnrolled };
    // Saved in the interaction (its result, without `login`): resuming with it signs nobody in.
    await ctx.provider.interactionResult(
      raw.req,
      raw.res,
      { [PENDING_KEY]: pending },
      { mergeWithLastSubmission: false },
    );
    return { next: 'secondFactor', enrolled: step.isEnrolled };
  }
  return { redirectTo: await finish(ctx, raw, user.id, isRememberedDevice ? AMR_WITH_DEVICE : ['pwd']) };
}

/**
 * The account that passed the password in this interaction (bound to its uid and cookie), if it may
 * still sign in: a lock (after failed codes, or by staff), a cancelled password or a lost
 * confirmation since the password step refuses every later step (issue 33 §6).
 */
async function pendingOf(ctx: IdentityContext, raw: RawHttp, uid: string): Promise<PendingSecondFactor> {
  const details = await ctx.interactionOf(raw, uid);
  const pending = (details as unknown as { result?: Record<string, unknown> }).result?.[PENDING_KEY] as
    PendingSecondFactor | undefined;
  if (!pending?.accountId) throw new AppError('INTERACTION_EXPIRED', 'no password step in this interaction');
  const user = await findUserById(ctx.db, pending.accountId);
  if (!user) throw new AppError('INTERACTION_EXPIRED', 'the user is gone');
  assertMaySignIn(user);
  return pending;
}

/**
 * The second step of a sign-in: a code of the authenticator app or a recovery code; finishes with
 * `amr` [pwd, otp, mfa] and, when asked, remembers the browser for 30 days.
 */
export async function logInSecondFactor(
  ctx: IdentityContext,
  raw: RawHttp,
  uid: string,
  body: SecondFactorSignInRequest,
  device: DeviceContext,
): Promise<{ redirectTo: string; deviceToken?: string }> {
  const pending = await pendingOf(ctx, raw, uid);
  await verifySecondFactor(ctx, pending.accountId, body);
  await recordSuccessfulLogin(ctx, pending.accountId);
  const deviceToken = body.rememberDevice
    ? await trustDevice(ctx, pending.accountId, device.userAgent)
    : undefined;
  const redirectTo = await finish(ctx, raw, pending.accountId, AMR_WITH_CODE);
  return { redirectTo, ...(deviceToken ? { deviceToken } : {}) };
}

/** A user who must use two factors and has none enrols during the sign-in: the secret to scan. */
export async function startSignInEnrolment(ctx: IdentityContext, raw: RawHttp, uid: string) {
  const pending = await pendingOf(ctx, raw, uid);
  const user = await ctx.loadUser(pending.accountId);
  if (!user) throw new AppError('INTERACTION_EXPIRED', 'the user is gone');
  return startEnrolment(ctx, user);
}

/**
 * Confirms the sign-in's enrolment with its first code: the ten recovery codes (shown once) and the
 * address where the sign-in continues once the user has kept them.
 */
export async function confirmSignInEnrolment(
  ctx: IdentityContext,
  raw: RawHttp,
  uid: string,
  body: SecondFactorConfirmRequest,
  device: DeviceContext,
): Promise<{ recoveryCodes: string[]; redirectTo: string; deviceToken?: string }> {
  const pending = await pendingOf(ctx, raw, uid);
  const recoveryCodes = await confirmEnrolment(ctx, pending.accountId, body.code);
  await recordSuccessfulLogin(ctx, pending.accountId);
  const deviceToken = body.rememberDevice
    ? await trustDevice(ctx, pending.accountId, device.userAgent)
    : undefined;
  const redirectTo = await finish(ctx, raw, pending.accountId, AMR_WITH_CODE);
  return { recoveryCodes, redirectTo, ...(deviceToken ? { deviceToken } : {}) };
}
