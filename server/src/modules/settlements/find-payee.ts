import type { Executor } from '../../platform/db';
import type { SettlementsContext } from './settlements-context';

/** A payout's creditor: the merchant's ledger account and the name its bank knows it by. */
export async function findPayee(
  ctx: SettlementsContext,
  db: Executor,
  merchantId: string,
): Promise<{ accountId: string; name: string } | undefined> {
  const payee = await ctx.merchants.payeeOf(db, merchantId);
  return payee && { accountId: payee.ledgerAccountId, name: payee.legalName || merchantId };
}
