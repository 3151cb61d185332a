import { ROLE, type Locale, type MerchantUserRole, type User } from '@tessera/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors';
import type { MerchantChangeActor, MerchantsDeps } from './merchant-context';
import { merchantUsers } from './schema';

export type MerchantUser = User & { merchantRole: MerchantUserRole };

function identityOf(deps: MerchantsDeps) {
  if (!deps.identity) throw new AppError('INTERNAL', 'merchant users need the identity service');
  return deps.identity;
}

/** The merchant's users with their standing there. */
export async function listMerchantUsers(deps: MerchantsDeps, merchantId: string): Promise<MerchantUser[]> {
  const links = await deps.db.select().from(merchantUsers).where(eq(merchantUsers.merchantId, merchantId));
  const users = await identityOf(deps).usersByIds(links.map((link) => link.userId));
  const roles = new Map(links.map((link) => [link.userId, link.role]));
  return users
    .map((user) => ({ ...user, merchantRole: roles.get(user.userId)! }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName, 'el'));
}

/**
 * Invites a user to the merchant (its administrator, issue 16): an identity user of role 1001,
 * unconfirmed, whose confirmation mail lets them set a password; linked as administrator or
 * view-only user.
 */
export async function inviteMerchantUser(
  deps: MerchantsDeps,
  actor: MerchantChangeActor,
  merchantId: string,
  input: {
    email: string;
    firstName: string;
    lastName: string;
    role: MerchantUserRole;
    preferredLanguage: Locale;
  },
): Promise<MerchantUser> {
  const identity = identityOf(deps);
  const user = await identity.createUser(
    {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: '',
      jobTitle: '',
      userRoleId: ROLE.MERCHANT,
      companyIds: [],
      preferredLanguage: input.preferredLanguage,
    },
    actor,
  );
  await deps.db.insert(merchantUsers).values({ userId: user.userId, merchantId, role: input.role });
  return { ...user, merchantRole: input.role };
}

/** Locks or unlocks one of the merchant's users (never oneself; another merchant's user is "not found"). */
export async function setMerchantUserLocked(
  deps: MerchantsDeps,
  actor: MerchantChangeActor,
  merchantId: string,
  userId: string,
  isLocked: boolean,
): Promise<MerchantUser> {
  const [link] = await deps.db
    .select()
    .from(merchantUsers)
    .where(and(eq(merchantUsers.userId, userId), eq(merchantUsers.merchantId, merchantId)));
  if (!link) throw new AppError('NOT_FOUND', `no user ${userId} at merchant ${merchantId}`);
  const user = await identityOf(deps).setLocked(userId, isLocked, actor);
  return { ...user, merchantRole: link.role };
}
