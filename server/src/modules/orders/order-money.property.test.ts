import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { engineShare, shareNote } from '../../../test/engine-share';
import { createTestApp, type TestContext } from '../../../test/harness';
import {
  checkWholeDatabase,
  openOrderWorld,
  orderSequenceProperty,
  type OrderWorld,
} from '../../../test/order-sequences';

/**
 * The issue asks for at least 1,000 sequences in `npm test` (shared between the engines when both
 * run: server/test/engine-share.ts); the bench runs 10,000.
 */
const RUNS = Number(process.env.ORDER_SEQUENCES ?? 1_000);

let ctx: TestContext;
let world: OrderWorld;

beforeAll(async () => {
  // Each sequence calls the bank's callback route: far more requests than a minute's rate limit.
  ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '100000000' } });
  world = await openOrderWorld(ctx.app, ctx.database, ctx.config.sessionSecret);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('orders, payments and unloads over generated sequences (fast-check)', () => {
  it('never create or lose money, pay an order at most once, and refuse without a trace', async () => {
    const started = performance.now();
    await fc.assert(orderSequenceProperty(world), { numRuns: engineShare(RUNS) });
    await checkWholeDatabase(world);
    const seconds = (performance.now() - started) / 1000;
    const { sequences, commands, skipped } = world.counters;
    // One line in the CI log: how much the property covered.
    console.log(
      `order sequences (${ctx.database.kind}${shareNote(RUNS)}): ${sequences} sequences, ${commands} commands (${skipped} skipped) in ${seconds.toFixed(1)} s`,
    );
  }, 900_000);
});
