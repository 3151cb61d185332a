import {
  COMPANY_ROLES,
  isProviderRole,
  userStatusOf,
  type ManagedCompanyUser,
  type User,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { ServiceActor } from '../../platform/policy';
import type { IdentityService } from '../identity';

/**
 * A company's own users as its order manager manages them from `/account/users` (issue 18 §2, the
 * specification's user-permission page; ADR 023). The route resolved the company through a
 * company-scoped action (a foreign one is 403 there); here the user must be one of the company's
 * roles 3–5, and an order manager cannot touch a colleague who also works for a company the
 * manager is not related to (their lock or invitation would reach into that company).
 */
export function createCompanyUsers(deps: { identity: IdentityService }) {
  /** Whether `actor` may change `user`: never oneself; a company role only within its companies. */
  function isManageable(user: User, actor: ServiceActor): boolean {
    if (user.userId === actor.userId || !COMPANY_ROLES.includes(user.userRoleId)) return false;
    if (isProviderRole(actor.roleId)) return true;
    return user.relatedCompanies.every(({ companyId }) => actor.relatedCompanyIds.includes(companyId));
  }

  const view = (user: User, actor: ServiceActor): ManagedCompanyUser => ({
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    jobTitle: user.jobTitle,
    userRoleId: user.userRoleId,
    isConfirmed: user.isConfirmed,
    isLocked: user.isLocked,
    status: userStatusOf(user),
    isManageable: isManageable(user, actor),
  });

  /** The company's user `userId` whom `actor` may change; FORBIDDEN otherwise (ADR 023). */
  async function manageable(userId: string, actor: ServiceActor): Promise<User> {
    const users = await deps.identity.companyUsers(actor.companyId);
    const user = users.find((candidate) => candidate.userId === userId);
    if (!user || !COMPANY_ROLES.includes(user.userRoleId)) {
      throw new AppError('FORBIDDEN', `user ${userId} is not a company user of ${actor.companyId}`);
    }
    if (user.userId === actor.userId) {
      throw new AppError('BUSINESS_RULE', 'users cannot lock or re-invite themselves');
    }
    if (!isManageable(user, actor)) {
      throw new AppError(
        'FORBIDDEN',
        `user ${userId} also works for a company ${actor.userId} is not related to`,
      );
    }
    return user;
  }

  return {
    /** The company's users of roles 3–5 with their state, by role then last name (Greek order). */
    async list(actor: ServiceActor): Promise<ManagedCompanyUser[]> {
      const users = await deps.identity.companyUsers(actor.companyId);
      return users
        .filter((user) => COMPANY_ROLES.includes(user.userRoleId))
        .sort((a, b) => a.userRoleId - b.userRoleId || a.lastName.localeCompare(b.lastName, 'el'))
        .map((user) => view(user, actor));
    },

    async setLocked(userId: string, isLocked: boolean, actor: ServiceActor): Promise<ManagedCompanyUser> {
      await manageable(userId, actor);
      return view(await deps.identity.setLocked(userId, isLocked, actor), actor);
    },

    async resendConfirmation(userId: string, actor: ServiceActor): Promise<ManagedCompanyUser> {
      await manageable(userId, actor);
      return view(await deps.identity.resendConfirmation(userId, actor), actor);
    },
  };
}
