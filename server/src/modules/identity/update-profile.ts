import type { RoleId, User } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Actor, IdentityContext } from './identity-context';
import { updateUser } from './repository';
import { toUser, userSearchText } from './user-views';

/**
 * Changes a user's contact details and, between company roles, their role (updateManager), in
 * the caller's transaction so the audit entry commits with it.
 */
export async function updateProfile(
  ctx: IdentityContext,
  userId: string,
  patch: { firstName: string; lastName: string; phone: string; jobTitle: string; userRoleId?: RoleId },
  actor: Actor & { companyId?: string },
): Promise<User> {
  const before = await ctx.loadUser(userId);
  if (!before) throw new AppError('NOT_FOUND', `no user ${userId}`);
  const updated = await ctx.db.transaction(async (tx) => {
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
}
