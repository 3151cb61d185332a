import { foldForSearch, ROLE, type Locale, type MerchantUserRole, type User } from '@tessera/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { MerchantChangeActor, MerchantsDeps } from './merchant-context';
import { merchants, merchantUsers } from './schema';

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
    // The link commits with the user (ADR 023): no merchant user without a merchant.
    (tx, userId) => setMerchantUserLink(tx, userId, { merchantId, role: input.role }),
  );
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

// ---------------------------------------------------------------- back office (issue 18 §2, ADR 023)

/** The merchant of each of `userIds` that works for one, with its name and the user's standing. */
export async function merchantLinksOfUsers(
  deps: Pick<MerchantsDeps, 'db'>,
  userIds: string[],
): Promise<Map<string, { merchantId: string; name: string; merchantRole: MerchantUserRole }>> {
  const links = new Map<string, { merchantId: string; name: string; merchantRole: MerchantUserRole }>();
  if (userIds.length === 0) return links;
  const rows = await deps.db
    .select({
      userId: merchantUsers.userId,
      merchantId: merchantUsers.merchantId,
      role: merchantUsers.role,
      name: merchants.tradeName,
    })
    .from(merchantUsers)
    .innerJoin(merchants, eq(merchants.id, merchantUsers.merchantId))
    .where(inArray(merchantUsers.userId, userIds));
  for (const row of rows) {
    links.set(row.userId, { merchantId: row.merchantId, name: row.name, merchantRole: row.role });
  }
  return links;
}

/**
 * The users of the merchants whose id is `text` or whose trade or legal name holds every word of it
 * (accents and case ignored). Merchants are few, so their names are folded here.
 */
export async function userIdsOfMerchantsMatching(
  deps: Pick<MerchantsDeps, 'db'>,
  text: string,
): Promise<string[]> {
  const words = foldForSearch(text).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const all = await deps.db
    .select({ id: merchants.id, tradeName: merchants.tradeName, legalName: merchants.legalName })
    .from(merchants);
  const matching = all
    .filter((merchant) => {
      const folded = foldForSearch(`${merchant.id} ${merchant.tradeName} ${merchant.legalName}`);
      return (
        merchant.id.toLowerCase() === text.trim().toLowerCase() || words.every((w) => folded.includes(w))
      );
    })
    .map((merchant) => merchant.id);
  if (matching.length === 0) return [];
  const rows = await deps.db
    .select({ userId: merchantUsers.userId })
    .from(merchantUsers)
    .where(inArray(merchantUsers.merchantId, matching));
  return rows.map((row) => row.userId);
}

/**
 * Sets the merchant a user works for and their standing there, or none (in the caller's
 * transaction, so the user's change and this commit together). An unknown merchant is a field error.
 */
export async function setMerchantUserLink(
  tx: Executor,
  userId: string,
  link: { merchantId: string; role: MerchantUserRole } | null,
): Promise<void> {
  await tx.delete(merchantUsers).where(eq(merchantUsers.userId, userId));
  if (!link) return;
  const [merchant] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.id, link.merchantId));
  if (!merchant) {
    throw new AppError('VALIDATION', `no merchant ${link.merchantId}`, {
      fields: [{ field: 'merchantId', key: 'invalidChoice' }],
    });
  }
  await tx.insert(merchantUsers).values({ userId, merchantId: link.merchantId, role: link.role });
}
