import { isProviderRole, ROLE } from '@tessera/domain';
import { useSession } from './session';
import { useActingCompanyId } from './use-acting-company';

/**
 * Who is looking at an account page and for which company. Every company role sees the company's
 * set-up; the order manager and provider staff acting for the company change it (route-access.ts);
 * the people of the company are managed by its order manager alone. The server refuses the others
 * on its own; the pages only hide controls that would fail.
 */
export function useAccount() {
  const session = useSession();
  const user = session.data?.user ?? null;
  const companyId = useActingCompanyId();
  const roleId = user?.userRoleId;
  const isOrderManager = roleId === ROLE.ORDER_MANAGER;
  return {
    user,
    companyId,
    isOrderManager,
    /** Card printing, delivery points' list actions, spend rules. */
    canEditSetup: isOrderManager || (roleId !== undefined && isProviderRole(roleId)),
  };
}
