import { HealthResponseSchema, LivenessResponseSchema, ReadinessResponseSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, pingDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';

export type HealthOptions = {
  /** How long a ping's answer (the database's, the job queue's) stands for later probes (ms). */
  pingMaxAgeMs?: number;
  now?: () => number;
  /** Whether the database answers; by default `select 1` on the app's pool (tests fail it). */
  pingDatabase?: () => Promise<boolean>;
  /** Whether the job queue answers; by default `jobs.isReady()` (tests fail it). */
  pingJobs?: () => Promise<boolean>;
};

/**
 * A ping's answer, shared: probes arriving while a ping is in flight wait for it, and its answer
 * stands for `maxAgeMs` after it comes back. A load balancer or a monitor polling health then costs
 * the database one round trip a second however often it polls, and the answer is never older than
 * that (issue 17: health at the speed of a bare route).
 */
export function createSharedProbe(
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

/**
 * Health for load balancers and orchestrators, never rate limited, and an answered probe writes no
 * log line (a refused one does: `platform/request-log.ts`):
 * - `GET /api/health`: 200 when the database answers, 503 otherwise (with the version);
 * - `GET /api/health/live`: 200 whenever the process serves HTTP, asking nothing of the database,
 *   so a database outage never gets a healthy process restarted (issue 20 §6);
 * - `GET /api/health/ready`: 200 when the database and the job queue answer, 503 otherwise (the
 *   log names which did not), so traffic goes only to an instance that can do its work.
 * The database probe is one, shared by `/health` and `/health/ready`.
 */
export function healthRoutes(
  database: Database,
  jobs: Pick<Jobs, 'isReady'>,
  options: HealthOptions = {},
): FastifyPluginAsyncZod {
  const maxAgeMs = options.pingMaxAgeMs ?? 1000;
  const databaseProbe = createSharedProbe(
    options.pingDatabase ?? (() => pingDatabase(database)),
    maxAgeMs,
    options.now,
  );
  const jobsProbe = createSharedProbe(options.pingJobs ?? (() => jobs.isReady()), maxAgeMs, options.now);
  return async (app) => {
    app.get(
      '/health',
      {
        schema: { tags: ['platform'], response: { 200: HealthResponseSchema } },
        config: { rateLimit: false, probe: true },
      },
      async () => {
        if (!(await databaseProbe())) throw new AppError('SERVICE_UNAVAILABLE', 'database does not answer');
        return {
          success: true as const,
          status: 'ok' as const,
          database: 'ok' as const,
          version: APP_VERSION,
        };
      },
    );

    app.get(
      '/health/live',
      {
        schema: { tags: ['platform'], response: { 200: LivenessResponseSchema } },
        config: { rateLimit: false, probe: true },
      },
      async () => ({ success: true as const, status: 'ok' as const }),
    );

    app.get(
      '/health/ready',
      {
        schema: { tags: ['platform'], response: { 200: ReadinessResponseSchema } },
        config: { rateLimit: false, probe: true },
      },
      async () => {
        const [isDatabaseUp, isJobsUp] = await Promise.all([databaseProbe(), jobsProbe()]);
        const silent = [...(isDatabaseUp ? [] : ['database']), ...(isJobsUp ? [] : ['job queue'])];
        if (silent.length > 0) {
          throw new AppError('SERVICE_UNAVAILABLE', `not ready, no answer from: ${silent.join(', ')}`);
        }
        return {
          success: true as const,
          status: 'ok' as const,
          database: 'ok' as const,
          jobs: 'ok' as const,
        };
      },
    );
  };
}
