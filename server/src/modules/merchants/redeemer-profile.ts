import { createHash, randomBytes } from 'node:crypto';
import { normalizeIban, type Locale, type UpdateRedeemerProfileRequest } from '@tessera/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { MerchantChangeActor, MerchantsDeps } from './merchant-context';
import { notifyMerchant } from './notifications';
import { merchantIbanChanges, merchants } from './schema';
import { assertFreshSecondFactor } from '../../platform/step-up';

const CONFIRMATION_HOURS = 24;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** `ab12…` → `GR16 0110 …` with the middle hidden, as mails and notifications show an IBAN. */
export function maskIban(iban: string): string {
  const normal = normalizeIban(iban);
  return `${normal.slice(0, 4)} •••• •••• ${normal.slice(-4)}`;
}

const MAIL: Record<Locale, { subject: string; text: (name: string, iban: string, link: string) => string }> =
  {
    el: {
      subject: 'Επιβεβαίωση αλλαγής λογαριασμού πληρωμών',
      text: (name, iban, link) =>
        `Ζητήθηκε αλλαγή του λογαριασμού στον οποίο πληρώνεται η επιχείρηση ${name} σε ${iban}.\n\n` +
        `Για να ισχύσει, επιβεβαιώστε μέσα σε ${CONFIRMATION_HOURS} ώρες:\n${link}\n\n` +
        'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα και επικοινωνήστε μαζί μας: ο λογαριασμός δεν αλλάζει χωρίς επιβεβαίωση.',
    },
    en: {
      subject: 'Confirm the change of your payout account',
      text: (name, iban, link) =>
        `A change of the account ${name} is paid to, to ${iban}, was requested.\n\n` +
        `To make it take effect, confirm within ${CONFIRMATION_HOURS} hours:\n${link}\n\n` +
        'If you did not ask for it, ignore this message and contact us: the account does not change without confirmation.',
    },
  };

/**
 * `updateRedeemerProfile` (SPEC §7, issue 16): contact details change at once; a new IBAN does not.
 * It waits for the single-use link mailed to the merchant's contact address (24 hours), so a stolen
 * session alone cannot redirect the merchant's money. Audited.
 */
export async function updateRedeemerProfile(
  deps: MerchantsDeps,
  actor: MerchantChangeActor,
  merchantId: string,
  input: UpdateRedeemerProfileRequest & { iban?: string | undefined; bic?: string | undefined },
  locale: Locale,
): Promise<{ ibanChangePending: boolean }> {
  const token = randomBytes(24).toString('base64url');
  const pending = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
    if (!before) throw new AppError('NOT_FOUND', `no merchant ${merchantId}`);
    const contact = {
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      address: input.address,
    };
    await tx.update(merchants).set(contact).where(eq(merchants.id, merchantId));
    const newIban = input.iban !== undefined && input.iban !== before.iban ? input.iban : null;
    if (newIban) {
      // Where the merchant's money goes: a fresh second factor first (step-up, issue 21 §2).
      assertFreshSecondFactor(actor.secondFactor, `${actor.userId} changing the IBAN of ${merchantId}`);
      await tx.insert(merchantIbanChanges).values({
        merchantId,
        iban: newIban,
        bic: input.bic ?? before.bic,
        tokenHash: hashOf(token),
        requestedBy: actor.userId,
        expiresAt: new Date(Date.now() + CONFIRMATION_HOURS * 3_600_000),
      });
    }
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'merchant.profile',
      entity: 'merchant',
      entityId: merchantId,
      before: {
        contactName: before.contactName,
        contactEmail: before.contactEmail,
        contactPhone: before.contactPhone,
        address: before.address,
      },
      after: { ...contact, ...(newIban ? { ibanRequested: maskIban(newIban) } : {}) },
      requestId: actor.requestId ?? null,
    });
    return newIban ? { iban: newIban, name: before.tradeName, to: before.contactEmail } : null;
  });
  if (pending && deps.mailer) {
    const link = `${deps.publicUrl ?? ''}${locale === 'en' ? '/en' : ''}/merchant/redeemer-profile?confirmIban=${token}`;
    const mail = MAIL[locale];
    await deps.mailer.send({
      to: pending.to,
      subject: mail.subject,
      text: mail.text(pending.name, maskIban(pending.iban), link),
    });
  }
  return { ibanChangePending: pending !== null };
}

/**
 * Confirms a pending IBAN change by its mailed link: the merchant's payouts go to the new account
 * from now on. A used, expired or another merchant's link is refused (404).
 */
export async function confirmIbanChange(
  deps: MerchantsDeps,
  actor: MerchantChangeActor,
  merchantId: string,
  token: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [change] = await tx
      .update(merchantIbanChanges)
      .set({ confirmedAt: sql`now()` })
      .where(
        and(
          eq(merchantIbanChanges.tokenHash, hashOf(token)),
          eq(merchantIbanChanges.merchantId, merchantId),
          isNull(merchantIbanChanges.confirmedAt),
          gt(merchantIbanChanges.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!change) throw new AppError('NOT_FOUND', 'no pending IBAN change for this link');
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, merchantId));
    await tx
      .update(merchants)
      .set({ iban: change.iban, bic: change.bic })
      .where(eq(merchants.id, merchantId));
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'merchant.iban',
      entity: 'merchant',
      entityId: merchantId,
      before: { iban: before ? maskIban(before.iban) : null },
      after: { iban: maskIban(change.iban) },
      requestId: actor.requestId ?? null,
    });
    await notifyMerchant(tx, merchantId, 'ibanChanged', { iban: maskIban(change.iban) }, `iban:${change.id}`);
  });
}
