import Fastify from 'fastify';

/**
 * The floor of `bench/health.ts`, in a process of its own: a bare Fastify hello (no logging, no
 * plugins, no database). It listens on a free port and prints `listening <port>`.
 */
const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));

await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as { port: number }).port}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
