import Fastify from 'fastify';
import pino from 'pino';
import { jsonLogger, OneLinePerRequest } from '../server/src/platform/request-log';
import { securityHeadersOf } from '../server/src/platform/security-headers';

/**
 * The floor of `bench/health.ts`, in a process of its own: a bare Fastify hello (no logging, no
 * plugins, no database). It listens on a free port and prints `listening <port>`.
 *
 * HELLO_WITH=headers,log adds what no portal can go without — helmet's security headers and the
 * server's one log line per request (to HELLO_LOG) — as a reference beside the floor (not the floor): it tells
 * what share of the gap those two take.
 */
const extras = new Set((process.env.HELLO_WITH ?? '').split(',').filter(Boolean));
const app = Fastify({
  logger: extras.has('log')
    ? // To a file, as the server's lines go in the benchmark, buffered as the server buffers them.
      jsonLogger(
        'info',
        pino.destination({ dest: process.env.HELLO_LOG ?? '/dev/null', sync: false, minLength: 4096 }),
      )
    : false,
  logController: new OneLinePerRequest(),
});
if (extras.has('headers')) {
  const headers = securityHeadersOf({});
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
