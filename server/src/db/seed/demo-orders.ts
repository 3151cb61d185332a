import { ROLE, type DraftCard, type OrderType, type PaymentKind, type RoleId } from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../../app';
import type { Db } from '../../platform/db';
import { DEMO_USERS, type DemoUserKey } from './demo';

/**
 * Demo orders, made through the orders services exactly as the portal makes them (ADR 010), so the
 * order history, the approval queue and the transfers waiting for the bank have something to show:
 * for Ακμή Τροφίμων (C1001) a paid load, paid plastic cards in production (shipped to the company's
 * first delivery point: the one demo order with a delivery fee) and an RF order of virtual cards
 * waiting for its transfer; for Ελαιώνας (C1002) an order above its threshold waiting for the
 * payment manager. Paid through the bank-statement matching, the way a transfer is confirmed.
 */
export async function seedDemoOrders(db: Db, services: AppServices): Promise<void> {
  const { rows } = await db.execute<{ id: string; email: string }>(sql`select id, email from users`);
  const idOf = (key: DemoUserKey) => rows.find((row) => row.email === DEMO_USERS[key].email)!.id;
  // Cards loaded this month already first: the demo's "ready to top up" cards stay as they are.
  const activeCards = await db.execute<{ id: string }>(sql`
    select c.id from cards c join ledger_accounts a on a.id = c.account_id
     where c.company_id = 'C1001' and c.product = 'TICKET_RESTAURANT' and c.family = 'plastic'
       and c.status = 'active'
     order by (a.last_load_at >= date_trunc('month', now()) + interval '2 days') desc nulls last, c.created_at
     limit 6`);
  if (activeCards.rows.length === 0) return;
  const [headOffice] = (
    await db.execute<{ id: string }>(sql`
      select id from delivery_points where company_id = 'C1001' order by created_at, id limit 1`)
  ).rows;

  async function order(
    user: DemoUserKey,
    companyId: string,
    roleId: RoleId,
    draft: {
      reason: 'load-card' | 'new-card';
      orderType: OrderType;
      family: 'plastic' | 'virtual';
      alias: string;
      cards: DraftCard[];
      /** Where plastic cards are shipped (the order's delivery fee pays for it). */
      deliveryPointId?: string;
    },
    method: PaymentKind,
  ) {
    const userId = idOf(user);
    const none = { key: null, route: 'demo' };
    const saved = await services.drafts.saveDraftOrder(
      {
        reason: draft.reason,
        orderType: draft.orderType,
        product: 'TICKET_RESTAURANT',
        family: draft.family,
        draftOrderAlias: draft.alias,
        invoiceComments: '',
        deliveryPointId: draft.deliveryPointId ?? null,
        bulkAmountCents: null,
        expiringDate: null,
        cards: draft.cards,
      },
      { userId, companyId },
      none,
    );
    return services.orders.submit(
      { userId, companyId, roleId, locale: 'el' },
      { draftId: saved.draftId, method },
      none,
    );
  }

  const line = (tempCardId: string, amountCents: number, rest: Partial<DraftCard>): DraftCard => ({
    tempCardId,
    cardId: null,
    cardholderId: null,
    cardholder: null,
    cardName: '',
    amountCents,
    ...rest,
  });
  const holder = (firstName: string, lastName: string) => ({
    firstName,
    lastName,
    email: '',
    phone: '',
    employeeCode: '',
    taxId: '',
  });

  const load = await order(
    'om1',
    'C1001',
    ROLE.ORDER_MANAGER,
    {
      reason: 'load-card',
      orderType: 'LOAD',
      family: 'plastic',
      alias: 'Φόρτωση Νοεμβρίου',
      cards: activeCards.rows.map((card, index) => line(`l${index}`, 15_000, { cardId: card.id })),
    },
    'RF',
  );
  const plastic = await order(
    'om1',
    'C1001',
    ROLE.ORDER_MANAGER,
    {
      reason: 'new-card',
      orderType: 'NEW',
      family: 'plastic',
      alias: 'Νέοι συνάδελφοι',
      deliveryPointId: headOffice!.id,
      cards: [
        line('n1', 10_000, { cardholder: holder('Αθανασία', 'Ρήγα') }),
        line('n2', 10_000, { cardholder: holder('Στέφανος', 'Λάμπρου') }),
      ],
    },
    'RF',
  );
  await order(
    'om1',
    'C1001',
    ROLE.ORDER_MANAGER,
    {
      reason: 'new-card',
      orderType: 'NEW',
      family: 'virtual',
      alias: 'Ψηφιακές κάρτες εποχικών',
      cards: [line('v1', 5_000, { cardholder: holder('Ιάσονας', 'Μαυρίδης') })],
    },
    'RF',
  );
  await order(
    'om3',
    'C1002',
    ROLE.ORDER_MANAGER,
    {
      reason: 'new-card',
      orderType: 'NEW',
      family: 'virtual',
      alias: 'Δώρο Χριστουγέννων',
      cards: Array.from({ length: 12 }, (_, index) =>
        line(`x${index}`, 20_000, { cardholder: holder('Υπάλληλος', `Ελαιώνα ${index + 1}`) }),
      ),
    },
    'RF',
  );
  // The bank confirms the first two transfers.
  const csv = [
    'id;date;amount;reference;payer',
    ...[load.order, plastic.order].map(
      (paid, index) =>
        `DEMO-${index + 1};${new Date().toISOString().slice(0, 10)};${(paid.totalCents / 100).toFixed(2).replace('.', ',')};ΕΞΟΦΛΗΣΗ ${paid.rfCode};ΑΚΜΗ ΤΡΟΦΙΜΩΝ Α.Ε.`,
    ),
  ].join('\n');
  await services.payments.importStatement(idOf('admin'), csv);
}
