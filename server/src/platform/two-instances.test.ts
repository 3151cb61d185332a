import { createConnection } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../../../bench/portal-sign-in';
import { serverProcesses, type ServerProcess } from '../../test/server-processes';

/*
 * Issue 20 §5: two server processes, as `npm start` runs them, on one PostgreSQL and one Redis. A
 * session made on one works on the other, signing out on one ends it on both, each cron job is
 * scheduled once for both, and the rate limit is one budget for both (with Redis).
 */
const target = inject('testDatabase');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The rate limit of both processes: requests a minute from one address. */
const LIMIT = 80;

/** Whether Redis answers at its address (CI and this machine run one; a laptop may not). */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe.skipIf(target.kind !== 'postgres')('two instances on one PostgreSQL', () => {
  let processes: Awaited<ReturnType<typeof serverProcesses>>;
  let a: ServerProcess;
  let b: ServerProcess;
  let withRedis = false;

  beforeAll(async () => {
    withRedis = await redisAnswers(REDIS_URL);
    processes = await serverProcesses(target);
    const env = {
      RATE_LIMIT_MAX: String(LIMIT),
      LOGIN_RATE_LIMIT: '1000',
      ...(withRedis ? { REDIS_URL } : {}),
    };
    // The first process seeds the demo; the second finds it seeded.
    a = await processes.start(env);
    b = await processes.start(env);
  }, 300_000);
  afterAll(async () => processes?.close());

  async function sessionUser(server: ServerProcess, cookie: string): Promise<string | null> {
    const response = await fetch(`${server.base}/api/auth/session`, { headers: { cookie } });
    const body = (await response.json()) as { user?: { email?: string } } | null;
    return body?.user?.email ?? null;
  }

  it('shares the session: made on one, it works on the other; signed out on one, it ends on both', async () => {
    const session = await signIn(a.base, 'om1@tessera.demo', 'Tessera-2026');
    expect(await sessionUser(a, session.cookie)).toBe('om1@tessera.demo');
    expect(await sessionUser(b, session.cookie)).toBe('om1@tessera.demo');
    const cards = await fetch(`${b.base}/api/v1/accounts/retrieveCardsKpis`, {
      headers: { cookie: session.cookie, companyid: 'C1001' },
    });
    expect(cards.status).toBe(200);

    const out = await fetch(`${b.base}/api/auth/signout`, {
      method: 'POST',
      headers: {
        cookie: session.cookie,
        'content-type': 'application/json',
        'x-csrf-token': session.csrfToken,
      },
      body: JSON.stringify({ csrfToken: session.csrfToken, callbackUrl: '/', json: true }),
    });
    expect(out.status).toBe(200);
    expect(await sessionUser(b, session.cookie)).toBeNull();
    expect(await sessionUser(a, session.cookie)).toBeNull();
    const after = await fetch(`${a.base}/api/v1/accounts/retrieveCardsKpis`, {
      headers: { cookie: session.cookie, companyid: 'C1001' },
    });
    expect(after.status).toBe(401);
  }, 120_000);

  it('schedules each cron job once for both processes', async () => {
    const db = new pg.Client({ connectionString: processes.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ name: string; n: number }>(
        'select name, count(*)::int as n from pgboss.schedule group by name order by name',
      );
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['platform.purge', 'recurring.tick', 'settlements.daily']),
      );
      expect(rows.every((row) => row.n === 1)).toBe(true);
    } finally {
      await db.end();
    }
  });

  it('counts one rate limit for both processes through Redis', async (context) => {
    if (!withRedis) context.skip();
    // Spread over both processes, one address's requests share one budget a minute.
    let passed = 0;
    let limited = 0;
    for (let index = 0; index < LIMIT; index += 1) {
      for (const server of [a, b]) {
        const response = await fetch(`${server.base}/api/content/faqs`);
        if (response.status === 200) passed += 1;
        if (response.status === 429) limited += 1;
      }
    }
    console.log(`rate limit ${LIMIT} a minute, two processes: ${passed} answered, ${limited} limited`);
    expect(passed).toBeLessThanOrEqual(LIMIT);
    expect(limited).toBeGreaterThanOrEqual(LIMIT);
  }, 120_000);
});
