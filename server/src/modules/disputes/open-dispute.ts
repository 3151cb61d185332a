import type { Dispute, DisputeParty, DisputeReason, Locale } from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { DisputableCall } from '../terminals';
import type { DisputeActor, DisputesContext } from './context';
import { disputeOf } from './dispute-views';
import { insertDispute } from './repository';

const ALREADY_OPEN: Record<Locale, string> = {
  el: 'Υπάρχει ήδη ανοιχτή διαφορά για αυτή τη συναλλαγή.',
  en: 'This transaction already has an open dispute.',
};

const NOT_DISPUTABLE: Record<Locale, string> = {
  el: 'Μόνο μια αγορά ή μια απορριφθείσα συναλλαγή μπορεί να αμφισβητηθεί, όχι μια ακύρωση ή επιστροφή.',
  en: 'Only a purchase or a declined purchase can be disputed, not a reversal or a refund.',
};

const PG_UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if ((current as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Opens a dispute of one terminal call (issue 34 §1, ADR 043) that the caller has already found to
 * be the party's own (a merchant's call, or a purchase with one of a company's cards): a purchase
 * (approved or declined), never a reversal or a refund. At most one dispute of a call is open: the
 * partial unique index decides a race, and the loser gets a conflict saying so. Audited.
 */
export async function openDispute(
  ctx: DisputesContext,
  actor: DisputeActor,
  input: {
    call: DisputableCall;
    /** The side the dispute is opened for; provider staff are recorded as `staff`. */
    party: Exclude<DisputeParty, 'staff'>;
    reason: DisputeReason;
    note: string;
    /** The field that named the call, for the error of one that cannot be disputed. */
    field: string;
  },
): Promise<Dispute> {
  const { call } = input;
  if (call.kind !== 'authorise') {
    throw new AppError('BUSINESS_RULE', `call ${call.id} is a ${call.kind}`, {
      userMessage: NOT_DISPUTABLE[actor.locale],
      fields: [{ field: input.field, key: 'invalidValue' }],
    });
  }
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await insertDispute(tx, {
        terminalTransactionId: call.id,
        merchantId: call.merchantId,
        companyId: call.companyId,
        cardId: call.cardId,
        reason: input.reason,
        note: input.note,
        openedByParty: actor.isProviderStaff ? 'staff' : input.party,
        openedBy: actor.userId,
      });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        companyId: call.companyId,
        merchantId: call.merchantId,
        action: 'dispute.open',
        entity: 'dispute',
        entityId: inserted.id,
        after: {
          transactionId: call.id,
          reason: input.reason,
          note: input.note,
          state: 'open',
          openedFor: input.party,
        },
        requestId: actor.requestId ?? null,
      });
      return inserted;
    });
    return disputeOf(row, call);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', `call ${call.id} has an open dispute`, {
      userMessage: ALREADY_OPEN[actor.locale],
      cause: error,
    });
  }
}
