import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ poolSize: 8 });
});
afterAll(async () => database?.close());

describe('the embedded database under concurrent connections (platform/pglite-queue.ts)', () => {
  it('answers every parameterised query of eight connections at once with its own rows', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        database.pool.query<{ n: number; text: string }>('select $1::int as n, $2::text as text', [
          n,
          `q${n}`,
        ]),
      ),
    );
    expect(results.map((result) => result.rows)).toEqual(
      Array.from({ length: 200 }, (_, n) => [{ n, text: `q${n}` }]),
    );
  });

  it('answers queries queued behind another connection’s transaction with their own rows', async () => {
    // While a transaction is open only its connection is served; the others' messages queue up.
    // When it commits, each waiting query must still run its Parse, Bind, Execute and Sync alone.
    const holder = await database.pool.connect();
    await holder.query('begin');
    await holder.query('select $1::int as n', [0]);
    const waiting = Promise.allSettled(
      Array.from({ length: 40 }, (_, n) => database.pool.query<{ n: number }>('select $1::int as n', [n])),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await holder.query('commit');
    holder.release();
    const outcomes = await waiting;
    expect(outcomes).toEqual(
      Array.from({ length: 40 }, (_, n) => ({
        status: 'fulfilled',
        value: expect.objectContaining({ rows: [{ n }] }),
      })),
    );
  });

  it('keeps serving after a query fails in the middle of others', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, n) =>
        n % 7 === 3
          ? database.pool.query('select $1::int / 0 as n', [n])
          : database.pool.query<{ n: number }>('select $1::int as n', [n]),
      ),
    );
    outcomes.forEach((outcome, n) => {
      if (n % 7 === 3) expect(outcome.status).toBe('rejected');
      else
        expect(outcome).toEqual({ status: 'fulfilled', value: expect.objectContaining({ rows: [{ n }] }) });
    });
    expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
