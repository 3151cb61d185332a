import { roleMay } from '@tessera/domain';
import { useSession } from '../../../lib/session';

/**
 * Whether the user may create, change, pause and delete rules and set the reminder (`recurring.manage`:
 * the order manager and provider staff). The others read; the server refuses them on its own, the
 * pages only hide what would fail.
 */
export function useCanManageRules(): boolean {
  const roleId = useSession().data?.user.userRoleId;
  return roleId !== undefined && roleMay(roleId, 'recurring.manage');
}
