import {
  COMPANY_ROLES,
  isProviderRole,
  normalizeGreekPhone,
  type Agent,
  type CompanyUser,
  type RegisterProfile,
  type UpdateManager,
  type User,
  type UserByTokenResponse,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { ServiceActor } from '../../platform/policy';
import type { IdentityService } from '../identity';
import type { CompaniesService } from '../companies';
import type { MerchantsService } from '../merchants';
import { createCompanyUsers } from './company-users';
import { findAgents } from './repository';
import { createUserAdmin } from './user-admin';

export type PeopleService = ReturnType<typeof createPeopleService>;

function toCompanyUser(user: User): CompanyUser {
  return {
    userId: user.userId,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    jobTitle: user.jobTitle,
    userRoleId: user.userRoleId,
    isConfirmed: user.isConfirmed,
    isLocked: user.isLocked,
  };
}

/**
 * The company's people (SPEC §7 accounts service; ADR 007): the signed-in user, the company's
 * managers (order managers, finance users, payment managers) and the provider's agents. The users
 * themselves live in the identity module; this one decides who may change whom. Routes resolve the
 * company and the role before calling; identity audits every change with the company acted for.
 */
export function createPeopleService(deps: {
  /** The database of the agents table. */
  db: Db;
  /** The user store: reads users, changes and invites them (audited there). */
  identity: IdentityService;
  /** Company names and the company filter of the back office's user search (ADR 023). */
  companies: CompaniesService;
  /** The merchant each merchant user works for (ADR 023). */
  merchants: MerchantsService;
}) {
  return {
    /** Provider staff: the users of every company and merchant (issue 18 §2, ADR 023). */
    admin: createUserAdmin(deps),
    /** A company's order manager: the company's own users (/account/users, ADR 023). */
    companyUsers: createCompanyUsers(deps),

    /** The signed-in user as the accounts service knows them (`retrieveUserByToken`). */
    async getSignedInUser(userId: string): Promise<Omit<UserByTokenResponse, 'success'>> {
      const user = await deps.identity.getUser(userId);
      return {
        userId: user.userId,
        userRoleId: user.userRoleId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone,
        jobTitle: user.jobTitle,
        preferredLanguage: user.preferredLanguage,
        relatedCompanies: user.relatedCompanies,
      };
    },

    /** The company's users of roles 3–5, by role and then by last name (Greek order). */
    async userList(companyId: string): Promise<CompanyUser[]> {
      const users = await deps.identity.companyUsers(companyId);
      return users
        .filter((user) => COMPANY_ROLES.includes(user.userRoleId))
        .sort((a, b) => a.userRoleId - b.userRoleId || a.lastName.localeCompare(b.lastName, 'el'))
        .map(toCompanyUser);
    },

    /** The provider's people assigned to the company (account manager, customer care). */
    async agents(companyId: string): Promise<Agent[]> {
      const rows = await findAgents(deps.db, companyId);
      const users = await deps.identity.usersByIds(rows.map((row) => row.userId));
      return rows.flatMap((row) => {
        const user = users.find((candidate) => candidate.userId === row.userId);
        return user
          ? [
              {
                userId: user.userId,
                firstName: user.firstName,
                lastName: user.lastName,
                email: user.email,
                phone: user.phone,
                kind: row.kind,
              },
            ]
          : [];
      });
    },

    /**
     * Changes a colleague's details and role: a manager of the company (else NOT_FOUND), never one's
     * own role, never a person who also works for a company the acting manager does not manage.
     */
    async updateManager(request: UpdateManager, actor: ServiceActor): Promise<CompanyUser> {
      const colleagues = await deps.identity.companyUsers(actor.companyId);
      const target = colleagues.find((user) => user.userId === request.userId);
      if (!target || !COMPANY_ROLES.includes(target.userRoleId)) {
        throw new AppError('NOT_FOUND', `user ${request.userId} is not a manager of ${actor.companyId}`);
      }
      if (target.userId === actor.userId && target.userRoleId !== request.userRoleId) {
        throw new AppError('BUSINESS_RULE', 'users cannot change their own role');
      }
      // A user has one role across their companies (ADR 012): a company's manager may change it, and
      // the person's details, only when every company of that user is one the manager works for
      // too; otherwise the change would reach into a company they do not manage (issue 12 §2).
      const outside = target.relatedCompanies
        .map((company) => company.companyId)
        .filter((companyId) => !actor.relatedCompanyIds.includes(companyId));
      if (!isProviderRole(actor.roleId) && outside.length > 0) {
        throw new AppError('BUSINESS_RULE', `user ${target.userId} also works for ${outside.join(', ')}`, {
          fields: [{ field: 'userId', key: 'userOfOtherCompanies' }],
        });
      }
      const user = await deps.identity.updateProfile(
        request.userId,
        {
          firstName: request.firstName,
          lastName: request.lastName,
          phone: request.phone ? (normalizeGreekPhone(request.phone) ?? request.phone) : '',
          jobTitle: request.jobTitle,
          userRoleId: request.userRoleId,
        },
        actor,
      );
      return toCompanyUser(user);
    },

    /** Invites a colleague to the company: an unconfirmed user who sets a password from the email. */
    async registerProfile(request: RegisterProfile, actor: ServiceActor): Promise<CompanyUser> {
      const user = await deps.identity.createUser(
        {
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          phone: request.phone ? (normalizeGreekPhone(request.phone) ?? request.phone) : '',
          jobTitle: request.jobTitle,
          userRoleId: request.userRoleId,
          companyIds: [actor.companyId],
          preferredLanguage: request.preferredLanguage,
        },
        actor,
      );
      return toCompanyUser(user);
    },
  };
}
