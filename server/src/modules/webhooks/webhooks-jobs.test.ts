import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testJobs, type TestContext } from '../../../test/harness';
import { publishEvent, verifyWebhookSignature } from '.';

/**
 * Webhooks through the job queue (issue 22 §3, ADR 035): with the workers running, a committed
 * event reaches its endpoint through pg-boss alone (the nudge after publishing), with nobody
 * calling the dispatcher; a rolled-back one never does.
 */
let ctx: TestContext;
let server: Server;
const received: { eventId: string; isSigned: boolean; body: string }[] = [];
let secret = '';

beforeAll(async () => {
  ctx = await createTestApp({ jobs: testJobs });
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({
        eventId: request.headers['tessera-event-id'] as string,
        isSigned: verifyWebhookSignature(body, request.headers['tessera-signature'] as string, secret),
        body,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await ctx.app.services.jobs.start();
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

describe('webhook deliveries through pg-boss', () => {
  it('delivers a committed event without anyone calling the dispatcher, and never a rolled-back one', async () => {
    const port = (server.address() as AddressInfo).port;
    const created = await ctx.app.services.webhooks.create(
      { url: `http://127.0.0.1:${port}/hook`, eventTypes: ['bulk_import.finished'] },
      { companyId: 'C9001', userId: null, apiClientId: 'tc_test' },
    );
    secret = created.secret;
    await ctx.database.db
      .transaction(async (tx) => {
        await publishEvent(tx, {
          companyId: 'C9001',
          type: 'bulk_import.finished',
          data: { importId: 'lost' },
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const eventId = await ctx.database.db.transaction((tx) =>
      publishEvent(tx, { companyId: 'C9001', type: 'bulk_import.finished', data: { importId: 'kept' } }),
    );
    for (let waited = 0; waited < 30_000 && received.length === 0; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A moment more: nothing else may come.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received.map((r) => [r.eventId, r.isSigned])).toEqual([[eventId, true]]);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ id: eventId, data: { importId: 'kept' } });
    const [delivery] = (
      await ctx.database.pool.query<{ state: string; last_status_code: number }>(
        'select state, last_status_code from webhook_deliveries where event_id = $1',
        [eventId],
      )
    ).rows;
    expect(delivery).toEqual({ state: 'succeeded', last_status_code: 204 });
  }, 60_000);
});
