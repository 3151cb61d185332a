import {
  foldForSearch,
  type SearchUsersRequest,
  type SearchUsersResponse,
  type UserStatus,
} from '@tessera/domain';
import type { IdentityContext } from './identity-context';
import { companyIdsOfUsers, searchUsers } from './repository';
import { toUser } from './user-views';

/** What the back office adds to a search (ADR 023): companies or merchant users, and a status. */
export type StaffSearchFilter = {
  within?: { companyIds: string[]; orUserIds: string[] } | undefined;
  status?: UserStatus | undefined;
};

/** Users by name or email, role and company, paginated (provider staff). */
export async function findUsers(
  ctx: IdentityContext,
  request: SearchUsersRequest,
  extra: StaffSearchFilter = {},
): Promise<SearchUsersResponse> {
  const { rows, total } = await searchUsers(
    ctx.db,
    {
      folded: foldForSearch(request.query),
      roleId: request.userRoleId,
      companyId: request.companyId,
      within: extra.within,
      status: extra.status,
    },
    { offset: (request.page - 1) * request.pageSize, limit: request.pageSize },
  );
  const companies = await companyIdsOfUsers(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    success: true,
    users: rows.map((row) => toUser(row, companies.get(row.id) ?? [])),
    total,
    page: request.page,
    pageSize: request.pageSize,
  };
}
