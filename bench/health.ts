import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/platform/config';
import { openBenchDatabase } from './database';
import { line, load } from './load';

/**
 * `/api/health` through the full stack (helmet, cookies, rate limit, CSRF hook, metrics, zod
 * serialisation, error handling) against a bare Fastify route doing the same database ping, in one
 * run, on the same database (PGlite, or a scratch database on the PostgreSQL server of BENCH_DATABASE_URL). Target ratio ≥ 0.6.
 */
export async function healthBenchmark(): Promise<void> {
  const database = await openBenchDatabase();
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    RATE_LIMIT_MAX: '100000000',
    WEB_DIST: '.tmp/none',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/health', async () => {
    await database.pool.query('select 1');
    return { success: true, status: 'ok', database: 'ok', version: '0.1.0' };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const portOf = (server: { server: { address(): unknown } }) =>
    (server.server.address() as { port: number }).port;
  const full = await load(`http://127.0.0.1:${portOf(app)}/api/health`);
  const floor = await load(`http://127.0.0.1:${portOf(bare)}/health`);
  console.log(`database: ${database.kind}`);
  console.log(line('full stack  GET /api/health', full));
  console.log(line('bare Fastify GET /health', floor));
  console.log(
    `ratio full/bare: ${(full.requestsPerSecond / floor.requestsPerSecond).toFixed(2)} (target ≥ 0.6)`,
  );

  await app.close();
  await bare.close();
  await database.close();
}
