import { randomUUID } from 'node:crypto';
import type { AuthoriseRequest, TerminalAnswer } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import type { TerminalForPurchase } from '../merchants';
import { watchDeclines } from './decline-spikes';
import { authoriseInDatabase, findCall, type AlertRecipient, type TerminalCallRow } from './repository';
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
 * `authorise` (issue 15 §2): a purchase at a terminal, in one database statement (ADR 053):
 * `terminal_authorise` (migration 0033) locks the card's account row first, so concurrent
 * purchases on one card are judged one after the other against the balance their posting meets;
 * answers a repeat of the terminal transaction id from its row; judges the purchase
 * (`terminal_decline_reason`, the database's transcription of `declineReasonOf`, which a property
 * test holds to the domain's); writes the call's row and, when approved, posts card → merchant as
 * its last write. Declines are recorded too: the merchant sees why. The metrics count each decision
 * once it commits, as its row records it; a repeat answered from the row is not a new decision.
 */
export async function authorise(
  ctx: TerminalsContext,
  caller: TerminalCaller,
  request: AuthoriseRequest,
  options: CallOptions,
): Promise<TerminalAnswer> {
  if (request.mid !== caller.mid)
    throw new AppError('FORBIDDEN', `MID ${request.mid} is not this terminal's`);
  const at = options.at ?? new Date();
  // The time is not part of the content: a retry stamped a moment later is the same purchase.
  const requestHash = requestHashOf(['authorise', request.mid, request.cardToken, request.amountCents]);
  const terminal = await ctx.merchants.terminalForPurchase(ctx.db, caller.terminalId);
  if (!terminal) throw new AppError('UNAUTHENTICATED', `no terminal ${caller.terminalId}`);
  // The ids are chosen here: the call's row names its posting and its authorisation, and the row
  // that comes back carrying `callId` is this call's fresh decision, any other an earlier call's.
  const callId = randomUUID();
  let row: TerminalCallRow;
  let recipient: AlertRecipient | null;
  try {
    ({ row, recipient } = await authoriseInDatabase(ctx.db, {
      callId,
      terminalId: terminal.terminalId,
      terminalTransactionId: request.terminalTransactionId,
      requestHash,
      cardToken: request.cardToken,
      amountCents: request.amountCents,
      terminalTime: new Date(request.time),
      at,
      terminalState: terminal.state,
      merchantId: terminal.merchantId,
      storeId: terminal.storeId,
      mid: terminal.mid,
      storeCategory: terminal.category,
      acceptedProducts: terminal.acceptedProducts,
      merchantName: terminal.merchantName,
      description: `${terminal.merchantName} · ${terminal.storeName}`,
      merchantAccountId: terminal.merchantAccountId,
      authorisationId: newAuthorisationId(),
      ledgerTransactionId: randomUUID(),
    }));
  } catch (error) {
    // Another call with this terminal transaction id won the race: answer as its repeat.
    if (!isRepeatRace(error)) throw error;
    const earlier = await findCall(ctx.db, caller.terminalId, request.terminalTransactionId);
    if (!earlier) throw error;
    return repeatAnswer(earlier, requestHash, options.locale);
  }
  if (row.id !== callId) return repeatAnswer(row, requestHash, options.locale);
  const answer = answerOf(row, options.locale);
  ctx.metrics?.authorisation(answer);
  await afterDecision(ctx, terminal, row, recipient, at);
  return answer;
}

/**
 * What follows a fresh decision once it has committed: the cardholder's alerts are told of it (not
 * awaited: they must not delay the terminal's answer), and a decline's merchant is watched for a
 * spike of declines.
 */
async function afterDecision(
  ctx: TerminalsContext,
  terminal: TerminalForPurchase,
  row: TerminalCallRow,
  recipient: AlertRecipient | null,
  at: Date,
): Promise<void> {
  if (row.cardId && ctx.onDecided) {
    try {
      ctx.onDecided({
        callId: row.id,
        cardId: row.cardId,
        outcome: row.outcome,
        declineReason: row.declineReason,
        amountCents: row.amountCents,
        balanceAfterCents: row.balanceAfterCents ?? 0,
        merchantName: terminal.merchantName,
        storeName: terminal.storeName,
        at,
        recipient,
      });
    } catch (error) {
      ctx.log?.warn({ err: error }, 'the after-commit hook of an authorisation failed');
    }
  }
  if (row.outcome === 'declined') {
    await watchDeclines(ctx, terminal.merchantId, at).catch((error: unknown) =>
      ctx.log?.warn({ err: error, merchantId: terminal.merchantId }, 'decline spike watch failed'),
    );
  }
}
