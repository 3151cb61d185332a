import type { User } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Actor, IdentityContext } from './identity-context';
import { companyIdsOfUser, updateUser } from './repository';
import { assertStaffRule } from './staff-rules';
import { toUser } from './user-views';

/**
 * Locks or unlocks a user (provider staff). Locking revokes every session and token at once;
 * customer care cannot lock or unlock provider admins, and nobody locks themself.
 */
export async function setUserLocked(
  ctx: IdentityContext,
  userId: string,
  isLocked: boolean,
  actor: Actor & { companyId?: string | null },
): Promise<User> {
  const user = await ctx.loadUser(userId);
  if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
  if (user.id === actor.userId) throw new AppError('BUSINESS_RULE', 'cannot lock or unlock oneself');
  assertStaffRule(actor, user);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateUser(
      tx,
      userId,
      isLocked
        ? { isLocked: true, lockReason: 'staff' }
        : { isLocked: false, lockReason: null, failedAttempts: 0 },
    );
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: actor.companyId ?? null,
      action: isLocked ? 'user.lock' : 'user.unlock',
      entity: 'user',
      entityId: userId,
      before: { isLocked: user.isLocked },
      after: { isLocked },
      requestId: actor.requestId ?? null,
    });
    return row!;
  });
  if (isLocked) await ctx.revokeUserTokens(userId);
  return toUser(updated, await companyIdsOfUser(ctx.db, userId));
}
