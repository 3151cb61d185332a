import {
  addDays,
  athensDate,
  SERVICE_NOTIFICATION_IDS,
  type CardCategory,
  type CardFamily,
  type PortalNotification,
  type ServiceNotificationId,
} from '@tessera/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsTestFile } from '../../../test/accounts-helper';
import { csrfHeaders } from '../../../test/harness';
import {
  COMPANY_SCOPED_EXPECTATION,
  tenantMatrix,
  type DemoUserKey,
  DEMO_ROLE_KEYS,
  sessionHeaders,
} from '../../../test/tenant-helper';

const world = accountsTestFile();
const { API, api, ok } = world;

beforeAll(async () => {
  // Something to notify of in every kind: live cards expiring in ten days, never loaded.
  const expiry = addDays(athensDate(), 10);
  const kinds: [CardCategory, CardFamily][] = [
    ['TICKET_RESTAURANT', 'plastic'],
    ['TICKET_RESTAURANT', 'virtual'],
    ['SPENDEO', 'spendeo'],
    ['MY_BENEFITS', 'mybenefits'],
  ];
  await world.ctx.app.services.cards.createCards(
    world.ctx.database.db,
    'C1001',
    kinds.map(([product, family], index) => ({
      product,
      family,
      expiryDate: expiry,
      cardholder: { firstName: 'Ειδοποίηση', lastName: `Δοκιμή${index}` },
    })),
  );
});

describe('tenant scope of every notification route', () => {
  it.each([['GET', 'retrieveNotifications', undefined]] as const)(
    '%s %s answers every role for its own company only',
    async (method, route, payload) => {
      const matrix = await tenantMatrix(world.ctx, world.ids, {
        method,
        url: `${API}/${route}`,
        ...(payload ? { payload } : {}),
      });
      expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
    },
  );
});

describe('per-user routes (no company)', () => {
  it('keeps each user’s read notifications apart', async () => {
    const read = async (key: DemoUserKey) =>
      (await ok<{ readIds: string[] }>(await api(key, 'GET', 'notifications/read'))).readIds.sort();
    for (const key of DEMO_ROLE_KEYS) expect(await read(key)).toEqual([]);
    await ok(
      await api('om1', 'POST', 'notifications/mark-read', {
        payload: { ids: ['cms-welcome', 'expTrc', 'expTrc'] },
      }),
    );
    await ok(
      await api('merchant', 'POST', 'notifications/mark-read', { payload: { ids: ['merchant-news-1'] } }),
    );
    await ok(
      await api('om3', 'POST', 'notifications/mark-read', {
        company: 'C1003',
        payload: { ids: ['cms-offer-7'] },
      }),
    );
    expect(await read('om1')).toEqual(['cms-welcome', 'expTrc']);
    expect(await read('om3')).toEqual(['cms-offer-7']);
    expect(await read('merchant')).toEqual(['merchant-news-1']);
    for (const key of ['admin', 'care', 'finance', 'payment'] as const) expect(await read(key)).toEqual([]);
    // The read state follows the user to another browser (another session).
    const otherBrowser = await sessionHeaders(world.ctx, world.ids.om1);
    const elsewhere = await world.ctx.app.inject({ url: `${API}/notifications/read`, headers: otherBrowser });
    expect(elsewhere.json().readIds.sort()).toEqual(['cms-welcome', 'expTrc']);
  });

  it('need a session', async () => {
    expect((await world.ctx.app.inject({ url: `${API}/notifications/read` })).statusCode).toBe(401);
    const markRead = await world.ctx.app.inject({
      method: 'POST',
      url: `${API}/notifications/mark-read`,
      headers: await csrfHeaders(world.ctx.app),
      payload: { ids: ['x'] },
    });
    expect(markRead.statusCode).toBe(401);
  });
});

describe('service notifications', () => {
  const STATUS_OF: Record<ServiceNotificationId, (s: Record<string, Record<string, number>>) => number> = {
    expTrc: (s) => s.soonToExpireCards!.plastic!,
    expTrz: (s) => s.soonToExpireCards!.virtual!,
    expSpendeo: (s) => s.spendeo!.soonToExpireCards!,
    expMybenefits: (s) => s.myBenefits!.soonToExpireCards!,
    topUpTrc: (s) => s.readyToTopUpCards!.plastic!,
    topUpTrz: (s) => s.readyToTopUpCards!.virtual!,
    topUpSpendeo: (s) => s.spendeo!.readyToTopUpCards!,
    topUpMybenefits: (s) => s.myBenefits!.readyToTopUpCards!,
  };

  async function notifications(user: DemoUserKey, culture: string, company = 'C1001') {
    return (
      await ok<{ notifications: PortalNotification[] }>(
        await api(user, 'GET', 'retrieveNotifications', { culture, company }),
      )
    ).notifications;
  }

  it('gives one notification per kind with cards to act on, counted as the notification status counts', async () => {
    const status = await ok<Record<string, Record<string, number>>>(
      await api('om3', 'GET', 'notificationStatus'),
    );
    for (const [culture, locale] of [
      ['el-gr', 'el'],
      ['en-us', 'en'],
    ] as const) {
      const list = await notifications('om3', culture);
      const texts = (await world.ctx.app.services.content.getEntry('notification-texts', locale)) as Record<
        string,
        { title: string; excerpt: string }
      >;
      const expectedIds = SERVICE_NOTIFICATION_IDS.filter((id) => STATUS_OF[id](status) > 0);
      // The fixtures make every kind present.
      expect(expectedIds).toEqual([...SERVICE_NOTIFICATION_IDS]);
      expect(list.map((n) => n.nid)).toEqual(expectedIds);
      for (const notification of list) {
        const id = notification.nid as ServiceNotificationId;
        const count = STATUS_OF[id](status);
        expect(notification.count, id).toBe(count);
        expect(notification.title).toBe(texts[id]!.title);
        expect(notification.excerpt).toBe(texts[id]!.excerpt.replaceAll('{count}', String(count)));
        expect(notification.expiring).toBe(id.startsWith('exp'));
        expect(notification.link.href).toBe(`${locale === 'en' ? '/en' : ''}${notification.link.url}`);
        expect(notification.link.url).toMatch(
          id.startsWith('exp') ? /^\/card-list\?expiringSoon=true&/ : /^\/card-list\?readyToTopUp=true&/,
        );
        expect(notification.read).toBe(false);
      }
      expect(list.find((n) => n.nid === 'expTrc')!.title).toBe(
        locale === 'el' ? 'Κάρτες Ticket Restaurant λήγουν σύντομα' : 'Ticket Restaurant cards expiring soon',
      );
    }
  });

  it('leaves out kinds with nothing to act on', async () => {
    // C1006 has no cards expiring unless the demo gave it some: whatever the status says, the list follows.
    const status = await ok<Record<string, Record<string, number>>>(
      await api('admin', 'GET', 'notificationStatus', { company: 'C1006' }),
    );
    const list = await notifications('admin', 'el-gr', 'C1006');
    expect(list.map((n) => n.nid)).toEqual(
      SERVICE_NOTIFICATION_IDS.filter((id) => STATUS_OF[id](status) > 0),
    );
    expect(list.map((n) => n.count)).toEqual(
      list.map((n) => STATUS_OF[n.nid as ServiceNotificationId](status)),
    );
  });

  it('marks them read for the user who read them, and for nobody else', async () => {
    await ok(
      await api('om3', 'POST', 'notifications/mark-read', {
        payload: { ids: ['expSpendeo', 'topUpMybenefits'] },
      }),
    );
    const mine = await notifications('om3', 'en-us');
    expect(
      mine
        .filter((n) => n.read)
        .map((n) => n.nid)
        .sort(),
    ).toEqual(['expSpendeo', 'topUpMybenefits']);
    const theirs = await notifications('om1', 'en-us');
    expect(theirs.filter((n) => n.read).map((n) => n.nid)).toEqual(
      // om1 read expTrc earlier in this file (per-user routes).
      ['expTrc'],
    );
    const staff = await notifications('care', 'el-gr');
    expect(staff.filter((n) => n.read)).toEqual([]);
  });
});

describe('the ledger', () => {
  it('its invariants hold after everything above', async () => {
    expect(await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });
  });
});
