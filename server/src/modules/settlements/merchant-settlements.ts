import type { MerchantSettlement, MerchantSettlementsQuery } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import {
  findMerchantSettlement,
  findMerchantSettlements,
  findSettledMonths,
  type SettlementWithPayout,
} from './repository';
import type { SettlementsContext } from './settlements-context';

function merchantSettlementView(row: SettlementWithPayout): MerchantSettlement {
  return {
    settlementId: row.id,
    businessDay: row.businessDay,
    purchasesCents: row.purchasesCents,
    refundsCents: row.refundsCents,
    grossCents: row.grossCents,
    feeCents: row.feeCents,
    vatCents: row.vatCents,
    netCents: row.netCents,
    carriedCents: row.carriedCents,
    lines: row.lines,
    createdAt: row.createdAt.toISOString(),
    payout: row.payout
      ? {
          payoutId: row.payout.id,
          amountCents: row.payout.amountCents,
          state: row.payout.state,
          createdAt: row.payout.createdAt.toISOString(),
          sentAt: row.payout.sentAt?.toISOString() ?? null,
          paidAt: row.payout.paidAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * A merchant's own settlements (`GET /retrieveSettlements`, issue 16 balance sheet): each business
 * day with its fee per product and the payout it made, the sums of the whole range (the month's fees
 * on the dashboard) and the months that have a fee invoice. Merchants complain of fees they cannot
 * see (research pain 10): every cent of a payout is explained here.
 */
export async function listMerchantSettlements(
  ctx: SettlementsContext,
  merchantId: string,
  query: MerchantSettlementsQuery,
) {
  const { rows, total, totals } = await findMerchantSettlements(ctx.db, merchantId, query, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    settlements: rows.map(merchantSettlementView),
    total,
    page: query.page,
    pageSize: query.pageSize,
    totals,
    invoiceMonths: await findSettledMonths(ctx.db, merchantId),
  };
}

/** One of the merchant's settlements; another merchant's is NOT_FOUND (its existence is not told). */
export async function getMerchantSettlement(
  ctx: SettlementsContext,
  merchantId: string,
  settlementId: string,
): Promise<MerchantSettlement> {
  const row = await findMerchantSettlement(ctx.db, merchantId, settlementId);
  if (!row) throw new AppError('NOT_FOUND', `no settlement ${settlementId} of merchant ${merchantId}`);
  return merchantSettlementView(row);
}
