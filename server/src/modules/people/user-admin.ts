import {
  normalizeGreekPhone,
  ROLE,
  userStatusOf,
  type AdminCreateUser,
  type AdminSearchUsers,
  type AdminSearchUsersResponse,
  type AdminUpdateUser,
  type AdminUser,
  type User,
} from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { CompaniesService } from '../companies';
import type { AdminActor, IdentityService } from '../identity';
import type { MerchantsService } from '../merchants';

/** What the back office's user administration needs of the other modules (ADR 023). */
export type UserAdminDeps = {
  identity: IdentityService;
  companies: Pick<CompaniesService, 'findCompanies' | 'listCompanies'>;
  merchants: Pick<MerchantsService, 'merchantLinksOfUsers' | 'userIdsOfMerchantsMatching' | 'setUserLink'>;
};

/** At most this many companies match a company filter by name (a wider filter is no filter). */
const MAX_COMPANY_MATCHES = 100;

const phoneOf = (phone: string) => (phone ? (normalizeGreekPhone(phone) ?? phone) : '');

/** A merchant user names their merchant and standing; everyone else none. */
function merchantLinkOf(request: Pick<AdminCreateUser, 'userRoleId' | 'merchantId' | 'merchantRole'>) {
  if (request.userRoleId !== ROLE.MERCHANT) {
    if (request.merchantId) {
      throw new AppError('VALIDATION', 'only merchant users have a merchant', {
        fields: [{ field: 'merchantId', key: 'invalidValue' }],
      });
    }
    return null;
  }
  if (!request.merchantId) {
    throw new AppError('VALIDATION', 'a merchant user needs a merchant', {
      fields: [{ field: 'merchantId', key: 'required' }],
    });
  }
  return { merchantId: request.merchantId, role: request.merchantRole ?? 'viewer' };
}

/**
 * The users of every company and merchant as provider staff administer them (issue 18 §2, SPEC §7
 * `userList`, `registerProfile`, `updateManager` and the identity user actions). The identity module
 * owns the users and their rules (customer care never an admin, ADMIN_ONLY); this adds the company
 * names and the merchant each works for, and links merchant users in the same transaction.
 */
export function createUserAdmin(deps: UserAdminDeps) {
  async function withPlaces(users: User[]): Promise<AdminUser[]> {
    const companyIds = [...new Set(users.flatMap((user) => user.relatedCompanies.map((c) => c.companyId)))];
    const [companies, merchants] = await Promise.all([
      companyIds.length > 0 ? deps.companies.listCompanies(companyIds) : Promise.resolve([]),
      deps.merchants.merchantLinksOfUsers(users.map((user) => user.userId)),
    ]);
    const names = new Map(companies.map((company) => [company.companyId, company.name]));
    return users.map((user) => ({
      ...user,
      status: userStatusOf(user),
      companies: user.relatedCompanies.map(({ companyId }) => ({
        companyId,
        name: names.get(companyId) ?? companyId,
      })),
      merchant: merchants.get(user.userId) ?? null,
    }));
  }

  async function getUser(userId: string): Promise<AdminUser> {
    const [user] = await withPlaces([await deps.identity.getUser(userId)]);
    return user!;
  }

  return {
    getUser,

    /**
     * Users by name or email, company or merchant (its id or words of its name), role and status,
     * paginated (`userList` across every company).
     */
    async searchUsers(request: AdminSearchUsers): Promise<AdminSearchUsersResponse> {
      let within: { companyIds: string[]; orUserIds: string[] } | undefined;
      if (request.company) {
        const [companies, merchantUserIds] = await Promise.all([
          deps.companies.findCompanies({ query: request.company, page: 1, pageSize: MAX_COMPANY_MATCHES }),
          deps.merchants.userIdsOfMerchantsMatching(request.company),
        ]);
        within = {
          companyIds: companies.companies.map((company) => company.companyId),
          orUserIds: merchantUserIds,
        };
      }
      const found = await deps.identity.findUsers(
        {
          query: request.query,
          userRoleId: request.userRoleId,
          page: request.page,
          pageSize: request.pageSize,
        },
        { within, status: request.status },
      );
      return { ...found, users: await withPlaces(found.users) };
    },

    /**
     * Creates a user of a company (roles 3–5, with its companies), of a merchant (1001, with the
     * merchant and standing) or of the provider (1–2, admins only); the confirmation mail goes out
     * in the user's language (`registerProfile` of the back office).
     */
    async createUser(request: AdminCreateUser, actor: AdminActor): Promise<AdminUser> {
      const link = merchantLinkOf(request);
      const user = await deps.identity.createUser(
        {
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          phone: phoneOf(request.phone),
          jobTitle: '',
          userRoleId: request.userRoleId,
          companyIds: request.companyIds,
          preferredLanguage: request.preferredLanguage,
        },
        actor,
        link ? (tx: Executor, userId: string) => deps.merchants.setUserLink(tx, userId, link) : undefined,
      );
      return getUser(user.userId);
    },

    /** Changes a user's details, role, companies and merchant (`updateManager` of the back office). */
    async updateUser(userId: string, request: AdminUpdateUser, actor: AdminActor): Promise<AdminUser> {
      const link = merchantLinkOf(request);
      await deps.identity.updateUserAccess(
        userId,
        {
          firstName: request.firstName,
          lastName: request.lastName,
          phone: phoneOf(request.phone),
          preferredLanguage: request.preferredLanguage,
          roleId: request.userRoleId,
          companyIds: request.companyIds,
        },
        actor,
        (tx, id) => deps.merchants.setUserLink(tx, id, link),
      );
      return getUser(userId);
    },

    async setLocked(userId: string, isLocked: boolean, actor: AdminActor): Promise<AdminUser> {
      await deps.identity.setLocked(userId, isLocked, actor);
      return getUser(userId);
    },

    async resendConfirmation(userId: string, actor: AdminActor): Promise<AdminUser> {
      await deps.identity.resendConfirmation(userId, actor);
      return getUser(userId);
    },

    async forcePasswordReset(userId: string, actor: AdminActor): Promise<AdminUser> {
      await deps.identity.forcePasswordReset(userId, actor);
      return getUser(userId);
    },

    /** Ends every session of a user, with provider staff's typed reason (audited; ADR 033). */
    endSessions: (userId: string, actor: AdminActor, reason: string): Promise<number> =>
      deps.identity.endUserSessions(userId, actor, reason),
  };
}
