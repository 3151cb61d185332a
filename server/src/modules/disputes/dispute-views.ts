import type { Dispute, DisputeDetail } from '@tessera/domain';
import type { DisputableCall } from '../terminals';
import type { DisputesContext } from './context';
import type { DisputeRow, Executor } from './repository';

/** A dispute as every party sees it, with its transaction. */
export function disputeOf(row: DisputeRow, call: DisputableCall | undefined): Dispute {
  return {
    disputeId: row.id,
    reason: row.reason,
    note: row.note,
    state: row.state,
    openedBy: row.openedByParty,
    openedAt: row.openedAt.toISOString(),
    resolutionReason: row.resolutionReason,
    resolvedAmountCents: row.resolvedAmountCents,
    closedAt: row.closedAt?.toISOString() ?? null,
    transaction: {
      transactionId: row.terminalTransactionId,
      kind: call?.kind ?? 'authorise',
      outcome: call?.outcome ?? 'approved',
      declineReason: call?.declineReason ?? null,
      amountCents: call?.amountCents ?? 0,
      authorisationId: call?.authorisationId ?? null,
      merchantName: call?.merchantName ?? row.merchantId,
      storeName: call?.storeName ?? '',
      maskedCard: call?.maskedCard ?? null,
      at: (call?.at ?? row.openedAt).toISOString(),
    },
  };
}

/**
 * A dispute as the cardholder's employer sees it (ADR 049): the purchase by its time, amount and
 * card, never where it was made — the company's card movements do not name the merchant or the
 * store, and a dispute does not either. The merchant, the cardholder and provider staff see them.
 */
export function forCompany(dispute: Dispute): Dispute {
  return { ...dispute, transaction: { ...dispute.transaction, merchantName: '', storeName: '' } };
}

/** Disputes with their transactions, read in one go. */
export async function disputesOf(
  ctx: DisputesContext,
  db: Executor,
  rows: readonly DisputeRow[],
): Promise<Dispute[]> {
  const calls = await ctx.terminals.disputes.calls(db, [
    ...new Set(rows.map((row) => row.terminalTransactionId)),
  ]);
  const byId = new Map(calls.map((call) => [call.id, call]));
  return rows.map((row) => disputeOf(row, byId.get(row.terminalTransactionId)));
}

/** What may still be given back for a call: none for a declined call or a reversed purchase. */
export async function refundableOf(
  ctx: DisputesContext,
  db: Executor,
  call: DisputableCall | undefined,
): Promise<{ refundableCents: number; isReversible: boolean }> {
  if (!call || call.kind !== 'authorise' || call.outcome !== 'approved') {
    return { refundableCents: 0, isReversible: false };
  }
  const given = await ctx.terminals.disputes.givenBack(db, call.id);
  if (given.reversed) return { refundableCents: 0, isReversible: false };
  return {
    refundableCents: call.amountCents - given.refundedCents,
    isReversible: given.refundedCents === 0,
  };
}

/** The staff's view: the parties and what is left to give back. */
export async function disputeDetailsOf(
  ctx: DisputesContext,
  db: Executor,
  rows: readonly DisputeRow[],
): Promise<DisputeDetail[]> {
  const calls = await ctx.terminals.disputes.calls(db, [
    ...new Set(rows.map((row) => row.terminalTransactionId)),
  ]);
  const byId = new Map(calls.map((call) => [call.id, call]));
  const details: DisputeDetail[] = [];
  for (const row of rows) {
    const call = byId.get(row.terminalTransactionId);
    details.push({
      ...disputeOf(row, call),
      merchantId: row.merchantId,
      companyId: row.companyId,
      ...(row.state === 'open'
        ? await refundableOf(ctx, db, call)
        : { refundableCents: 0, isReversible: false }),
    });
  }
  return details;
}
