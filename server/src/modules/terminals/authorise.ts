import { randomUUID } from 'node:crypto';
import {
  CORE_CATEGORY_OF_STORE,
  DAILY_CAP_PRODUCTS,
  athensDate,
  declineReasonOf,
  ruleApplies,
  type AuthorisationRule,
  type AuthoriseRequest,
  type DeclineReason,
  type SpendCategory,
  type TerminalAnswer,
} from '@tessera/domain';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockCardForPurchase, type PurchaseCard } from '../cards';
import type { TerminalForPurchase } from '../merchants';
import { rulesOfCompany } from '../spend-rules';
import { watchDeclines } from './decline-spikes';
import { findCall, insertCall, sumSpent } from './repository';
import {
  answerOf,
  isRepeatRace,
  newAuthorisationId,
  repeatAnswer,
  requestHashOf,
  type AuthorisationDecided,
  type CallOptions,
  type TerminalCaller,
  type TerminalsContext,
} from './terminal-context';

/** The company's spend rules of the card's product, each with what the card spent in its period. */
async function rulesFor(
  db: Executor,
  card: PurchaseCard,
  terminal: TerminalForPurchase,
  at: Date,
): Promise<AuthorisationRule[]> {
  if (card.product !== 'SPENDEO' && card.product !== 'MY_BENEFITS') return [];
  const rows = await rulesOfCompany(db, card.companyId, card.product);
  const store = { category: terminal.category, acceptedProducts: [], merchantName: terminal.merchantName };
  const rules: AuthorisationRule[] = [];
  for (const row of rows) {
    const rule: AuthorisationRule = {
      product: card.product,
      target: row.target as AuthorisationRule['target'],
      period: row.period,
      limitCents: row.limitCents,
      spentCents: 0,
    };
    // Only the rules that speak about this store need what was spent.
    if (!ruleApplies(rule, store)) continue;
    if (rule.period !== 'transaction' && rule.limitCents !== null) {
      const target = rule.target;
      const categories =
        target.kind === 'category'
          ? [target.category]
          : target.kind === 'core'
            ? (Object.entries(CORE_CATEGORY_OF_STORE) as [SpendCategory, string | null][])
                .filter(([, core]) => core === target.coreCategory)
                .map(([category]) => category)
            : undefined;
      rule.spentCents = await sumSpent(db, card.cardId, rule.period, at, {
        ...(categories ? { categories } : {}),
        ...(target.kind === 'merchant' ? { merchantId: terminal.merchantId } : {}),
      });
    }
    rules.push(rule);
  }
  return rules;
}

/**
 * `authorise` (issue 15 §2): a purchase at a terminal, in one database transaction. The card's
 * account row is locked first, so concurrent purchases on one card are judged one after the other
 * against the balance their posting meets; then a repeat of the terminal transaction id is answered
 * from its row; then the purchase is judged (`declineReasonOf`), its row written and, when
 * approved, posted card → merchant as the transaction's last write. Declines are recorded too: the
 * merchant sees why. The metrics count each decision once it commits, as its row records it; a
 * repeat answered from the row is not a new decision.
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
  // Set by a fresh decline (not a repeat's answer): its merchant is watched for a spike after commit.
  let declinedMerchantId: string | null = null;
  // Set by a fresh decision (not a repeat's answer): counted after commit.
  let isDecided = false;
  // A fresh decision on a known card: told to the after-commit hook (the cardholder's alerts).
  let decided: AuthorisationDecided | null = null;
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const terminal = await ctx.merchants.terminalForPurchase(tx, caller.terminalId);
      if (!terminal) throw new AppError('UNAUTHENTICATED', `no terminal ${caller.terminalId}`);
      const card = await lockCardForPurchase(tx, { token: request.cardToken });
      const earlier = await findCall(tx, terminal.terminalId, request.terminalTransactionId);
      if (earlier) return repeatAnswer(earlier, requestHash, options.locale);

      let reason: DeclineReason | null = 'cardNotActive';
      if (card) {
        const spentTodayCents = DAILY_CAP_PRODUCTS.includes(card.product)
          ? await sumSpent(tx, card.cardId, 'day', at)
          : 0;
        reason = declineReasonOf({
          amountCents: request.amountCents,
          today: athensDate(at),
          terminal: { state: terminal.state },
          store: {
            category: terminal.category,
            acceptedProducts: terminal.acceptedProducts,
            merchantName: terminal.merchantName,
          },
          card: {
            status: card.status,
            expiryDate: card.expiryDate,
            product: card.product,
            balanceCents: card.balanceCents,
            spentTodayCents,
            // Issue 35 §3 (ADR 046): a card its holder locked is declined `cardLocked` at once.
            isLocked: card.isLocked,
          },
          rules: await rulesFor(tx, card, terminal, at),
        });
      } else if (terminal.state !== 'enrolled') {
        reason = 'midNotEnrolled';
      }

      const approved = reason === null && card !== undefined;
      const authorisationId = approved ? newAuthorisationId() : null;
      // The posting's id is chosen here so that the call's record can name it before the posting:
      // the posting is the transaction's last write, so the merchant's payable account (one row
      // every purchase at the merchant credits) stays locked only until the COMMIT right after it.
      const ledgerTransactionId = approved ? randomUUID() : null;
      const row = await insertCall(tx, {
        terminalId: terminal.terminalId,
        terminalTransactionId: request.terminalTransactionId,
        kind: 'authorise',
        requestHash,
        merchantId: terminal.merchantId,
        storeId: terminal.storeId,
        mid: terminal.mid,
        storeCategory: terminal.category,
        cardId: card?.cardId ?? null,
        companyId: card?.companyId ?? null,
        product: card?.product ?? null,
        amountCents: request.amountCents,
        outcome: approved ? 'approved' : 'declined',
        declineReason: approved ? null : reason,
        authorisationId,
        ledgerTransactionId,
        balanceAfterCents: card ? card.balanceCents - (approved ? request.amountCents : 0) : null,
        terminalTime: new Date(request.time),
        createdAt: at,
      });
      if (approved) {
        await ctx.ledger.postLast(tx, {
          id: ledgerTransactionId!,
          kind: 'redemption',
          companyId: card.companyId,
          reference: authorisationId!,
          description: `${terminal.merchantName} · ${terminal.storeName}`,
          postedAt: at,
          entries: [
            { accountId: card.accountId, amountCents: -request.amountCents },
            { accountId: terminal.merchantAccountId, amountCents: request.amountCents },
          ],
        });
      }
      declinedMerchantId = approved ? null : terminal.merchantId;
      isDecided = true;
      if (card && ctx.onDecided) {
        decided = {
          callId: row.id,
          cardId: card.cardId,
          outcome: approved ? 'approved' : 'declined',
          declineReason: approved ? null : reason,
          amountCents: request.amountCents,
          balanceAfterCents: row.balanceAfterCents ?? card.balanceCents,
          merchantName: terminal.merchantName,
          storeName: terminal.storeName,
          at,
        };
      }
      return answerOf(row, options.locale);
    });
    if (isDecided) ctx.metrics?.authorisation(answer);
    if (decided) {
      try {
        ctx.onDecided?.(decided);
      } catch (error) {
        ctx.log?.warn({ err: error }, 'the after-commit hook of an authorisation failed');
      }
    }
    if (declinedMerchantId !== null) {
      const merchantId: string = declinedMerchantId;
      await watchDeclines(ctx, merchantId, at).catch((error: unknown) =>
        ctx.log?.warn({ err: error, merchantId }, 'decline spike watch failed'),
      );
    }
    return answer;
  } catch (error) {
    // Another call with this terminal transaction id won the race: answer as its repeat.
    if (!isRepeatRace(error)) throw error;
    const earlier = await findCall(ctx.db, caller.terminalId, request.terminalTransactionId);
    if (!earlier) throw error;
    return repeatAnswer(earlier, requestHash, options.locale);
  }
}
