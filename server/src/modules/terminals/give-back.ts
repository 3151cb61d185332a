import type { DeclineReason, RefundRequest, ReverseRequest, TerminalAnswer } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { lockCardForPurchase } from '../cards';
import { findCall, insertCall, sumGivenBack, type Executor, type TerminalCallRow } from './repository';
import {
  answerOf,
  isRepeatRace,
  newAuthorisationId,
  repeatAnswer,
  requestHashOf,
  type CallOptions,
  type TerminalCaller,
  type TerminalsContext,
} from './terminal-context';

/**
 * `reverse` and `refund` (issue 15 §2): money back from the merchant to the card for an approved
 * authorisation of the same terminal. A reversal undoes it whole (the ledger's mirror posting) and
 * only while nothing was given back; a refund gives back part or all of what is left. Idempotent by
 * the call's own terminal transaction id, like `authorise`; the card's row is locked as there.
 */
export async function giveBack(
  ctx: TerminalsContext,
  caller: TerminalCaller,
  kind: 'reverse' | 'refund',
  request: ReverseRequest | RefundRequest,
  options: CallOptions,
): Promise<TerminalAnswer> {
  if (request.mid !== caller.mid)
    throw new AppError('FORBIDDEN', `MID ${request.mid} is not this terminal's`);
  const refundCents = 'amountCents' in request ? request.amountCents : null;
  const requestHash = requestHashOf([kind, request.mid, request.originalTerminalTransactionId, refundCents]);
  try {
    return await ctx.db.transaction(
      async (tx) => (await giveBackWithin(ctx, tx, caller, kind, request, options, requestHash)).answer,
    );
  } catch (error) {
    if (!isRepeatRace(error)) throw error;
    const earlier = await findCall(ctx.db, caller.terminalId, request.terminalTransactionId);
    if (!earlier) throw error;
    return repeatAnswer(earlier, requestHash, options.locale);
  }
}

/**
 * The work of `giveBack` inside the caller's open transaction `tx` (the disputes module resolves a
 * dispute with it, so the dispute's state and the money given back commit together, ADR 043).
 * Answers the terminal answer and the call's row (a repeat's: the first call's).
 */
export async function giveBackWithin(
  ctx: TerminalsContext,
  tx: Executor,
  caller: TerminalCaller,
  kind: 'reverse' | 'refund',
  request: ReverseRequest | RefundRequest,
  options: CallOptions,
  requestHash: string,
): Promise<{ answer: TerminalAnswer; row: TerminalCallRow }> {
  const at = options.at ?? new Date();
  const refundCents = 'amountCents' in request ? request.amountCents : null;
  const terminal = await ctx.merchants.terminalForPurchase(tx, caller.terminalId);
  if (!terminal) throw new AppError('UNAUTHENTICATED', `no terminal ${caller.terminalId}`);
  const original = await findCall(tx, terminal.terminalId, request.originalTerminalTransactionId);
  const isPurchase = original?.kind === 'authorise' && original.outcome === 'approved' && original.cardId;
  const card = isPurchase ? await lockCardForPurchase(tx, { cardId: original.cardId! }) : undefined;
  const earlier = await findCall(tx, terminal.terminalId, request.terminalTransactionId);
  if (earlier) return { answer: repeatAnswer(earlier, requestHash, options.locale), row: earlier };

  let reason: DeclineReason | null = null;
  let amountCents = refundCents ?? original?.amountCents ?? 0;
  if (!isPurchase || !card || !original) {
    reason = 'originalNotFound';
  } else {
    const given = await sumGivenBack(tx, original.id);
    if (given.reversed || (kind === 'reverse' && given.refundedCents > 0)) reason = 'alreadyReversed';
    else if (kind === 'reverse') amountCents = original.amountCents;
    else if (amountCents > original.amountCents - given.refundedCents) reason = 'amountAboveRefundable';
  }

  const approved = reason === null && card !== undefined && original !== undefined;
  const authorisationId = approved ? newAuthorisationId() : null;
  let ledgerTransactionId: string | null = null;
  if (approved) {
    ledgerTransactionId =
      kind === 'reverse'
        ? await ctx.ledger.reverse(tx, original.ledgerTransactionId!, null, at)
        : await ctx.ledger.post(tx, {
            kind: 'refund',
            companyId: card.companyId,
            reference: authorisationId!,
            description: `${terminal.merchantName} · ${terminal.storeName}`,
            postedAt: at,
            entries: [
              { accountId: terminal.merchantAccountId, amountCents: -amountCents },
              { accountId: card.accountId, amountCents },
            ],
          });
  }
  const row = await insertCall(tx, {
    terminalId: terminal.terminalId,
    terminalTransactionId: request.terminalTransactionId,
    kind,
    requestHash,
    merchantId: terminal.merchantId,
    storeId: terminal.storeId,
    mid: terminal.mid,
    storeCategory: terminal.category,
    cardId: original?.cardId ?? null,
    companyId: original?.companyId ?? null,
    product: original?.product ?? null,
    amountCents,
    outcome: approved ? 'approved' : 'declined',
    declineReason: approved ? null : reason,
    authorisationId,
    originalId: original?.id ?? null,
    ledgerTransactionId,
    balanceAfterCents: card ? card.balanceCents + (approved ? amountCents : 0) : null,
    terminalTime: new Date(request.time),
    createdAt: at,
  });
  return { answer: answerOf(row, options.locale), row };
}
