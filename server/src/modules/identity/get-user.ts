import type { User } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { IdentityContext } from './identity-context';
import { toUser } from './user-views';

/** One user (provider staff, or the user themself), or NOT_FOUND. */
export async function getUser(ctx: IdentityContext, userId: string): Promise<User> {
  const user = await ctx.loadUser(userId);
  if (!user) throw new AppError('NOT_FOUND', `no user ${userId}`);
  return toUser(user, user.companyIds);
}
