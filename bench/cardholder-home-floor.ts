import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { serveFloor } from './floor-process';

/**
 * The floor of `bench/cardholder-home.ts`, run as its own process: a bare Fastify server (no
 * plugins, no logging, no validation, no session) with the cardholder home's two routes, each
 * running through `pg`, with no ORM and no mapping, the exact SQL text and parameters the portal
 * sends for its data — taken from the cardholders module's own repository functions (rendered by
 * drizzle's dialect) and checked against the server's answer by the benchmark. Rows are returned
 * as `pg` gives them.
 *
 * - `GET /cards`: the cardholder's cards with their balances (the statement of `GET /api/my/cards`);
 * - `GET /cards/:cardId/movements`: the card's last movements (the movements statement of
 *   `GET /api/my/cards/:cardId/movements?limit=20`, its card and account ids fixed in advance).
 *
 * Environment: DATABASE_URL, DB_POOL_SIZE, STATEMENTS_FILE (JSON: { cards, movements: cardId →
 * statement }); it listens on a free port and prints `listening <port>`.
 */
type Statement = { sql: string; params: unknown[] };
type Statements = { cards: Statement; movements: Record<string, Statement> };

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});
const statements = JSON.parse(readFileSync(process.env.STATEMENTS_FILE!, 'utf8')) as Statements;
const run = async (statement: Statement) =>
  (await pool.query({ text: statement.sql, values: statement.params })).rows;

const app = Fastify({ logger: false });
app.get('/cards', async () => ({ rows: await run(statements.cards) }));
app.get<{ Params: { cardId: string } }>('/cards/:cardId/movements', async (request, reply) => {
  const statement = statements.movements[request.params.cardId];
  if (!statement) return reply.status(404).send({ rows: [] });
  return { rows: await run(statement) };
});

await serveFloor(app, pool);
