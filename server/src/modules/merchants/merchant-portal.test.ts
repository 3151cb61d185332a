import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_USERS, seedDemoMerchants } from '../../db/seed/demo-merchants';
import { demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';

const world = demoWorldTestFile({ cardScale: 0.05 });
const users = new Map<string, string>();
let frescoStore: string;
let tavernaStore: string;

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
  const { rows } = await world.ctx.database.pool.query<{ id: string; email: string }>(
    'select id, email from users where email = any($1)',
    [DEMO_MERCHANT_USERS.map((user) => user.email)],
  );
  for (const row of rows) users.set(row.email, row.id);
  const stores = await world.ctx.database.pool.query<{ id: string; merchant_id: string }>(
    'select id, merchant_id from merchant_stores order by name',
  );
  frescoStore = stores.rows.find((row) => row.merchant_id === 'M2002')!.id;
  tavernaStore = stores.rows.find((row) => row.merchant_id === 'M2001')!.id;
});

const viewer = () => users.get('merchant.viewer@tessera.demo')!;

async function call(
  method: 'GET' | 'POST',
  url: string,
  userId: string,
  payload?: object,
  culture = 'en-us',
) {
  return world.ctx.app.inject({
    method,
    url,
    headers: { ...(await sessionHeaders(world.ctx, userId)), culture },
    ...(payload ? { payload } : {}),
  });
}

const storeUpdate = (storeId: string) => ({
  storeId,
  name: 'Φρέσκο Μάρκετ Σύνταγμα',
  address: 'Φιλελλήνων 14',
  city: 'Αθήνα',
  postalCode: '105 57',
  openingHours: 'Δε–Σα 07:30–21:30',
  channels: ['in_store', 'delivery_platform'],
});

describe('stores', () => {
  it('lets the administrator correct a store, audited; not another merchant’s, not a view-only user', async () => {
    const updated = await call(
      'POST',
      '/api/v1/merchants/updateStoreDetails',
      world.ids.merchant,
      storeUpdate(frescoStore),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      store: { address: 'Φιλελλήνων 14', postalCode: '10557', channels: ['in_store', 'delivery_platform'] },
    });
    const details = await call(
      'GET',
      `/api/v1/merchants/retrieveStoreDetails?storeId=${frescoStore}`,
      viewer(),
    );
    expect(details.json()).toMatchObject({ store: { openingHours: 'Δε–Σα 07:30–21:30' } });
    const { rows } = await world.ctx.database.pool.query(
      `select 1 from audit_log where action = 'store.update' and entity_id = $1`,
      [frescoStore],
    );
    expect(rows).toHaveLength(1);
    expect(
      (
        await call(
          'POST',
          '/api/v1/merchants/updateStoreDetails',
          world.ids.merchant,
          storeUpdate(tavernaStore),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          'GET',
          `/api/v1/merchants/retrieveStoreDetails?storeId=${tavernaStore}`,
          world.ids.merchant,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/v1/merchants/updateStoreDetails', viewer(), storeUpdate(frescoStore)))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/v1/merchants/updateStoreDetails', world.ids.om1, storeUpdate(frescoStore)))
        .statusCode,
    ).toBe(403);
    const bad = await call('POST', '/api/v1/merchants/updateStoreDetails', world.ids.merchant, {
      ...storeUpdate(frescoStore),
      postalCode: 'ABC',
      channels: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('postalCode');
  });

  it('names the channels in the request’s language', async () => {
    const el = await call('GET', '/api/v1/merchants/retrieveChannels', viewer(), undefined, 'el-gr');
    expect(el.json()).toMatchObject({ channels: [{ code: 'in_store', name: 'Στο κατάστημα' }, {}, {}] });
  });
});

describe('the redeemer profile', () => {
  it('changes the contact at once and the IBAN only through the mailed link', async () => {
    const before = (
      await call('GET', '/api/v1/merchants/retrieveRedeemerProfileDetails', world.ids.merchant)
    ).json<{
      merchant: { iban: string };
    }>().merchant.iban;
    const profile = {
      contactName: 'Σοφία Μιχαηλίδου',
      contactEmail: 'finance@fresko.demo',
      contactPhone: '+302106401001',
      address: 'Λεωφόρος Αλεξάνδρας 100, 114 71 Αθήνα',
      iban: 'GR41 0260 1110 0000 0098 7654 321',
      bic: 'bnpagraa',
    };
    const bad = await call('POST', '/api/v1/merchants/updateRedeemerProfile', world.ids.merchant, {
      ...profile,
      iban: 'GR00 1234',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('iban');
    const asked = await call('POST', '/api/v1/merchants/updateRedeemerProfile', world.ids.merchant, profile);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      ibanChangePending: true,
      merchant: { contactEmail: 'finance@fresko.demo', iban: before },
    });
    // The link goes to the contact address the merchant had before: changing the e-mail and the
    // IBAN in one go does not hand the link to whoever made the change.
    const mail = await world.ctx.database.pool.query<{ text: string; to: string }>(
      `select text, "to" from mail_outbox where text like '%confirmIban=%' order by created_at desc limit 1`,
    );
    expect(mail.rows[0]!.to).toBe('merchant@tessera.demo');
    const token = /confirmIban=([A-Za-z0-9_-]+)/.exec(mail.rows[0]!.text)![1]!;
    expect(mail.rows[0]!.text).not.toContain('GR4102601110000000987654321');
    expect((await call('POST', '/api/v1/merchants/confirmIbanChange', viewer(), { token })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call('POST', '/api/v1/merchants/confirmIbanChange', users.get('taverna@tessera.demo')!, {
          token,
        })
      ).statusCode,
    ).toBe(404);
    const confirmed = await call('POST', '/api/v1/merchants/confirmIbanChange', world.ids.merchant, {
      token,
    });
    expect(confirmed.json()).toMatchObject({ merchant: { iban: 'GR4102601110000000987654321' } });
    expect(
      (await call('POST', '/api/v1/merchants/confirmIbanChange', world.ids.merchant, { token })).statusCode,
    ).toBe(404);
    const told = await call('GET', '/api/v1/merchants/retrieveMerchantNotifications', viewer());
    expect(told.json()).toMatchObject({ unread: 1, notifications: [{ kind: 'ibanChanged' }] });
    const read = await call('POST', '/api/v1/merchants/updateMerchantNotification', viewer(), {});
    expect(read.statusCode).toBe(200);
    expect(
      (await call('GET', '/api/v1/merchants/retrieveMerchantNotifications', viewer())).json<{
        unread: number;
      }>().unread,
    ).toBe(0);
  });
});

describe('merchant users', () => {
  it('lets the administrator invite a view-only user and lock them; only their own merchant’s', async () => {
    const invited = await call('POST', '/api/v1/merchants/inviteMerchantUser', world.ids.merchant, {
      email: 'cashier@fresko.demo',
      firstName: 'Ελένη',
      lastName: 'Ταμία',
      role: 'viewer',
    });
    expect(invited.statusCode).toBe(200);
    const { user } = invited.json<{ user: { userId: string; isConfirmed: boolean; userRoleId: number } }>();
    expect(user).toMatchObject({ isConfirmed: false, userRoleId: 1001 });
    const listed = await call('GET', '/api/v1/merchants/merchantUsers', viewer());
    expect(listed.json<{ users: { email: string }[] }>().users.map((entry) => entry.email)).toEqual(
      expect.arrayContaining([
        'cashier@fresko.demo',
        'merchant@tessera.demo',
        'merchant.viewer@tessera.demo',
      ]),
    );
    const locked = await call('POST', '/api/v1/merchants/lockMerchantUser', world.ids.merchant, {
      userId: user.userId,
      locked: true,
    });
    expect(locked.json()).toMatchObject({ user: { isLocked: true } });
    const foreign = await call(
      'POST',
      '/api/v1/merchants/lockMerchantUser',
      users.get('taverna@tessera.demo')!,
      {
        userId: user.userId,
        locked: false,
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await call('POST', '/api/v1/merchants/lockMerchantUser', viewer(), {
          userId: user.userId,
          locked: false,
        })
      ).statusCode,
    ).toBe(403);
    const self = await call('POST', '/api/v1/merchants/lockMerchantUser', world.ids.merchant, {
      userId: world.ids.merchant,
      locked: true,
    });
    expect(self.statusCode).toBe(422);
  });
});
