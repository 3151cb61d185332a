import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { lockPayouts, markPayoutPaid, type PayoutWithDay } from './repository';
import type { SettlementsActor, SettlementsContext } from './settlements-context';

/**
 * Marks `sent` payouts `paid` (provider staff, from the back office or a bank statement line), all
 * or none, audited. An unknown id is NOT_FOUND; a payout not `sent` (still scheduled, or paid
 * already) is a CONFLICT (409) naming it: states only move scheduled → sent → paid.
 */
export async function markPaid(
  ctx: SettlementsContext,
  actor: SettlementsActor,
  payoutIds: readonly string[],
  options: { at?: Date } = {},
): Promise<PayoutWithDay[]> {
  const at = options.at ?? new Date();
  const ids = [...new Set(payoutIds)];
  return ctx.db.transaction(async (tx) => {
    const rows = await lockPayouts(tx, ids);
    const missing = ids.filter((id) => !rows.some((row) => row.id === id));
    if (missing.length > 0) throw new AppError('NOT_FOUND', `no payout ${missing.join(', ')}`);
    const wrong = rows.filter((row) => row.state !== 'sent');
    if (wrong.length > 0) {
      throw new AppError(
        'CONFLICT',
        `payouts not sent: ${wrong.map((row) => `${row.id} (${row.state})`).join(', ')}`,
      );
    }
    for (const row of rows) {
      await markPayoutPaid(tx, row.id, at);
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'payout.paid',
        entity: 'payout',
        entityId: row.id,
        before: { state: 'sent' },
        after: { state: 'paid', paidAt: at.toISOString() },
        requestId: actor.requestId ?? null,
      });
    }
    return rows.map((row) => ({ ...row, state: 'paid' as const, paidAt: at }));
  });
}
