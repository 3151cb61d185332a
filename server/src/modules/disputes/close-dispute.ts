import {
  athensDate,
  DISPUTE_STATE_TEXT,
  formatAmount,
  STATE_OF_RESOLUTION,
  type Dispute,
  type DisputeState,
  type Locale,
  type RejectDisputeRequest,
  type ResolveDisputeRequest,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertFreshSecondFactor } from '../../platform/step-up';
import type { DisputeActor, DisputesContext } from './context';
import { disputeOf, refundableOf } from './dispute-views';
import { closeDispute, lockDispute, type DisputeRow, type Executor } from './repository';

const TEXT = {
  closed: {
    el: 'Η διαφορά έχει ήδη κλείσει.',
    en: 'This dispute is already closed.',
  },
  noMoney: {
    el: 'Η συναλλαγή δεν κίνησε χρήματα (απορρίφθηκε): δεν υπάρχει τίποτα να επιστραφεί. Απορρίψτε τη διαφορά ή επιλύστε τη διαφορά της αγοράς που χρεώθηκε.',
    en: 'The transaction moved no money (it was declined): there is nothing to give back. Reject the dispute, or resolve the dispute of the purchase that charged the card.',
  },
  notReversible: {
    el: 'Μέρος του ποσού έχει ήδη επιστραφεί: επιστρέψτε το υπόλοιπο αντί για ακύρωση.',
    en: 'Part of it was already given back: refund what is left instead of reversing.',
  },
  nothingLeft: {
    el: 'Δεν απομένει ποσό προς επιστροφή για αυτή την αγορά.',
    en: 'Nothing is left to give back for this purchase.',
  },
  aboveRefundable: {
    el: 'Το ποσό ξεπερνά όσα απομένουν προς επιστροφή ({left}).',
    en: 'The amount is more than what is left to refund ({left}).',
  },
} satisfies Record<string, Record<Locale, string>>;

/** The dispute's row, locked, and still open: NOT_FOUND or CONFLICT otherwise. */
async function openLocked(tx: Executor, disputeId: string, locale: Locale): Promise<DisputeRow> {
  const row = await lockDispute(tx, disputeId);
  if (!row) throw new AppError('NOT_FOUND', `no dispute ${disputeId}`);
  if (row.state !== 'open') {
    throw new AppError('CONFLICT', `dispute ${disputeId} is ${row.state}`, {
      userMessage: TEXT.closed[locale],
    });
  }
  return row;
}

/**
 * Resolves an open dispute with money back to the card (issue 34 §1, ADR 043): a reversal undoes
 * the purchase whole, a refund gives back `amountCents` of what is left. The money moves only
 * through the terminal API's own reverse/refund path (a ledger posting and a terminal call; no row
 * is edited), in the same database transaction as the dispute's new state, with the dispute's row
 * locked: resolving twice, or two staff at once, gives back once and the other gets a conflict.
 * A money move: a fresh second-factor code first (ADR 040).
 */
export async function resolveDispute(
  ctx: DisputesContext,
  actor: DisputeActor,
  disputeId: string,
  input: ResolveDisputeRequest,
  options: { at?: Date } = {},
): Promise<Dispute> {
  assertFreshSecondFactor(actor.secondFactor, `${actor.userId} resolving dispute ${disputeId}`);
  const at = options.at ?? new Date();
  const locale = actor.locale;
  if (input.resolution === 'refund' && input.amountCents === undefined) {
    throw new AppError('VALIDATION', 'a refund needs an amount', {
      fields: [{ field: 'amountCents', key: 'required' }],
    });
  }
  const { row, call } = await ctx.db.transaction(async (tx) => {
    const before = await openLocked(tx, disputeId, locale);
    const [call] = await ctx.terminals.disputes.calls(tx, [before.terminalTransactionId]);
    if (!call || call.kind !== 'authorise' || call.outcome !== 'approved') {
      throw new AppError('BUSINESS_RULE', `dispute ${disputeId} is of a call that moved no money`, {
        userMessage: TEXT.noMoney[locale],
      });
    }
    const { refundableCents, isReversible } = await refundableOf(ctx, tx, call);
    if (refundableCents === 0) {
      throw new AppError('BUSINESS_RULE', `nothing left to give back for ${call.id}`, {
        userMessage: TEXT.nothingLeft[locale],
      });
    }
    if (input.resolution === 'reversal' && !isReversible) {
      throw new AppError('BUSINESS_RULE', `${call.id} was refunded in part`, {
        userMessage: TEXT.notReversible[locale],
        fields: [{ field: 'resolution', key: 'invalidChoice' }],
      });
    }
    const amountCents = input.resolution === 'reversal' ? call.amountCents : input.amountCents!;
    if (amountCents > refundableCents) {
      throw new AppError('VALIDATION', `${amountCents} above the refundable ${refundableCents}`, {
        userMessage: TEXT.aboveRefundable[locale].replace('{left}', formatAmount(refundableCents)),
        fields: [{ field: 'amountCents', key: 'tooLarge', params: { max: refundableCents } }],
      });
    }
    const given = await ctx.terminals.disputes.giveBack(tx, {
      call,
      kind: input.resolution === 'reversal' ? 'reverse' : 'refund',
      amountCents,
      disputeId,
      locale,
      at,
    });
    if (given.answer.outcome !== 'approved') {
      // The checks above make this a race lost to a terminal's own refund: nothing is kept.
      throw new AppError('CONFLICT', `the give-back of ${disputeId} was declined: ${given.answer.reason}`, {
        userMessage: given.answer.message,
      });
    }
    const state = STATE_OF_RESOLUTION[input.resolution] as Exclude<DisputeState, 'open'>;
    const after = await closeDispute(tx, disputeId, {
      state,
      resolutionReason: input.reason,
      resolvedAmountCents: amountCents,
      resolutionCallId: given.callId,
      closedBy: actor.userId,
      closedAt: at,
    });
    if (!after) throw new AppError('CONFLICT', `dispute ${disputeId} closed meanwhile`);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: after.companyId,
      merchantId: after.merchantId,
      action: 'dispute.resolve',
      entity: 'dispute',
      entityId: disputeId,
      before: { state: 'open' },
      after: { state, reason: input.reason, amountCents, resolutionCallId: given.callId },
      requestId: actor.requestId ?? null,
    });
    await notifyMerchantInTx(ctx, tx, after, call.amountCents, call.at);
    return { row: after, call };
  });
  await mailParties(ctx, row, call.amountCents, call.at);
  return disputeOf(row, call);
}

/** Rejects an open dispute with the staff's reason: no money moves. Audited; the parties are told. */
export async function rejectDispute(
  ctx: DisputesContext,
  actor: DisputeActor,
  disputeId: string,
  input: RejectDisputeRequest,
  options: { at?: Date } = {},
): Promise<Dispute> {
  const at = options.at ?? new Date();
  const { row, call } = await ctx.db.transaction(async (tx) => {
    const before = await openLocked(tx, disputeId, actor.locale);
    const [call] = await ctx.terminals.disputes.calls(tx, [before.terminalTransactionId]);
    const after = await closeDispute(tx, disputeId, {
      state: 'rejected',
      resolutionReason: input.reason,
      resolvedAmountCents: null,
      resolutionCallId: null,
      closedBy: actor.userId,
      closedAt: at,
    });
    if (!after) throw new AppError('CONFLICT', `dispute ${disputeId} closed meanwhile`);
    await writeAudit(tx, {
      actorUserId: actor.userId,
      companyId: after.companyId,
      merchantId: after.merchantId,
      action: 'dispute.reject',
      entity: 'dispute',
      entityId: disputeId,
      before: { state: 'open' },
      after: { state: 'rejected', reason: input.reason },
      requestId: actor.requestId ?? null,
    });
    await notifyMerchantInTx(ctx, tx, after, call?.amountCents ?? 0, call?.at ?? after.openedAt);
    return { row: after, call };
  });
  await mailParties(ctx, row, call?.amountCents ?? 0, call?.at ?? row.openedAt);
  return disputeOf(row, call);
}

/** The merchant's bell, in the dispute's transaction (the company's bell reads the disputes). */
async function notifyMerchantInTx(
  ctx: DisputesContext,
  tx: Executor,
  row: DisputeRow,
  amountCents: number,
  at: Date,
): Promise<void> {
  await ctx.merchants.notify(
    tx,
    row.merchantId,
    'disputeChanged',
    {
      amountCents,
      day: athensDate(at),
      stateEl: DISPUTE_STATE_TEXT[row.state].el,
      stateEn: DISPUTE_STATE_TEXT[row.state].en,
      note: row.resolutionReason ?? '',
    },
    `dispute:${row.id}:${row.state}`,
  );
}

function mailText(row: DisputeRow, amountCents: number, at: Date, locale: Locale): string {
  const amount = formatAmount(amountCents);
  const day = athensDate(at);
  const state = DISPUTE_STATE_TEXT[row.state][locale];
  const given = row.resolvedAmountCents === null ? null : formatAmount(row.resolvedAmountCents);
  return locale === 'el'
    ? [
        `Η διαφορά για τη συναλλαγή ${amount} της ${day} άλλαξε κατάσταση: ${state}.`,
        ...(given ? [`Επιστράφηκαν ${given} στην κάρτα.`] : []),
        `Αιτιολογία: ${row.resolutionReason ?? ''}`,
      ].join('\n')
    : [
        `The dispute of the transaction of ${amount} on ${day} changed state: ${state}.`,
        ...(given ? [`${given} was given back to the card.`] : []),
        `Reason: ${row.resolutionReason ?? ''}`,
      ].join('\n');
}

/**
 * The e-mails of a dispute that ended, after the commit (the mailer writes the outbox on its own
 * connection): to the user who opened it, in their language, when a merchant's or company's user
 * did; to the merchant's contact address, in Greek and English, when the merchant did not open it
 * itself. A mail that fails is logged; the state stands and the bells still tell.
 */
async function mailParties(ctx: DisputesContext, row: DisputeRow, amountCents: number, at: Date) {
  if (!ctx.mailer) return;
  const subject = { el: 'Η διαφορά σας άλλαξε κατάσταση', en: 'Your dispute changed state' };
  try {
    if (row.openedByParty !== 'staff' && ctx.identity) {
      const user = await ctx.identity.getUser(row.openedBy);
      const locale = user.preferredLanguage;
      await ctx.mailer.send({
        to: user.email,
        subject: subject[locale],
        text: mailText(row, amountCents, at, locale),
      });
    }
    if (row.openedByParty !== 'merchant') {
      const merchant = await ctx.merchants.profile(row.merchantId);
      await ctx.mailer.send({
        to: merchant.contactEmail,
        subject: `${subject.el} / ${subject.en}`,
        text: `${mailText(row, amountCents, at, 'el')}\n\n${mailText(row, amountCents, at, 'en')}`,
      });
    }
  } catch (error) {
    ctx.log?.error({ err: error, disputeId: row.id }, 'the e-mail of a dispute that ended failed');
  }
}
