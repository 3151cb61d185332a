import { CLIENT_LOG_MAX_BYTES, CLIENT_LOG_RATE_PER_MINUTE, type ClientErrorsResponse } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { demoWorldTestFile, sessionHeaders, statusByUser } from '../../../test/tenant-helper';

const world = demoWorldTestFile();

let address = 0;
/** Each test its own address, so the per-address rate limit of one never touches another. */
const nextAddress = () => `10.0.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

function beacon(
  payload: string | object,
  remoteAddress = nextAddress(),
  headers: Record<string, string> = {},
) {
  return world.ctx.app.inject({
    method: 'POST',
    url: '/api/log',
    remoteAddress,
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 test',
      ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}),
      ...headers,
    },
    payload,
  });
}

async function stored(marker: string) {
  const { rows } = await world.ctx.database.pool.query<{
    message: string;
    stack: string;
    path: string;
    level: string;
    kind: string;
    request_id: string;
  }>(`select message, stack, path, level, kind, request_id from client_logs where message like $1`, [
    `%${marker}%`,
  ]);
  return rows;
}

describe('the log beacon (SPEC §7, ADR 026)', () => {
  it('stores an error as the web sends it (text/plain JSON), with the request id, the query string dropped', async () => {
    const response = await beacon(
      JSON.stringify({
        level: 'error',
        kind: 'error',
        message: 'TypeError: marker-one is undefined',
        stack: 'at CardList (card-list.tsx:12)',
        path: '/card-list?token=abc',
      }),
    );
    expect(response.statusCode).toBe(204);
    const [row] = await stored('marker-one');
    expect(row).toMatchObject({
      level: 'error',
      kind: 'error',
      stack: 'at CardList (card-list.tsx:12)',
      path: '/card-list',
    });
    expect(row!.request_id).not.toBe('');
  });

  it('takes JSON, plain words and typeless blobs without a CSRF token', async () => {
    expect((await beacon({ level: 'warn', message: 'marker-json' })).statusCode).toBe(204);
    expect((await beacon('marker-plain words')).statusCode).toBe(204);
    expect(
      (await beacon('marker-blob', nextAddress(), { 'content-type': 'application/octet-stream' })).statusCode,
    ).toBe(204);
    expect((await stored('marker-plain'))[0]).toMatchObject({ level: 'info', kind: 'log' });
  });

  it('strips card numbers and tokens before anything is stored', async () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    await beacon({
      level: 'error',
      message: `marker-secret card 4111 1111 1111 1111 and 5500-0000-0000-0004 token ${jwt} Bearer abcdefgh password=hunter2`,
      stack: 'at pay (4012888888881881)',
    });
    const [row] = await stored('marker-secret');
    expect(row!.message).toBe(
      'marker-secret card [card] and [card] token [token] Bearer [token] password=[token]',
    );
    expect(row!.stack).toBe('at pay ([card])');
  });

  it(`refuses a body over ${CLIENT_LOG_MAX_BYTES} bytes with 413 and stores nothing of it`, async () => {
    const big = await beacon(`marker-big ${'x'.repeat(CLIENT_LOG_MAX_BYTES)}`);
    expect(big.statusCode).toBe(413);
    expect(await stored('marker-big')).toEqual([]);
    const json = await beacon({ message: `marker-bigjson ${'y'.repeat(CLIENT_LOG_MAX_BYTES)}` });
    expect(json.statusCode).toBe(413);
    // Just under the cap is taken, the message cut to what is kept.
    const fits = await beacon(`marker-fits ${'z'.repeat(CLIENT_LOG_MAX_BYTES - 100)}`);
    expect(fits.statusCode).toBe(204);
    expect((await stored('marker-fits'))[0]!.message.length).toBe(1000);
  });

  it(`answers 429 after ${CLIENT_LOG_RATE_PER_MINUTE} beacons a minute from one address, not for another`, async () => {
    const noisy = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= CLIENT_LOG_RATE_PER_MINUTE; i += 1) {
      statuses.push((await beacon({ message: `marker-rate ${i}` }, noisy)).statusCode);
    }
    expect(statuses.slice(0, CLIENT_LOG_RATE_PER_MINUTE).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await beacon({ message: 'marker-other' })).statusCode).toBe(204);
  });

  it('purges what is older than seven days', async () => {
    await world.ctx.database.pool.query(
      `insert into client_logs (at, level, kind, message) values (now() - interval '8 days', 'error', 'error', 'marker-old'),
              (now() - interval '6 days', 'error', 'error', 'marker-recent')`,
    );
    await world.ctx.app.services.clientLogs.purge();
    expect(await stored('marker-old')).toEqual([]);
    expect(await stored('marker-recent')).toHaveLength(1);
  });
});

describe('the last day’s client errors (role 1)', () => {
  it('answers the administrator only', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      world.ctx.app.inject({ method: 'GET', url: '/api/v1/client-logs/errors', headers }),
    );
    expect(statuses).toEqual({
      admin: 200,
      care: 403,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
    expect(
      (await world.ctx.app.inject({ method: 'GET', url: '/api/v1/client-logs/errors' })).statusCode,
    ).toBe(401);
  });

  it('groups by message with counts, first and last seen, paths and a user agent; older than a day left out', async () => {
    for (const path of ['/card-list', '/en/card-list', '/card-list']) {
      await beacon({ level: 'error', kind: 'rejection', message: 'marker-group failed to fetch', path });
    }
    await world.ctx.database.pool.query(
      `insert into client_logs (at, level, kind, message) values (now() - interval '25 hours', 'error', 'error', 'marker-yesterday')`,
    );
    const { ctx, ids } = world;
    const headers = await sessionHeaders(ctx, ids.admin);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/client-logs/errors', headers });
    const body = response.json<ClientErrorsResponse>();
    const group = body.groups.find((entry) => entry.message === 'marker-group failed to fetch');
    expect(group).toMatchObject({
      level: 'error',
      count: 3,
      sampleUserAgent: expect.stringContaining('Chrome/131.0'),
    });
    expect(group!.paths.sort()).toEqual(['/card-list', '/en/card-list']);
    expect(Date.parse(group!.firstSeen)).toBeLessThanOrEqual(Date.parse(group!.lastSeen));
    expect(body.groups.some((entry) => entry.message === 'marker-yesterday')).toBe(false);
    expect(body.total).toBeGreaterThanOrEqual(3);
  });
});
