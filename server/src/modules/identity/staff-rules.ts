import { isProviderRole, ROLE, type RoleId } from '@tessera/domain';
import { AppError } from '../../platform/errors';

/**
 * The rule of the provider's own people (issue 18 §2, ADR 023): only an admin changes an admin's
 * account (details, role, lock, password, sessions) or gives provider rights (roles 1 and 2);
 * customer care answering the phone cannot promote anyone, themself included, to staff.
 */
export function assertStaffRule(
  actor: { roleId: RoleId },
  target: { roleId: number } | null,
  newRoleId?: RoleId,
): void {
  if (actor.roleId === ROLE.ADMIN) return;
  if (target?.roleId === ROLE.ADMIN) {
    throw new AppError('ADMIN_ONLY', 'only admins change an admin');
  }
  if (newRoleId !== undefined && isProviderRole(newRoleId) && newRoleId !== target?.roleId) {
    throw new AppError('ADMIN_ONLY', `only admins give role ${newRoleId}`, {
      fields: [{ field: 'userRoleId', key: 'invalidChoice' }],
    });
  }
}
