import { foldForSearch, type SearchUsersRequest, type SearchUsersResponse } from '@tessera/domain';
import type { IdentityContext } from './identity-context';
import { companyIdsOfUsers, searchUsers } from './repository';
import { toUser } from './user-views';

/** Users by name or email, role and company, paginated (provider staff). */
export async function findUsers(
  ctx: IdentityContext,
  request: SearchUsersRequest,
): Promise<SearchUsersResponse> {
  const { rows, total } = await searchUsers(
    ctx.db,
    { folded: foldForSearch(request.query), roleId: request.userRoleId, companyId: request.companyId },
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
