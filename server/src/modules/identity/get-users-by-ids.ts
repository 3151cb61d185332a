import type { User } from '@tessera/domain';
import type { IdentityContext } from './identity-context';
import { toUser } from './user-views';

/** Several users by id (the provider's agents of a company); unknown ids are left out. */
export async function getUsersByIds(ctx: IdentityContext, userIds: string[]): Promise<User[]> {
  const users: User[] = [];
  for (const userId of new Set(userIds)) {
    const user = await ctx.loadUser(userId);
    if (user) users.push(toUser(user, user.companyIds));
  }
  return users;
}
