import type { User } from '@tessera/domain';
import type { IdentityContext } from './identity-context';
import { findUsers } from './search-users';

/** Every user related to a company (the company's people, /account/order-managers). */
export async function listCompanyUsers(ctx: IdentityContext, companyId: string): Promise<User[]> {
  const found = await findUsers(ctx, { query: '', companyId, page: 1, pageSize: 100 });
  return found.users;
}
