import {
  isPayableIban,
  type MerchantLedgerBalance,
  type PayoutDeskResponse,
  type PayoutFilesQuery,
  type PayoutView,
} from '@tessera/domain';
import { findPayoutFiles, findPayoutsOfFiles, findScheduledPayouts, type PayoutWithDay } from './repository';
import { payoutView } from './settlement-view';
import type { SettlementsContext } from './settlements-context';

/** A payout as the desks show it: with its merchant's name and, when it waits, why. */
export function deskPayoutView(row: PayoutWithDay, names: ReadonlyMap<string, string>): PayoutView {
  return {
    ...payoutView(row),
    merchantName: names.get(row.merchantId) ?? row.merchantId,
    waitingReason: row.state === 'scheduled' && !isPayableIban(row.iban) ? 'invalidIban' : null,
    returnedAt: row.returnedAt?.toISOString() ?? null,
    returnReason: row.returnReason ?? null,
    replacesPayoutId: row.replacesPayoutId ?? null,
  };
}

/** Every merchant's trade name by id (a handful of merchants; the desk names them). */
export async function merchantNames(ctx: SettlementsContext): Promise<Map<string, string>> {
  return new Map((await ctx.merchants.list()).map((merchant) => [merchant.merchantId, merchant.tradeName]));
}

/** Each merchant's ledger balance: what the provider owes it now, as the ledger says. */
export async function merchantLedgerBalances(
  ctx: SettlementsContext,
  names: ReadonlyMap<string, string>,
): Promise<MerchantLedgerBalance[]> {
  const accounts = new Map<string, string>();
  for (const merchantId of names.keys()) {
    const payee = await ctx.merchants.payeeOf(ctx.db, merchantId);
    if (payee) accounts.set(merchantId, payee.ledgerAccountId);
  }
  const balances = await ctx.ledger.balances(ctx.db, [...accounts.values()]);
  return [...accounts.entries()].map(([merchantId, accountId]) => ({
    merchantId,
    merchantName: names.get(merchantId) ?? merchantId,
    balanceCents: balances.get(accountId) ?? 0,
  }));
}

/**
 * The payout desk (issue 34 §1): the payout files newest first, each with its group header's
 * control figures (`NbOfTxs`, `CtrlSum`), execution date and payouts; the scheduled payouts not
 * in a file yet (those whose IBAN fails the check say they wait); every merchant's ledger balance.
 */
export async function payoutDesk(
  ctx: SettlementsContext,
  query: PayoutFilesQuery,
): Promise<Omit<PayoutDeskResponse, 'success'>> {
  const names = await merchantNames(ctx);
  const { rows: files, total } = await findPayoutFiles(ctx.db, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  const payouts = await findPayoutsOfFiles(
    ctx.db,
    files.map((file) => file.id),
  );
  const scheduled = await findScheduledPayouts(ctx.db);
  return {
    files: files.map((file) => ({
      fileId: file.id,
      messageId: file.messageId,
      payoutCount: file.payoutCount,
      totalCents: file.totalCents,
      executionDate: file.executionDate,
      createdAt: file.createdAt.toISOString(),
      payouts: payouts
        .filter((payout) => payout.payoutFileId === file.id)
        .map((payout) => deskPayoutView(payout, names)),
    })),
    totalFiles: total,
    page: query.page,
    pageSize: query.pageSize,
    scheduled: scheduled.map((payout) => deskPayoutView(payout, names)),
    balances: await merchantLedgerBalances(ctx, names),
  };
}
