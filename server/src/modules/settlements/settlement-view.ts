import type { PayoutView, SettlementView } from '@tessera/domain';
import type { PayoutWithDay, SettlementRow } from './repository';

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

/** A payout on the wire. */
export function payoutView(row: PayoutWithDay): PayoutView {
  return {
    payoutId: row.id,
    merchantId: row.merchantId,
    settlementId: row.settlementId,
    businessDay: row.businessDay,
    amountCents: row.amountCents,
    iban: row.iban,
    bic: row.bic,
    endToEndId: row.endToEndId,
    state: row.state,
    payoutFileId: row.payoutFileId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}
