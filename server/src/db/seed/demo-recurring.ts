import { athensDate, RecurringRuleInputSchema } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../../app';
import type { Db } from '../../platform/db';
import { DEMO_USERS } from './demo';

/**
 * A demo recurring load (issue 19): Ακμή Τροφίμων's (C1001) meal allowance of €8 per working day on
 * the last working day of each month, for eight Ticket Restaurant cards, submitted for payment by
 * bank transfer. Made through the recurring service as the order manager makes it.
 */
export async function seedDemoRecurring(db: Db, services: AppServices): Promise<void> {
  const { rows: users } = await db.execute<{ id: string }>(
    sql`select id from users where email = ${DEMO_USERS.om1.email}`,
  );
  const { rows: cards } = await db.execute<{ id: string }>(sql`
    select id from cards
     where company_id = 'C1001' and product = 'TICKET_RESTAURANT' and status = 'active'
       and replaced_by_card_id is null and expiry_date > current_date + 400
     order by holder_sort, id limit 8`);
  if (!users[0] || cards.length === 0) return;
  await services.recurring.saveRule(
    RecurringRuleInputSchema.parse({
      name: 'Επιταγή σίτισης',
      product: 'TICKET_RESTAURANT',
      amountMode: 'perWorkingDay',
      amountCents: 800,
      lines: cards.map((card) => ({ cardId: card.id })),
      schedule: { kind: 'lastWorkingDay' },
      startDay: athensDate(new Date()),
      submitMode: 'submit',
      paymentMethod: 'RF',
    }),
    { userId: users[0].id, companyId: 'C1001', locale: 'el' },
  );
}
