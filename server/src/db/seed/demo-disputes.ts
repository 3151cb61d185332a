import { sql } from 'drizzle-orm';
import type { AppServices } from '../../app';
import type { Db } from '../../platform/db';
import { DEMO_USERS } from './demo';

/**
 * Two disputes of the demo merchant Φρέσκο Μάρκετ (M2002, issue 34 §1, ADR 043), opened by its
 * administrator through the disputes service: one of the newest purchases charged twice, resolved by
 * staff with a refund of half of it through the terminal's refund path (so the ledger stays
 * balanced and the refund falls in today's settlement), and one refund not received, left open for
 * the back office's queue. The two purchases are older than the newest few, which stay free for the
 * merchant to dispute in the demo.
 */
export async function seedDemoDisputes(db: Db, services: AppServices, now: Date = new Date()): Promise<void> {
  const { rows: users } = await db.execute<{ id: string; email: string }>(
    sql`select id, email from users where email in (${DEMO_USERS.merchant.email}, ${DEMO_USERS.admin.email})`,
  );
  const merchantUser = users.find((user) => user.email === DEMO_USERS.merchant.email)?.id;
  const staff = users.find((user) => user.email === DEMO_USERS.admin.email)?.id;
  if (!merchantUser || !staff) return;
  const { rows: purchases } = await db.execute<{ id: string; amount_cents: string }>(sql`
    select t.id, t.amount_cents from terminal_transactions t
     where t.merchant_id = 'M2002' and t.kind = 'authorise' and t.outcome = 'approved'
       and t.created_at < ${now.toISOString()}::timestamptz
       and not exists (select 1 from terminal_transactions g where g.original_id = t.id)
     order by t.created_at desc offset 5 limit 2`);
  const [charged, unrefunded] = purchases;
  if (!charged || !unrefunded) return;
  const merchantActor = { userId: merchantUser, isProviderStaff: false, locale: 'el' as const };
  const resolved = await services.disputes.openForMerchant(merchantActor, 'M2002', {
    transactionId: charged.id,
    reason: 'charged_twice',
    note: 'Ο πελάτης χρεώθηκε δύο φορές για την ίδια αγορά.',
  });
  await services.disputes.resolve(
    { userId: staff, isProviderStaff: true, locale: 'el' },
    resolved.disputeId,
    {
      resolution: 'refund',
      amountCents: Math.max(1, Math.round(Number(charged.amount_cents) / 2)),
      reason: 'Επιβεβαιώθηκε η διπλή χρέωση· επιστράφηκε το ποσό της μίας.',
    },
    { at: now },
  );
  await services.disputes.openForMerchant(merchantActor, 'M2002', {
    transactionId: unrefunded.id,
    reason: 'refund_not_received',
    note: 'Η επιστροφή που υποσχεθήκαμε στον πελάτη δεν έφτασε στην κάρτα.',
  });
}
