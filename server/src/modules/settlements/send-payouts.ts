import { randomBytes } from 'node:crypto';
import {
  athensDate,
  isPayableIban,
  target2BusinessDayOnOrAfter,
  type SendPayoutsResponse,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { assertFreshSecondFactor } from '../../platform/step-up';
import { findPayee } from './find-payee';
import { messageIdOf, painXml, type CreditTransfer } from './pain001';
import { insertPayoutFile, lockScheduledPayouts, markPayoutSent, setPayoutAccount } from './repository';
import type { SettlementsActor, SettlementsContext } from './settlements-context';

/**
 * Sends every `scheduled` payout (provider staff, issue 15 §4): one pain.001.001.03 file of them all
 * for the bank, kept in `payout_files`; each payout becomes `sent` with its `payout` ledger
 * transaction (merchant account → bank, idempotent by `payout:<id>`), audited. One database
 * transaction: the file, the states and the postings commit together. The scheduled rows are locked,
 * so two concurrent sends put each payout in one file only (the second finds none left).
 */
export async function sendPayouts(
  ctx: SettlementsContext,
  actor: SettlementsActor,
  options: { at?: Date } = {},
): Promise<SendPayoutsResponse> {
  const at = options.at ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockScheduledPayouts(tx);
    // A payout whose IBAN fails the ISO 13616 check is never put in a file (the bank would reject
    // the whole batch, or worse): it waits, scheduled, until the merchant's account is corrected,
    // and takes the corrected account then (issue 34 §2.1, ADR 042). Staff see it waiting.
    const scheduled: typeof locked = [];
    const waiting: typeof locked = [];
    for (const payout of locked) {
      if (isPayableIban(payout.iban)) {
        scheduled.push(payout);
        continue;
      }
      const payee = await ctx.merchants.payeeOf(tx, payout.merchantId);
      const iban = payee?.iban.replace(/\s+/g, '').toUpperCase() ?? '';
      if (payee && isPayableIban(iban)) {
        await setPayoutAccount(tx, payout.id, { iban, bic: payee.bic });
        await writeAudit(tx, {
          actorUserId: actor.userId,
          action: 'payout.account',
          entity: 'payout',
          entityId: payout.id,
          before: { iban: payout.iban },
          after: { iban, reason: 'invalid IBAN replaced by the merchant’s corrected account' },
          requestId: actor.requestId ?? null,
        });
        scheduled.push({ ...payout, iban, bic: payee.bic });
      } else {
        waiting.push(payout);
      }
    }
    if (waiting.length > 0) {
      ctx.log?.warn(
        { payoutIds: waiting.map((payout) => payout.id) },
        `${waiting.length} payouts wait outside the file: their IBAN fails the ISO 13616 check`,
      );
    }
    if (scheduled.length === 0) {
      return { success: true as const, fileId: null, count: 0, totalCents: 0, waiting: waiting.length };
    }
    // The provider's money leaves for the merchants: a fresh code first (issue 33 §9, ADR 040).
    assertFreshSecondFactor(actor.secondFactor, `${actor.userId} sending ${scheduled.length} payouts`);
    const bank = await ctx.ledger.bankAccount(tx);
    const transfers: CreditTransfer[] = [];
    const accounts = new Map<string, { accountId: string; name: string }>();
    for (const payout of scheduled) {
      let payee = accounts.get(payout.merchantId);
      if (!payee) {
        const found = await findPayee(ctx, tx, payout.merchantId);
        if (!found) throw new AppError('INTERNAL', `merchant ${payout.merchantId} of a payout is missing`);
        payee = found;
        accounts.set(payout.merchantId, payee);
      }
      transfers.push({
        endToEndId: payout.endToEndId,
        amountCents: payout.amountCents,
        creditorName: payee.name,
        iban: payout.iban,
        bic: payout.bic,
        remittance: `Tessera settlement ${payout.businessDay} ${payout.merchantId}`,
      });
    }
    const messageId = messageIdOf(at, randomBytes(6).toString('hex').toUpperCase());
    const totalCents = scheduled.reduce((sum, payout) => sum + payout.amountCents, 0);
    // ReqdExctnDt must be a TARGET2 business day: a file made on a weekend or TARGET2 holiday asks
    // for the next one (issue 34, ADR 042).
    const executionDate = target2BusinessDayOnOrAfter(athensDate(at));
    const xml = painXml({ messageId, createdAt: at, executionDate, transfers });
    const fileId = await insertPayoutFile(tx, {
      messageId,
      payoutCount: scheduled.length,
      totalCents,
      executionDate,
      xml,
      createdBy: actor.userId,
      createdAt: at,
    });
    for (const payout of scheduled) {
      const ledgerTransactionId = await ctx.ledger.post(tx, {
        kind: 'payout',
        companyId: null,
        reference: payout.endToEndId,
        description: `Payout ${payout.merchantId} ${payout.businessDay}`,
        idempotencyKey: `payout:${payout.id}`,
        createdBy: actor.userId,
        postedAt: at,
        entries: [
          { accountId: accounts.get(payout.merchantId)!.accountId, amountCents: -payout.amountCents },
          { accountId: bank, amountCents: payout.amountCents },
        ],
      });
      await markPayoutSent(tx, payout.id, { payoutFileId: fileId, ledgerTransactionId, sentAt: at });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'payout.send',
        entity: 'payout',
        entityId: payout.id,
        before: { state: 'scheduled' },
        after: { state: 'sent', payoutFileId: fileId, messageId, amountCents: payout.amountCents },
        requestId: actor.requestId ?? null,
      });
      // The merchant sees the payout leave (issue 16: slow payouts are the merchants' complaint).
      await ctx.merchants.notify(
        tx,
        payout.merchantId,
        'payoutSent',
        { amountCents: payout.amountCents, iban: maskedIban(payout.iban), day: payout.businessDay },
        `payout:${payout.id}`,
      );
    }
    return { success: true as const, fileId, count: scheduled.length, totalCents, waiting: waiting.length };
  });
}

/** `GR16 •••• •••• 0695`: what a notification shows of an account. */
function maskedIban(iban: string): string {
  return `${iban.slice(0, 4)} •••• •••• ${iban.slice(-4)}`;
}
