import { HealthResponseSchema } from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, pingDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';

/** `GET /api/health`: 200 when the database answers, 503 otherwise (for load balancers). */
export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: { tags: ['platform'], response: { 200: HealthResponseSchema } },
        config: { rateLimit: false },
      },
      async () => {
        if (!(await pingDatabase(database)))
          throw new AppError('SERVICE_UNAVAILABLE', 'database does not answer');
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
