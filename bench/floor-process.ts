import type { FastifyInstance } from 'fastify';
import type pg from 'pg';

/**
 * A floor's process (card-list, cardholder-home, pos): listens on a free loopback port, says which
 * on its first line (`listening <port>`, read by the benchmark that started it), and on SIGTERM or SIGINT
 * closes the app and its pool before exiting.
 */
export async function serveFloor(app: FastifyInstance, pool: pg.Pool): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
  const stop = () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
