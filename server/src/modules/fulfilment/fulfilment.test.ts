import {
  EMBOSS_FILE_COLUMNS,
  findCardNumbers,
  ROLE,
  type DraftCard,
  type OrderDetails,
  type OrderSummary,
  type ProductionBatch,
  type QueueOrder,
} from '@tessera/domain';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEMO_USERS,
  demoApiClient,
  demoWorldTestFile,
  PROVIDER_ONLY_EXPECTATION,
  statusByUser,
  type DemoUserKey,
} from '../../../test/tenant-helper';
import { createTestMerchant } from '../../../test/merchant-helper';

const world = demoWorldTestFile({ timeoutMs: 120_000 });
const API = '/api/v1/fulfilment';
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  API,
);

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

let sequence = 0;

/** An order of new cards by om1 of C1001, paid by bank transfer as the statement import confirms it. */
async function paidOrder(family: 'plastic' | 'virtual', holders: [string, string][]): Promise<OrderSummary> {
  sequence += 1;
  const services = world.ctx.app.services;
  const userId = world.ids.om1;
  const companyId = 'C1001';
  const [point] = await query<{ id: string }>(
    `select id from delivery_points where company_id = $1 order by created_at, id limit 1`,
    [companyId],
  );
  const none = { key: null, route: 'test' };
  const cards: DraftCard[] = holders.map(([firstName, lastName], index) => ({
    tempCardId: `t${sequence}-${index}`,
    cardId: null,
    cardholderId: null,
    cardholder: { firstName, lastName, email: '', phone: '', employeeCode: '', taxId: '' },
    cardName: '',
    amountCents: 2_000,
  }));
  const saved = await services.drafts.saveDraftOrder(
    {
      reason: 'new-card',
      orderType: 'NEW',
      product: 'TICKET_RESTAURANT',
      family,
      draftOrderAlias: `fulfilment ${sequence}`,
      invoiceComments: '',
      deliveryPointId: family === 'plastic' ? point!.id : null,
      bulkAmountCents: null,
      expiringDate: null,
      cards,
    },
    { userId, companyId },
    none,
  );
  const { order } = await services.orders.submit(
    { userId, companyId, roleId: ROLE.ORDER_MANAGER, locale: 'el' },
    { draftId: saved.draftId, method: 'RF' },
    none,
  );
  const amount = (order.totalCents / 100).toFixed(2).replace('.', ',');
  const csv = `id;date;amount;reference;payer\nFT-${randomUUID()};${new Date().toISOString().slice(0, 10)};${amount};ΕΞΟΦΛΗΣΗ ${order.rfCode};ΑΚΜΗ`;
  await services.payments.importStatement(world.ids.admin, csv);
  const [row] = await query<{ status: string }>(`select status from orders where id = $1`, [order.orderId]);
  return { ...order, status: row!.status as OrderSummary['status'] };
}

async function details(orderId: string): Promise<OrderDetails> {
  return ok<{ order: OrderDetails }>(
    await api('admin', 'GET', `/api/v1/orders/retrieveOrderDetails?orderId=${orderId}`),
  ).order;
}

async function mailsTo(key: DemoUserKey, since: Date) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return query<{ subject: string; text: string }>(
    `select subject, text from mail_outbox where "to" = $1 and created_at >= $2 order by created_at`,
    [DEMO_USERS[key].email, since],
  );
}

type FieldBody = { errorCode: number; fields?: { field: string; message: string }[] };

function fieldsOf(body: unknown): Record<string, string> {
  return Object.fromEntries(((body as FieldBody).fields ?? []).map((field) => [field.field, field.message]));
}

describe('virtual cards skip production', () => {
  it('a paid virtual order is loaded at once and never queued', async () => {
    const order = await paidOrder('virtual', [['Ιάσονας', 'Μαυρίδης']]);
    expect(order.status).toBe('loaded');
    const queue = ok<{ orders: QueueOrder[] }>(await api('admin', 'GET', 'queue')).orders;
    expect(queue.map((queued) => queued.orderId)).not.toContain(order.orderId);
  });
});

describe('who may use the production queue', () => {
  it('reads answer provider staff only', async () => {
    for (const url of ['queue', 'batches']) {
      const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
        world.ctx.app.inject({
          method: 'GET',
          url: `${API}/${url}`,
          headers: { ...headers, companyid: 'C1001' },
        }),
      );
      expect(statuses, url).toEqual(PROVIDER_ONLY_EXPECTATION);
    }
  });

  it.each([
    ['batches', { orderIds: [randomUUID()] }],
    ['ship', { courier: 'ACS', shipments: [{ orderId: randomUUID(), trackingNumber: '7300112233' }] }],
    ['deliver', { orderIds: [randomUUID()] }],
    ['return', { orderId: randomUUID(), reason: 'Άγνωστος παραλήπτης' }],
  ])(
    'POST %s: company roles and merchants are refused, staff reach the order checks',
    async (url, payload) => {
      const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
        world.ctx.app.inject({
          method: 'POST',
          url: `${API}/${url}`,
          headers: { ...headers, companyid: 'C1001' },
          payload,
        }),
      );
      // An unknown order is a field problem (409) for staff; everyone else is stopped before.
      expect(statuses).toEqual({
        admin: 409,
        care: 409,
        om1: 403,
        om3: 403,
        finance: 403,
        payment: 403,
        merchant: 403,
      });
    },
  );

  it('the embossing file answers provider staff only', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({ method: 'GET', url: `${API}/batches/${randomUUID()}/embossing.csv`, headers }),
    );
    expect(statuses).toEqual({
      admin: 404,
      care: 404,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
  });

  it('refuses anyone signed out', async () => {
    const response = await world.ctx.app.inject({ method: 'GET', url: `${API}/queue` });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
  it.each([
    ['el', 'batches', { orderIds: [] }, 'orderIds', 'υποχρεωτικό'],
    ['en', 'batches', { orderIds: ['not-an-id'] }, 'orderIds.0', 'not valid'],
    [
      'el',
      'ship',
      { courier: 'DHL', shipments: [{ orderId: randomUUID(), trackingNumber: '7300112233' }] },
      'courier',
      'Επιλέξτε',
    ],
    [
      'en',
      'ship',
      { courier: 'ACS', shipments: [{ orderId: randomUUID(), trackingNumber: '<b>' }] },
      'shipments.0.trackingNumber',
      '',
    ],
    ['en', 'deliver', { orderIds: [] }, 'orderIds', 'required'],
    ['el', 'return', { orderId: randomUUID(), reason: '' }, 'reason', ''],
  ] as const)('%s POST %s %j', async (culture, url, payload, field, words) => {
    const response = await api('admin', 'POST', url, { payload, culture });
    expect(response.statusCode, response.body).toBe(400);
    const fields = fieldsOf(response.json());
    expect(Object.keys(fields)).toContain(field);
    expect(fields[field]).toContain(words);
  });

  it('a batch id that is no id is a 400, an unknown one a 404', async () => {
    expect((await api('admin', 'GET', 'batches/abc/embossing.csv')).statusCode).toBe(400);
    expect((await api('admin', 'GET', `batches/${randomUUID()}/embossing.csv`)).statusCode).toBe(404);
  });
});

describe('from payment to delivery: a batch, its embossing file, the courier', () => {
  it('moves each order along its timeline, refusing steps out of order, with emails and audit rows', async () => {
    const started = new Date();
    const first = await paidOrder('plastic', [
      ['Αθανασία', 'Ρήγα'],
      ['Χρυσούλα', 'Ψαρρού-Γιαννοπούλου'],
    ]);
    const second = await paidOrder('plastic', [['Ευάγγελος', 'Μπακογιάννης']]);
    expect([first.status, second.status]).toEqual(['in_production', 'in_production']);
    const queued = ok<{ orders: QueueOrder[] }>(await api('care', 'GET', 'queue')).orders;
    expect(queued.find((order) => order.orderId === first.orderId)).toMatchObject({
      companyId: 'C1001',
      cards: 2,
      family: 'plastic',
    });

    // Shipping or delivering before a batch is refused, naming the order, in the reader's language.
    const early = await api('admin', 'POST', 'ship', {
      payload: { courier: 'ACS', shipments: [{ orderId: first.orderId, trackingNumber: '7300112233' }] },
    });
    expect(early.statusCode).toBe(409);
    expect(fieldsOf(early.json())['shipments.0.orderId']).toBe(
      `Η παραγγελία #${first.orderNumber} δεν ανήκει σε παρτίδα παραγωγής· προσθέστε τη σε παρτίδα πριν την αποστείλετε.`,
    );
    const deliverEarly = await api('admin', 'POST', 'deliver', {
      payload: { orderIds: [first.orderId] },
      culture: 'en',
    });
    expect(deliverEarly.statusCode).toBe(409);
    expect(fieldsOf(deliverEarly.json())['orderIds.0']).toBe(
      `Order #${first.orderNumber} has not been shipped yet.`,
    );

    // The batch.
    const batch = ok<{ batch: ProductionBatch }>(
      await api('care', 'POST', 'batches', { payload: { orderIds: [first.orderId, second.orderId] } }),
    ).batch;
    expect(batch).toMatchObject({ status: 'inProduction', cards: 3 });
    expect(batch.orders.map((order) => order.orderId).sort()).toEqual([first.orderId, second.orderId].sort());
    const after = ok<{ orders: QueueOrder[] }>(await api('admin', 'GET', 'queue')).orders;
    expect(after.map((order) => order.orderId)).not.toContain(first.orderId);
    const again = await api('admin', 'POST', 'batches', {
      payload: { orderIds: [second.orderId, second.orderId] },
    });
    expect(again.statusCode).toBe(409);
    expect(Object.keys(fieldsOf(again.json()))).toEqual(expect.arrayContaining(['orderIds.0', 'orderIds.1']));
    expect((await api('admin', 'GET', 'batches')).json().batches[0].batchId).toBe(batch.batchId);

    // The embossing file.
    const file = await api('care', 'GET', `batches/${batch.batchId}/embossing.csv`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`emboss-batch-${batch.batchNumber}.csv`);
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(EMBOSS_FILE_COLUMNS.join(';'));
    expect(lines).toHaveLength(4);
    const rows = lines
      .slice(1)
      .map((line) => Object.fromEntries(line.split(';').map((value, i) => [EMBOSS_FILE_COLUMNS[i], value])));
    expect(rows.map((row) => row.EMBOSS_NAME)).toEqual([
      'ATHANASIA RIGA',
      'CHRYSOULA PSARROU-GIANNOPO',
      'EVANGELOS BAKOGIANNIS',
    ]);
    for (const row of rows) {
      expect(row.EMBOSS_NAME).toMatch(/^[A-Z .-]{1,26}$/);
      expect(row.EMBOSS_LINE2).toMatch(/^[A-Z0-9 .&'-]{1,21}$/);
      expect(row.PRODUCT_CODE).toBe('TICKET_RESTAURANT-PLASTIC');
      expect(row.BATCH_NO).toBe(String(batch.batchNumber));
      expect(row.CARD_LAST4).toMatch(/^\d{4}$/);
    }
    // Never a card number: no run of 13 digits or more, and none of the batch's cards' numbers.
    expect(file.body).not.toMatch(/\d{13}/);
    expect(findCardNumbers(file.body)).toEqual([]);
    // Each line names its card by id (and its last four digits), the card the order made.
    const cards = await query<{ id: string; last4: string }>(
      `select k.id, k.last4 from order_lines l join cards k on k.id = l.card_id where l.order_id = any($1::uuid[])`,
      [[first.orderId, second.orderId]],
    );
    expect(rows.map((row) => `${row.CARD_REF}:${row.CARD_LAST4}`).sort()).toEqual(
      cards.map((card) => `${card.id}:${card.last4}`).sort(),
    );

    // Shipped, each with its voucher.
    const shipped = ok<{ batches: ProductionBatch[] }>(
      await api('admin', 'POST', 'ship', {
        payload: {
          courier: 'ACS',
          shipments: [
            { orderId: first.orderId, trackingNumber: '7300112233' },
            { orderId: second.orderId, trackingNumber: '7300112234' },
          ],
        },
      }),
    ).batches;
    expect(shipped[0]!.status).toBe('shipped');
    expect(shipped[0]!.orders.every((order) => order.courier === 'ACS' && order.shippedAt)).toBe(true);
    const twice = await api('admin', 'POST', 'ship', {
      payload: { courier: 'SPEEDEX', shipments: [{ orderId: first.orderId, trackingNumber: '99887766' }] },
      culture: 'en',
    });
    expect(twice.statusCode).toBe(409);
    expect(fieldsOf(twice.json())['shipments.0.orderId']).toBe(
      `Order #${first.orderNumber} has already been shipped.`,
    );
    const firstShipped = await details(first.orderId);
    expect(firstShipped.status).toBe('shipped');
    expect(firstShipped.trackingNumber).toBe('7300112233');
    expect(firstShipped.timeline.find((entry) => entry.step === 'shipped')?.notes).toEqual([
      { code: 'trackingNumber', trackingNumber: '7300112233', courier: 'ACS' },
    ]);

    // One comes back; the other is delivered.
    const returned = ok<{ batch: ProductionBatch }>(
      await api('care', 'POST', 'return', {
        payload: { orderId: first.orderId, reason: 'Ο παραλήπτης δεν βρέθηκε' },
      }),
    ).batch;
    expect(returned.status).toBe('partlyShipped');
    expect(returned.orders.find((order) => order.orderId === first.orderId)).toMatchObject({
      status: 'in_production',
      returnReason: 'Ο παραλήπτης δεν βρέθηκε',
    });
    const afterReturn = await details(first.orderId);
    expect(afterReturn.status).toBe('in_production');
    expect(afterReturn.timeline.find((entry) => entry.step === 'in_production')?.notes).toContainEqual({
      code: 'shipmentReturned',
      courier: 'ACS',
      trackingNumber: '7300112233',
      reason: 'Ο παραλήπτης δεν βρέθηκε',
    });
    expect(
      (await api('admin', 'POST', 'return', { payload: { orderId: first.orderId, reason: 'ξανά' } }))
        .statusCode,
    ).toBe(409);

    const delivered = ok<{ batches: ProductionBatch[] }>(
      await api('admin', 'POST', 'deliver', { payload: { orderIds: [second.orderId] } }),
    ).batches;
    expect(delivered[0]!.orders.find((order) => order.orderId === second.orderId)?.status).toBe('delivered');
    const deliverTwice = await api('admin', 'POST', 'deliver', { payload: { orderIds: [second.orderId] } });
    expect(deliverTwice.statusCode).toBe(409);
    expect(fieldsOf(deliverTwice.json())['orderIds.0']).toContain('έχει ήδη παραδοθεί');

    // The company's bell rings for the returned shipment, linking to the order, in the reader's language.
    const bell = async (culture: 'el' | 'en') =>
      ok<{ notifications: { nid: string; title: string; count?: number; link: { href: string } }[] }>(
        await api('om1', 'GET', '/api/v1/accounts/retrieveNotifications', { culture }),
      ).notifications.find((notification) => notification.nid === 'shipmentReturned');
    expect(await bell('el')).toMatchObject({
      title: 'Αποστολές καρτών επιστράφηκαν',
      count: 1,
      link: { href: `/order-details-page?orderId=${first.orderId}` },
    });
    expect((await bell('en'))?.link.href).toBe(`/en/order-details-page?orderId=${first.orderId}`);

    // The returned order goes out again, from its batch.
    ok(
      await api('admin', 'POST', 'ship', {
        payload: {
          courier: 'ELTA_COURIER',
          shipments: [{ orderId: first.orderId, trackingNumber: 'EL 123456789 GR' }],
        },
      }),
    );
    expect((await details(first.orderId)).status).toBe('shipped');
    expect(await bell('el')).toBeUndefined();

    // Emails: the submitter hears of each step; the company's other order manager of the return.
    const om1 = await mailsTo('om1', started);
    const subjects = om1.map((mail) => mail.subject).join('\n');
    expect(subjects).toContain(`απεστάλη`);
    expect(subjects).toContain('παραδόθηκε');
    expect(subjects).toContain('επιστράφηκαν');
    const returnMail = om1.find((mail) => mail.subject.includes('επιστράφηκαν'))!;
    expect(returnMail.text).toContain('7300112233');
    expect(returnMail.text).toContain('Ο παραλήπτης δεν βρέθηκε');
    expect(returnMail.text).toContain('ACS Courier');
    expect(om1.some((mail) => mail.text.includes('EL 123456789 GR (ΕΛΤΑ Courier)'))).toBe(true);
    expect((await mailsTo('om3', started)).some((mail) => mail.subject.includes('επιστράφηκαν'))).toBe(true);

    // Audited, each order under its company, the staff member as the actor.
    const audit = await query<{ action: string; company_id: string | null; actor_user_id: string }>(
      `select action, company_id, actor_user_id from audit_log
        where entity_id in ($1, $2, $3) order by created_at`,
      [first.orderId, second.orderId, batch.batchId],
    );
    const actions = audit.map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'production-batch.create',
        'order.batch',
        'production-batch.embossing-file',
        'order.ship',
        'order.return',
        'order.deliver',
      ]),
    );
    expect(
      audit.filter((row) => row.action === 'order.ship').every((row) => row.company_id === 'C1001'),
    ).toBe(true);
    expect(audit.find((row) => row.action === 'order.return')?.actor_user_id).toBe(world.ids.care);
  });
});

describe('two staff members at once', () => {
  it('batching the same order twice at the same time: one batch, the other refused (never a 500)', async () => {
    const order = await paidOrder('plastic', [['Ιωάννα', 'Κάππου']]);
    const [a, b] = await Promise.all([
      api('admin', 'POST', 'batches', { payload: { orderIds: [order.orderId] } }),
      api('care', 'POST', 'batches', { payload: { orderIds: [order.orderId] } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const links = await query(`select batch_id from production_batch_orders where order_id = $1`, [
      order.orderId,
    ]);
    expect(links).toHaveLength(1);
  });
});

describe('merchants’ supply orders go out from the same page', () => {
  it('lists the supply orders not shipped, ships one with its courier and voucher, once, audited', async () => {
    const { merchantId } = await createTestMerchant(world.ctx, { storeName: 'Κατάστημα Ερμού' });
    const [store] = await world.ctx.app.services.merchants.stores(merchantId);
    const { order } = await world.ctx.app.services.merchantBilling.orderSupplies(
      { userId: null, locale: 'el' },
      merchantId,
      { storeId: store!.storeId, bags: 2, stickers: 1, notes: 'Πίσω είσοδος' },
    );
    const pending = ok<{ orders: { supplyOrderId: string; storeName: string; bags: number }[] }>(
      await api('care', 'GET', 'supplies'),
    ).orders;
    expect(pending.find((entry) => entry.supplyOrderId === order.orderId)).toMatchObject({
      storeName: 'Κατάστημα Ερμού',
      bags: 2,
    });
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({ method: 'GET', url: `${API}/supplies`, headers }),
    );
    expect(statuses).toEqual(PROVIDER_ONLY_EXPECTATION);

    const bad = await api('admin', 'POST', 'supplies/ship', {
      payload: { supplyOrderId: order.orderId, courier: 'ACS', trackingNumber: '' },
      culture: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad.json()))).toEqual(['trackingNumber']);
    const asMerchant = await api('merchant', 'POST', 'supplies/ship', {
      payload: { supplyOrderId: order.orderId, courier: 'ACS', trackingNumber: '7300999888' },
    });
    expect(asMerchant.statusCode).toBe(403);

    ok(
      await api('care', 'POST', 'supplies/ship', {
        payload: {
          supplyOrderId: order.orderId,
          courier: 'GENIKI_TAXYDROMIKI',
          trackingNumber: '7300999888',
        },
      }),
    );
    const [row] = await query<{ status: string; courier: string; tracking_number: string }>(
      `select status, courier, tracking_number from merchant_supply_orders where id = $1`,
      [order.orderId],
    );
    expect(row).toEqual({ status: 'shipped', courier: 'GENIKI_TAXYDROMIKI', tracking_number: '7300999888' });
    const twice = await api('admin', 'POST', 'supplies/ship', {
      payload: { supplyOrderId: order.orderId, courier: 'ACS', trackingNumber: '7300999889' },
    });
    expect(twice.statusCode).toBe(409);
    expect(fieldsOf(twice.json()).supplyOrderId).toBe('Η παραγγελία αναλωσίμων έχει ήδη αποσταλεί.');
    const after = ok<{ orders: { supplyOrderId: string }[] }>(await api('care', 'GET', 'supplies')).orders;
    expect(after.map((entry) => entry.supplyOrderId)).not.toContain(order.orderId);
    const audit = await query<{ actor_user_id: string }>(
      `select actor_user_id from audit_log where action = 'merchant-supply-order.ship' and entity_id = $1`,
      [order.orderId],
    );
    expect(audit).toEqual([{ actor_user_id: world.ids.care }]);
  });
});
