import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of every response (CSP, HSTS, frame, referrer and friends), by helmet.
 * The middleware is built once here: `@fastify/helmet` rebuilt it — parsing the CSP directives —
 * on every request (issue 17's profile of `/api/health`), which cost more than the route itself.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
