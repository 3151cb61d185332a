import { formatAmount } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertFreshSecondFactor } from '../../platform/step-up';
import {
  countPayoutsOfSettlement,
  insertPayout,
  lockPayouts,
  markPayoutReturned,
  type PayoutWithDay,
} from './repository';
import type { SettlementsActor, SettlementsContext } from './settlements-context';

export type ReturnPayoutResult = {
  /** The payout as returned. */
  payout: PayoutWithDay;
  /** The new scheduled payout of the same amount, for a later file. */
  repayment: PayoutWithDay;
  /** The merchant ledger account's balance after the return. */
  balanceCents: number;
};

/** `TS-20261127-M2001-R1`: the repayment's `EndToEndId`, unique and at most 35 characters. */
function repaymentEndToEndId(original: string, attempt: number): string {
  const suffix = `-R${attempt}`;
  return `${original.replace(/-R\d+$/, '').slice(0, 35 - suffix.length)}${suffix}`;
}

/** `GR16 •••• •••• 0695`: what a notification shows of an account. */
function maskedIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`;
}

/**
 * The bank sent a payout back (issue 34 §1, ADR 042): a closed account, a wrong name, a refused
 * credit. In one database transaction:
 *
 * 1. the payout (sent or paid; anything else is a CONFLICT, an unknown id NOT_FOUND) is locked and
 *    marked `returned` with the reason; its row keeps its file, amount and dates;
 * 2. its `payout` ledger transaction is reversed (bank → merchant account): the amount is back on
 *    the merchant's balance by a posting, never by editing a balance, and the ledger refuses a
 *    second reversal, so a double click or a retry never credits twice;
 * 3. a new `scheduled` payout of the same settlement and amount, to the merchant's account as it
 *    is now (the merchant may have corrected it), pays it again in a later file;
 * 4. the merchant is told in its notifications, and by e-mail once the transaction committed.
 *
 * Moving the provider's money asks for a fresh second-factor code (ADR 040), as sending does.
 */
export async function returnPayout(
  ctx: SettlementsContext,
  actor: SettlementsActor,
  input: { payoutId: string; reason: string },
  options: { at?: Date } = {},
): Promise<ReturnPayoutResult> {
  const at = options.at ?? new Date();
  const result = await ctx.db.transaction(async (tx) => {
    const [payout] = await lockPayouts(tx, [input.payoutId]);
    if (!payout) throw new AppError('NOT_FOUND', `no payout ${input.payoutId}`);
    if ((payout.state !== 'sent' && payout.state !== 'paid') || !payout.ledgerTransactionId) {
      throw new AppError(
        'CONFLICT',
        `payout ${payout.id} is ${payout.state}: only a sent or paid one returns`,
      );
    }
    assertFreshSecondFactor(actor.secondFactor, `${actor.userId} returning payout ${payout.id}`);
    const payee = await ctx.merchants.payeeOf(tx, payout.merchantId);
    if (!payee) throw new AppError('INTERNAL', `merchant ${payout.merchantId} of a payout is missing`);

    const reversalId = await ctx.ledger.reverse(tx, payout.ledgerTransactionId, actor.userId, at);
    await markPayoutReturned(tx, payout.id, {
      returnedAt: at,
      returnReason: input.reason,
      returnLedgerTransactionId: reversalId,
    });
    const attempt = await countPayoutsOfSettlement(tx, payout.settlementId);
    const repayment = await insertPayout(tx, {
      merchantId: payout.merchantId,
      settlementId: payout.settlementId,
      amountCents: payout.amountCents,
      iban: payee.iban.replace(/\s+/g, '').toUpperCase(),
      bic: payee.bic,
      endToEndId: repaymentEndToEndId(payout.endToEndId, attempt),
      state: 'scheduled',
      replacesPayoutId: payout.id,
      createdAt: at,
    });
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'payout.returned',
      entity: 'payout',
      entityId: payout.id,
      merchantId: payout.merchantId,
      before: { state: payout.state },
      after: {
        state: 'returned',
        reason: input.reason,
        amountCents: payout.amountCents,
        ledgerTransactionId: reversalId,
        repaymentPayoutId: repayment.id,
      },
      requestId: actor.requestId ?? null,
    });
    await ctx.merchants.notify(
      tx,
      payout.merchantId,
      'payoutReturned',
      { amountCents: payout.amountCents, day: payout.businessDay, reason: input.reason },
      `payout-returned:${payout.id}`,
    );
    const balanceCents = await ctx.ledger.balance(tx, payee.ledgerAccountId);
    return {
      payout: {
        ...payout,
        state: 'returned' as const,
        returnedAt: at,
        returnReason: input.reason,
        returnLedgerTransactionId: reversalId,
      },
      repayment: { ...repayment, businessDay: payout.businessDay },
      balanceCents,
      iban: payout.iban,
    };
  });
  await mailMerchant(ctx, result.payout, result.iban);
  return { payout: result.payout, repayment: result.repayment, balanceCents: result.balanceCents };
}

/**
 * The e-mail of a returned payout, in Greek and English (a merchant has no language setting):
 * after the commit, never inside the transaction (the mailer writes the outbox on its own
 * connection). A mail that fails is logged; the return stands and the bell still tells.
 */
async function mailMerchant(ctx: SettlementsContext, payout: PayoutWithDay, iban: string): Promise<void> {
  if (!ctx.mailer) return;
  try {
    const merchant = await ctx.merchants.profile(payout.merchantId);
    const amount = formatAmount(payout.amountCents);
    await ctx.mailer.send({
      to: merchant.contactEmail,
      subject: 'Επιστροφή πληρωμής από την τράπεζα / Payout returned by the bank',
      text: [
        `Η πληρωμή ${amount} για τις πωλήσεις της ${payout.businessDay} προς τον λογαριασμό ${maskedIban(iban)} επεστράφη από την τράπεζα.`,
        `Αιτία: ${payout.returnReason ?? ''}`,
        'Το ποσό είναι ξανά στο υπόλοιπό σας και θα σας καταβληθεί με επόμενη πληρωμή. Ελέγξτε τον λογαριασμό πληρωμών σας στο προφίλ σας.',
        '',
        `Your payout of ${amount} for your sales of ${payout.businessDay} to ${maskedIban(iban)} was returned by the bank.`,
        `Reason: ${payout.returnReason ?? ''}`,
        'The amount is back on your balance and will be paid in a later payout. Please check the payout account in your profile.',
      ].join('\n'),
    });
  } catch (error) {
    ctx.log?.error({ err: error, payoutId: payout.id }, 'the e-mail of a returned payout failed');
  }
}
