import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { IdentityContext } from './identity-context';
import { verifyPassword } from './passwords';
import { findUserByEmail, recordFailedLogin, updateUser, type UserRow } from './repository';

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
  await updateUser(ctx.db, user.id, { failedAttempts: 0, lastLoginAt: ctx.now() });
  return user;
}
