import type { IdentityContext } from './identity-context';
import { deleteExpiredOidcPayloads, deleteSpentCodes } from './repository';

/** Removes expired provider rows and spent codes (run periodically). */
export async function purgeExpired(ctx: IdentityContext): Promise<void> {
  await deleteExpiredOidcPayloads(ctx.db);
  await deleteSpentCodes(ctx.db, new Date(ctx.now().getTime() - 7 * 86_400_000));
}
