import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookDelivery, WebhookEndpoint } from '@tessera/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';
import { demoApiClient, demoWorldTestFile } from '../../../test/tenant-helper';
import { loadConfig } from '../../platform/config';
import type { ResolveHost } from '../../platform/outbound-address';
import { createDeliveryAgent } from './deliver';
import { publishEvent } from '.';

/**
 * Issue 33 §1 (ADR 039): a webhook endpoint may not make the server reach its own loopback, a
 * private network or the cloud's metadata service, however the address is written and whatever a
 * name resolves to, at registration or — DNS rebinding — at the moment of delivery.
 */

/** The test's DNS: names and what they resolve to; `rebind.example` answers what the test says. */
const DNS: Record<string, string[]> = {
  'public.example': ['93.184.216.34'],
  'loopback.example': ['127.0.0.1'],
  'v6-loopback.example': ['::1'],
  'mapped-loopback.example': ['::ffff:127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'private.example': ['10.1.2.3'],
  'cgnat.example': ['100.64.0.7'],
  'unique-local.example': ['fd12:3456::1'],
  'link-local.example': ['fe80::1'],
  // One public answer does not excuse a private one beside it.
  'mixed.example': ['93.184.216.34', '192.168.0.10'],
};
let rebindAnswer: string[] = [];
const resolveHost: ResolveHost = async (hostname) => {
  if (hostname === 'rebind.example') return rebindAnswer;
  const answer = DNS[hostname];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

// Production's rule (no private targets), on the test's resolver.
const env = { WEBHOOK_ALLOW_PRIVATE: 'false', RATE_LIMIT_MAX: '100000' };
const world = demoWorldTestFile({
  app: () => createTestApp({ env, resolveHost }),
  timeoutMs: 180_000,
});
const { api, ok } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

/** A listener on this machine that records every connection made to it, and answers 200. */
const listener = { server: undefined as Server | undefined, port: 0, connections: 0 };

beforeAll(async () => {
  listener.server = createServer((_request, response) => response.writeHead(200).end('internal secret'));
  listener.server.on('connection', () => (listener.connections += 1));
  await new Promise<void>((resolve) => listener.server!.listen(0, '127.0.0.1', resolve));
  listener.port = (listener.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => listener.server?.close(() => resolve()));
});

beforeEach(() => {
  listener.connections = 0;
});

type Fields = { fields?: { field: string; message: string }[] };

const NOT_PUBLIC_URLS = [
  // Loopback, every spelling.
  'https://127.0.0.1/hook',
  'https://2130706433/hook',
  'https://0177.0.0.1/hook',
  'https://0x7f.1/hook',
  'https://0x7f000001/hook',
  'https://127.1/hook',
  'https://127.0.0.1./hook',
  'https://[::ffff:127.0.0.1]:8443/hook',
  'https://[::ffff:7f00:1]/hook',
  'https://[0:0:0:0:0:ffff:7f00:1]/hook',
  'https://[::1]/hook',
  'https://[0:0:0:0:0:0:0:1]/hook',
  'https://[::127.0.0.1]/hook',
  'https://[2002:7f00:1::1]/hook',
  'https://[64:ff9b::7f00:1]/hook',
  'https://localhost/hook',
  'https://LOCALHOST./hook',
  'https://api.localhost/hook',
  // The cloud's metadata service.
  'https://169.254.169.254/latest/meta-data/',
  'https://2852039166/latest/meta-data/',
  'https://0251.0376.0251.0376/latest/meta-data/',
  'https://0xa9.0xfe.0xa9.0xfe/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://[::ffff:a9fe:a9fe]/latest/meta-data/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  // Private, shared (CGNAT), link-local and unique-local networks.
  'https://10.0.0.1/hook',
  'https://172.16.5.4/hook',
  'https://172.31.255.255/hook',
  'https://192.168.1.1/hook',
  'https://[::ffff:192.168.1.1]/hook',
  'https://100.64.0.1/hook',
  'https://100.127.255.254/hook',
  'https://169.254.1.1/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456::1]/hook',
  'https://[fe80::1]/hook',
  // Multicast, broadcast, unspecified, reserved.
  'https://224.0.0.1/hook',
  'https://239.255.255.250/hook',
  'https://[ff02::1]/hook',
  'https://255.255.255.255/hook',
  'https://0.0.0.0/hook',
  'https://0/hook',
  'https://[::]/hook',
  'https://240.0.0.1/hook',
  // Names resolving to any of them.
  'https://loopback.example/hook',
  'https://v6-loopback.example/hook',
  'https://mapped-loopback.example/hook',
  'https://metadata.example/latest/meta-data/',
  'https://private.example/hook',
  'https://cgnat.example/hook',
  'https://unique-local.example/hook',
  'https://link-local.example/hook',
  'https://mixed.example/hook',
];

describe('webhook targets by address', () => {
  it('refuses every spelling of loopback, private, link-local, metadata, multicast and unspecified addresses, and names resolving to them, with the url field in both languages', async () => {
    const accepted: string[] = [];
    for (const url of NOT_PUBLIC_URLS) {
      const greek = await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url, eventTypes: ['payment.received'] },
      });
      const english = await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url, eventTypes: ['payment.received'] },
        culture: 'en-us',
      });
      if (greek.statusCode !== 400 || english.statusCode !== 400) {
        accepted.push(`${url} → ${greek.statusCode}`);
        continue;
      }
      const el = greek.json<Fields>().fields?.[0];
      const en = english.json<Fields>().fields?.[0];
      expect([el?.field, en?.field], url).toEqual(['url', 'url']);
      expect(en?.message, url).toMatch(/public https address/);
      expect(el?.message, url).toMatch(/δημόσια διεύθυνση https/);
    }
    expect(accepted).toEqual([]);
    const stored = await world.ctx.database.pool.query(`select url from webhook_endpoints`);
    expect(stored.rows).toEqual([]);
  });

  it('refuses a name that resolves to nothing, and accepts a public name and a public address', async () => {
    const unknown = await api('om1', 'POST', 'createWebhookEndpoint', {
      payload: { url: 'https://nowhere.example/hook', eventTypes: ['payment.received'] },
      culture: 'en-us',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Fields>().fields?.[0]).toMatchObject({
      field: 'url',
      message: expect.stringMatching(/could not be found/) as unknown as string,
    });
    for (const url of [
      'https://public.example/hook',
      'https://93.184.216.34/hook',
      'https://[2606:4700::1]/',
    ]) {
      const made = await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url, eventTypes: ['payment.received'] },
      });
      expect(made.statusCode, `${url} ${made.body}`).toBe(200);
    }
  });

  it('refuses plain http and a private address when an endpoint is changed too', async () => {
    const made = ok<{ endpoint: WebhookEndpoint }>(
      await api('om1', 'POST', 'createWebhookEndpoint', {
        payload: { url: 'https://public.example/changed', eventTypes: ['payment.received'] },
      }),
    );
    for (const url of [
      `http://127.0.0.1:${listener.port}/`,
      'https://[::ffff:7f00:1]/',
      'https://loopback.example/',
    ]) {
      const changed = await api('om1', 'POST', 'updateWebhookEndpoint', {
        payload: { endpointId: made.endpoint.endpointId, url },
      });
      expect(changed.statusCode, url).toBe(400);
      expect(changed.json<Fields>().fields?.[0]?.field).toBe('url');
    }
  });
});

describe('webhook targets at delivery', () => {
  async function lastDelivery(endpointId: string, company: string): Promise<WebhookDelivery> {
    const deliveries = ok<{ deliveries: WebhookDelivery[] }>(
      await api('om3', 'GET', `webhookDeliveries?endpointId=${endpointId}`, { company }),
    ).deliveries;
    return deliveries[0]!;
  }

  it('opens no connection to a name that resolved to a public address at registration and resolves to loopback at delivery', async () => {
    rebindAnswer = ['93.184.216.34'];
    const made = ok<{ endpoint: WebhookEndpoint }>(
      await api('om3', 'POST', 'createWebhookEndpoint', {
        company: 'C1003',
        payload: {
          url: `https://rebind.example:${listener.port}/hook`,
          eventTypes: ['bulk_import.finished'],
        },
      }),
    );
    rebindAnswer = ['127.0.0.1'];
    await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1003', type: 'bulk_import.finished', data: { importId: 'rebind' } }),
    );
    expect(await world.ctx.app.services.webhooks.dispatchDue({ now: new Date() })).toBeGreaterThan(0);
    expect(listener.connections).toBe(0);
    const delivery = await lastDelivery(made.endpoint.endpointId, 'C1003');
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: null });
    expect(delivery.lastError).toMatch(/ETARGETNOTPUBLIC/);
  });

  it('opens no connection to a non-public literal saved before the guard existed', async () => {
    const { rows } = await world.ctx.database.pool.query<{ id: string }>(
      `insert into webhook_endpoints (company_id, url, description, event_types, secret)
       values ('C1003', $1, 'saved before the guard', array['card.blocked'], 'whsec_old') returning id`,
      [`https://[::ffff:7f00:1]:${listener.port}/hook`],
    );
    await world.ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C1003', type: 'card.blocked', data: {} }),
    );
    await world.ctx.app.services.webhooks.dispatchDue({ now: new Date() });
    expect(listener.connections).toBe(0);
    expect((await lastDelivery(rows[0]!.id, 'C1003')).lastError).toMatch(/ETARGETNOTPUBLIC/);
  });

  it('connects through the same resolver when private targets are allowed (the listener does see connections)', async () => {
    rebindAnswer = ['127.0.0.1'];
    const request = { headers: {}, body: '{}', timeoutMs: 5_000, limit: 500 };
    const open = createDeliveryAgent({ resolveHost, allowPrivate: true });
    const answer = await open.post(`http://rebind.example:${listener.port}/`, request);
    expect(answer).toEqual({ statusCode: 200, excerpt: 'internal secret' });
    expect(listener.connections).toBe(1);
    const guarded = createDeliveryAgent({ resolveHost, allowPrivate: false });
    await expect(guarded.post(`http://rebind.example:${listener.port}/`, request)).rejects.toMatchObject({
      code: 'ETARGETNOTPUBLIC',
    });
    expect(listener.connections).toBe(1);
  });
});

describe('the setting that allows private targets', () => {
  it('is told to the portal, whose form then says https only (issue 34 §3 item 7)', async () => {
    const listed = ok<{ allowsHttpToLoopback: boolean }>(await api('om1', 'GET', 'webhookEndpoints'));
    expect(listed.allowsHttpToLoopback).toBe(false);
  });

  it('is on outside production, off in production, and refused there', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) } as const;
    expect(loadConfig({ NODE_ENV: 'development' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
    expect(loadConfig(production).webhookAllowPrivate).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_PRIVATE: 'true' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE/,
    );
  });
});
