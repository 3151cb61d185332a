import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { serveFloor } from './floor-process';

/**
 * The floor of `bench/card-list.ts`, run as its own process: a bare Fastify server (no plugins, no
 * logging, no validation, no session) whose routes run, through `pg` with no ORM and no mapping,
 * the exact SQL texts and parameters the portal sends for the same card-list requests — obtained
 * from the cards module's own query builder (`cardFilterStatements`, drizzle's `.toSQL()`) and
 * checked against the server's answer by the benchmark. Rows are returned as `pg` gives them.
 *
 * The count is reused for 15 seconds as the server's totals cache does (ADR 008): concurrent
 * requests share one count, the first page runs its count and page statements together, a later
 * page waits for the total first (the server needs it to read the page from the nearer end).
 *
 * Environment: DATABASE_URL, DB_POOL_SIZE, STATEMENTS_FILE (JSON: shape name → { count, page,
 * isFirstPage }); it listens on a free port and prints `listening <port>`.
 */
type Statement = { sql: string; params: unknown[] };
type Shape = { count: Statement; page: Statement | null; isFirstPage: boolean };

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});
const shapes = JSON.parse(readFileSync(process.env.STATEMENTS_FILE!, 'utf8')) as Record<string, Shape>;

const TOTAL_TTL_MS = 15_000;
const totals = new Map<string, { expires: number; total: Promise<unknown> }>();
function total(shape: Shape): Promise<unknown> {
  const key = JSON.stringify([shape.count.sql, shape.count.params]);
  const hit = totals.get(key);
  if (hit && hit.expires > Date.now()) return hit.total;
  const counted = pool
    .query({ text: shape.count.sql, values: shape.count.params, rowMode: 'array' })
    .then((result) => (result.rows[0] as unknown[])[0]);
  totals.set(key, { expires: Date.now() + TOTAL_TTL_MS, total: counted });
  counted.catch(() => totals.delete(key));
  return counted;
}
// Rows as arrays, as drizzle asks `pg` for them (the page joins tables whose columns share names).
const page = async (shape: Shape) =>
  shape.page
    ? (await pool.query({ text: shape.page.sql, values: shape.page.params, rowMode: 'array' })).rows
    : [];

const app = Fastify({ logger: false });
app.post<{ Params: { shape: string } }>('/cards/:shape', async (request) => {
  const shape = shapes[request.params.shape]!;
  if (shape.isFirstPage) {
    const [rows, counted] = await Promise.all([page(shape), total(shape)]);
    return { total: counted, rows };
  }
  const counted = await total(shape);
  return { total: counted, rows: await page(shape) };
});

await serveFloor(app, pool);
