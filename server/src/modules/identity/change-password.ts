import type { ChangePasswordRequest } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { SessionPrincipal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import type { IdentityContext } from './identity-context';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import { findUserById, updateUser } from './repository';

/**
 * Changes the signed-in user's password. The current session stays; every other session and
 * all of the user's provider tokens are revoked.
 */
export async function changePassword(
  ctx: IdentityContext,
  session: Pick<SessionPrincipal, 'userId' | 'sessionIdHash'>,
  request: ChangePasswordRequest,
  requestId?: string,
): Promise<void> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'user removed');
  if (!(await verifyPassword(user.passwordHash, request.currentPassword))) {
    throw new AppError('WRONG_CURRENT_PASSWORD', 'current password does not match', {
      fields: [{ field: 'currentPassword', key: 'invalidValue' }],
    });
  }
  await assertStrongPassword(request.newPassword, 'newPassword', user.email);
  const passwordHash = await hashPassword(request.newPassword);
  await ctx.db.transaction(async (tx) => {
    // The failure count stays (issue 33 §6): only a finished sign-in or an unlock resets it, and
    // failures since this session's sign-in were someone else's.
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: ctx.now() });
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'user.password_change',
      entity: 'user',
      entityId: user.id,
      requestId: requestId ?? null,
    });
  });
  await ctx.revokeUserTokens(user.id, { keepSessionIdHash: session.sessionIdHash });
}
