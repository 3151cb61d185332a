import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { IdentityContext } from './identity-context';
import { verifyPassword } from './passwords';
import { findUserByEmail, recordFailedLogin, recordLoginUnlessLocked, type UserRow } from './repository';

/**
 * Whether the account may sign in at all, whatever it proves: not locked (after failures or by
 * staff), with a password, confirmed. Asked at the password step and again at every later step of
 * the same sign-in (issue 33 §6), so a lock between the steps stops it.
 */
export function assertMaySignIn(
  user: Pick<UserRow, 'id' | 'isLocked' | 'isConfirmed' | 'passwordHash'>,
): void {
  if (user.isLocked) throw new AppError('ACCOUNT_LOCKED', `user ${user.id} is locked`);
  if (!user.passwordHash) {
    // A confirmed user without a password had it cancelled by provider staff (ADR 023).
    if (user.isConfirmed) throw new AppError('PASSWORD_RESET_REQUIRED', `user ${user.id} must reset`);
    throw new AppError('ACCOUNT_NOT_CONFIRMED', `user ${user.id} has not set a password`);
  }
  if (!user.isConfirmed) throw new AppError('ACCOUNT_NOT_CONFIRMED', `user ${user.id} is not confirmed`);
}

/**
 * Checks an email and password (the sign-in interaction). Counts failures and locks the account
 * at the configured maximum; unknown emails cost the same time and get the same answer as
 * wrong passwords.
 */
export async function authenticateUser(
  ctx: IdentityContext,
  email: string,
  password: string,
  options: {
    /**
     * A second factor follows: the failure count is kept until it is proven too, or a password
     * alone would reset the lockout between wrong codes (issue 21).
     */
    isSecondStepNext?: (user: UserRow) => Promise<boolean>;
  } = {},
): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) {
    await verifyPassword(null, password);
    throw new AppError('INVALID_CREDENTIALS', 'unknown email');
  }
  if (user.isLocked) throw new AppError('ACCOUNT_LOCKED', `user ${user.id} is locked`);
  if (!user.passwordHash) {
    await verifyPassword(null, password);
    // A confirmed user without a password had it cancelled by provider staff (ADR 023).
    if (user.isConfirmed) throw new AppError('PASSWORD_RESET_REQUIRED', `user ${user.id} must reset`);
    throw new AppError('ACCOUNT_NOT_CONFIRMED', `user ${user.id} has not set a password`);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const after = await recordFailedLogin(ctx.db, user.id, ctx.deps.maxFailedLogins);
    if (after?.isLocked) {
      await writeAudit(ctx.db, {
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
  if (options.isSecondStepNext && (await options.isSecondStepNext(user))) return user;
  if (!(await recordLoginUnlessLocked(ctx.db, user.id, ctx.now()))) {
    throw new AppError('ACCOUNT_LOCKED', `user ${user.id} was locked during the sign-in`);
  }
  return user;
}
