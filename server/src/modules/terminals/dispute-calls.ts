import type { Locale, TerminalAnswer } from '@tessera/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { findMaskedCards } from '../cards';
import { giveBackWithin } from './give-back';
import { sumGivenBack, type Executor, type TerminalCallRow } from './repository';
import { terminalTransactions } from './schema';
import { requestHashOf, type TerminalsContext } from './terminal-context';

/**
 * What the disputes module reads and does of terminal calls (issue 34 §1, ADR 043): it never reads
 * `terminal_transactions` itself (ADR 016), and money goes back only through `giveBack`'s path.
 */

/** A terminal call as a dispute shows it: the call with its merchant's, store's and card's names. */
export type DisputableCall = {
  id: string;
  terminalId: string;
  terminalTransactionId: string;
  mid: string;
  kind: TerminalCallRow['kind'];
  outcome: TerminalCallRow['outcome'];
  declineReason: string | null;
  amountCents: number;
  authorisationId: string | null;
  merchantId: string;
  companyId: string | null;
  cardId: string | null;
  ledgerTransactionId: string | null;
  merchantName: string;
  storeName: string;
  maskedCard: string | null;
  at: Date;
};

async function describe(
  ctx: TerminalsContext,
  db: Executor,
  rows: readonly TerminalCallRow[],
): Promise<DisputableCall[]> {
  const masked = await findMaskedCards(db, [
    ...new Set(rows.flatMap((row) => (row.cardId ? [row.cardId] : []))),
  ]);
  const calls: DisputableCall[] = [];
  for (const row of rows) {
    const terminal = await ctx.merchants.terminalForPurchase(db, row.terminalId);
    calls.push({
      id: row.id,
      terminalId: row.terminalId,
      terminalTransactionId: row.terminalTransactionId,
      mid: row.mid,
      kind: row.kind,
      outcome: row.outcome,
      declineReason: row.declineReason,
      amountCents: row.amountCents,
      authorisationId: row.authorisationId,
      merchantId: row.merchantId,
      companyId: row.companyId,
      cardId: row.cardId,
      ledgerTransactionId: row.ledgerTransactionId,
      merchantName: terminal?.merchantName ?? row.merchantId,
      storeName: terminal?.storeName ?? '',
      maskedCard: row.cardId ? (masked.get(row.cardId) ?? null) : null,
      at: row.createdAt,
    });
  }
  return calls;
}

/** Terminal calls by id, described (missing ids are left out). */
export async function callsForDispute(
  ctx: TerminalsContext,
  db: Executor,
  ids: readonly string[],
): Promise<DisputableCall[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(terminalTransactions)
    .where(inArray(terminalTransactions.id, [...ids]));
  return describe(ctx, db, rows);
}

/**
 * The approved purchase a card's movement (its ledger transaction) records, when the movement is
 * one of `cardId`'s purchases; undefined otherwise.
 */
export async function purchaseOfMovement(
  ctx: TerminalsContext,
  db: Executor,
  cardId: string,
  ledgerTransactionId: string,
): Promise<DisputableCall | undefined> {
  const rows = await db
    .select()
    .from(terminalTransactions)
    .where(
      and(
        eq(terminalTransactions.ledgerTransactionId, ledgerTransactionId),
        eq(terminalTransactions.cardId, cardId),
        eq(terminalTransactions.kind, 'authorise'),
        eq(terminalTransactions.outcome, 'approved'),
      ),
    );
  return (await describe(ctx, db, rows))[0];
}

/** The purchases `cardId`'s movements (ledger transactions) record, by movement. */
export async function purchasesOfMovements(
  db: Executor,
  cardId: string,
  ledgerTransactionIds: readonly string[],
): Promise<Map<string, string>> {
  if (ledgerTransactionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: terminalTransactions.id, ledgerTransactionId: terminalTransactions.ledgerTransactionId })
    .from(terminalTransactions)
    .where(
      and(
        eq(terminalTransactions.cardId, cardId),
        eq(terminalTransactions.kind, 'authorise'),
        inArray(terminalTransactions.ledgerTransactionId, [...ledgerTransactionIds]),
      ),
    );
  return new Map(rows.map((row) => [row.ledgerTransactionId!, row.id]));
}

/** What was already given back for a purchase: whether it was reversed, and how much refunded. */
export function givenBackFor(db: Executor, callId: string) {
  return sumGivenBack(db, callId);
}

/**
 * Gives money back for a disputed purchase inside the dispute's transaction `tx`, through the
 * terminal API's own `reverse`/`refund` (ADR 043): a call of the purchase's terminal with the
 * terminal transaction id `DSP-<disputeId>`, so the terminal-call uniqueness is one more guard
 * against giving back twice, and the settlement counts it on its day as any refund.
 */
export async function giveBackForDispute(
  ctx: TerminalsContext,
  tx: Executor,
  input: {
    call: DisputableCall;
    kind: 'reverse' | 'refund';
    amountCents: number;
    disputeId: string;
    locale: Locale;
    at?: Date;
  },
): Promise<{ answer: TerminalAnswer; callId: string }> {
  const at = input.at ?? new Date();
  const base = {
    terminalTransactionId: `DSP-${input.disputeId}`,
    mid: input.call.mid,
    originalTerminalTransactionId: input.call.terminalTransactionId,
    time: at.toISOString(),
  };
  const request = input.kind === 'refund' ? { ...base, amountCents: input.amountCents } : base;
  const requestHash = requestHashOf([
    input.kind,
    request.mid,
    request.originalTerminalTransactionId,
    input.kind === 'refund' ? input.amountCents : null,
  ]);
  const { answer, row } = await giveBackWithin(
    ctx,
    tx,
    { terminalId: input.call.terminalId, mid: input.call.mid },
    input.kind,
    request,
    { locale: input.locale, at },
    requestHash,
  );
  return { answer, callId: row.id };
}
