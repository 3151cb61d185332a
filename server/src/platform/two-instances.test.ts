import { createConnection } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../../../bench/portal-sign-in';
import { serverProcesses, type ServerProcess } from '../../test/server-processes';

/*
 * Issue 20 §5: two server processes, as `npm start` runs them, on one PostgreSQL and one Redis. A
 * session made on one works on the other, signing out on one ends it on both, each cron job is
 * scheduled once for both, and the rate limit is one budget for both (with Redis). Issue 36 §1
 * (ADR 050): each process keeps the principals it read, and a lock or a sign-out on one reaches the
 * other through PostgreSQL's notifications, long before the cache's safety lifetime would.
 */
const target = inject('testDatabase');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The rate limit of both processes: requests a minute from one address. */
const LIMIT = 80;
/**
 * The principal cache's safety lifetime here: long, so that only the notification can end a
 * session kept by the other process within `NOTIFIED_WITHIN_MS`.
 */
const CACHE_SECONDS = 60;
const NOTIFIED_WITHIN_MS = 30_000;

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
      PRINCIPAL_CACHE_SECONDS: String(CACHE_SECONDS),
      ...(withRedis ? { REDIS_URL } : {}),
    };
    // Both start from the demo, seeded once for the run (`serverProcesses`).
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
    // The process that signed out knows at once; the other when PostgreSQL's notification arrives.
    expect(await sessionUser(b, session.cookie)).toBeNull();
    await expect
      .poll(() => sessionUser(a, session.cookie), { timeout: NOTIFIED_WITHIN_MS, interval: 50 })
      .toBeNull();
    const after = await fetch(`${a.base}/api/v1/accounts/retrieveCardsKpis`, {
      headers: { cookie: session.cookie, companyid: 'C1001' },
    });
    expect(after.status).toBe(401);
  }, 120_000);

  it('refuses a user on the other process as soon as an admin locks them on one', async () => {
    const user = await signIn(a.base, 'finance@tessera.demo', 'Tessera-2026');
    const me = (server: ServerProcess) =>
      fetch(`${server.base}/api/v2/identity/users/me`, { headers: { cookie: user.cookie } }).then(
        (response) => response.status,
      );
    const session = await fetch(`${b.base}/api/auth/session`, { headers: { cookie: user.cookie } });
    const { userId, lastName } = ((await session.json()) as { user: { userId: string; lastName: string } })
      .user;
    expect(await me(b)).toBe(200);

    // B keeps the principal: a change PostgreSQL does not notify (triggers off for this one
    // superuser session) is not seen by B, which reads nothing of the user again.
    const db = new pg.Client({ connectionString: processes.url });
    await db.connect();
    try {
      await db.query(`set session_replication_role = replica`);
      await db.query(`update users set last_name = 'Σιωπηλό' where id = $1`, [userId]);
    } finally {
      await db.end();
    }
    const kept = await fetch(`${b.base}/api/auth/session`, { headers: { cookie: user.cookie } });
    expect(((await kept.json()) as { user: { lastName: string } }).user.lastName).toBe(lastName);

    // An admin locks the user on A; B refuses them once the notification arrives.
    const admin = await signIn(a.base, 'admin@tessera.demo', 'Tessera-2026');
    const started = performance.now();
    const lock = await fetch(`${a.base}/api/v1/accounts/users/${userId}/lock`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken },
    });
    expect(lock.status, await lock.text()).toBe(200);
    expect(await me(a)).toBe(401);
    await expect.poll(() => me(b), { timeout: NOTIFIED_WITHIN_MS, interval: 50 }).toBe(401);
    console.log(`lock on A refused on B after ${(performance.now() - started).toFixed(0)} ms`);
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
