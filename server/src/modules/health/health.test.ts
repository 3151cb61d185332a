import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';

/** The app as built, allowing two API requests a minute to a client. */
let ctx: TestContext;
/** An app whose pings answer as the test says, every time (no shared answer to wait out). */
let broken: TestContext;
let isDatabaseUp = true;
let isJobsUp = true;
let databasePings = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '2' } });
  broken = await createTestApp({
    health: {
      pingMaxAgeMs: 0,
      pingDatabase: async () => {
        databasePings += 1;
        return isDatabaseUp;
      },
      pingJobs: async () => isJobsUp,
    },
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await broken?.close();
});

describe('liveness: /api/health/live', () => {
  it('answers ok while the database does not, without asking it', async () => {
    isDatabaseUp = false;
    const before = databasePings;
    const live = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, status: 'ok' });
    expect(databasePings).toBe(before);
    // The same app's database probe does see the outage.
    expect((await broken.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    expect(databasePings).toBe(before + 1);
    isDatabaseUp = true;
  });

  it('is not rate limited: a load balancer may poll it as often as it likes', async () => {
    const statuses = [];
    for (let n = 0; n < 5; n += 1) {
      statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode);
      statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));
  });
});

describe('readiness: /api/health/ready', () => {
  it('answers ok when the database and the job queue of the app answer', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ success: true, status: 'ok', database: 'ok', jobs: 'ok' });
  });

  it('answers 503 with the standard error body when the database does not answer', async () => {
    isDatabaseUp = false;
    const ready = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
    isDatabaseUp = true;
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, errorCode: 11 });
  });

  it('answers 503 when the job queue does not answer, though the database does', async () => {
    isJobsUp = false;
    const ready = await broken.app.inject({ method: 'GET', url: '/api/health/ready' });
    const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
    isJobsUp = true;
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, errorCode: 11 });
    // `/api/health` speaks for the database only, as before.
    expect(health.statusCode).toBe(200);
    expect((await broken.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('is not ready once its job queue stopped (the instance shutting down)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    await ctx.app.services.jobs.stop();
    // The last answer stands for a second: a probe after it asks again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
  });
});
