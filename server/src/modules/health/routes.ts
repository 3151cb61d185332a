import { HealthResponseSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, pingDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';

export type HealthOptions = {
  /** How long a database ping's answer stands for later probes (ms). */
  pingMaxAgeMs?: number;
  now?: () => number;
};

/**
 * The database's answer to a ping, shared: probes arriving while a ping is in flight wait for it,
 * and its answer stands for `maxAgeMs` after it comes back. A load balancer or a monitor polling
 * health then costs the database one round trip a second however often it polls, and the answer
 * is never older than that (issue 17: health at the speed of a bare route).
 */
export function createDatabaseProbe(
  ping: () => Promise<boolean>,
  maxAgeMs: number,
  now: () => number = Date.now,
): () => Promise<boolean> {
  let pending: Promise<boolean> | undefined;
  let answeredAt = -Infinity;
  let answer = false;
  return () => {
    if (pending) return pending;
    if (now() - answeredAt < maxAgeMs) return Promise.resolve(answer);
    pending = ping().then((ok) => {
      answer = ok;
      answeredAt = now();
      pending = undefined;
      return ok;
    });
    return pending;
  };
}

/** `GET /api/health`: 200 when the database answers, 503 otherwise (for load balancers). */
export function healthRoutes(database: Database, options: HealthOptions = {}): FastifyPluginAsyncZod {
  const probe = createDatabaseProbe(() => pingDatabase(database), options.pingMaxAgeMs ?? 1000, options.now);
  return async (app) => {
    app.get(
      '/health',
      {
        schema: { tags: ['platform'], response: { 200: HealthResponseSchema } },
        config: { rateLimit: false },
      },
      async () => {
        if (!(await probe())) throw new AppError('SERVICE_UNAVAILABLE', 'database does not answer');
        return {
          success: true as const,
          status: 'ok' as const,
          database: 'ok' as const,
          version: APP_VERSION,
        };
      },
    );
  };
}
