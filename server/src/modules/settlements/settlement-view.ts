import type { SettlementView } from '@tessera/domain';
import type { SettlementRow } from './repository';

/** A settlement on the wire, with the payout it made (the live one: not returned). */
export function settlementView(row: SettlementRow & { payoutId?: string | null }): SettlementView {
  return {
    settlementId: row.id,
    merchantId: row.merchantId,
    businessDay: row.businessDay,
    purchasesCents: row.purchasesCents,
    refundsCents: row.refundsCents,
    grossCents: row.grossCents,
    feeCents: row.feeCents,
    vatCents: row.vatCents,
    netCents: row.netCents,
    carriedCents: row.carriedCents,
    lines: row.lines,
    payoutId: row.payoutId ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
