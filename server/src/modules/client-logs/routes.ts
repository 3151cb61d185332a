import {
  CLIENT_LOG_MAX_BYTES,
  CLIENT_LOG_RATE_PER_MINUTE,
  ClientErrorsResponseSchema,
} from '@tessera/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/policy';
import type { ClientLogsService } from './service';

/**
 * `POST /api/log` (SPEC §7): the client's log beacon. Exempt from CSRF (`navigator.sendBeacon`
 * cannot set headers; it only writes a redacted row), at most `CLIENT_LOG_MAX_BYTES` (larger: 413)
 * and `CLIENT_LOG_RATE_PER_MINUTE` beacons a minute per address (more: 429). ADR 026.
 */
export function clientLogBeaconRoutes(service: ClientLogsService): FastifyPluginAsyncZod {
  return async (app) => {
    // A beacon may come as JSON, text or a typeless blob: anything small is taken as text.
    app.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: CLIENT_LOG_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/log',
      {
        bodyLimit: CLIENT_LOG_MAX_BYTES,
        config: { rateLimit: { max: CLIENT_LOG_RATE_PER_MINUTE, timeWindow: '1 minute' } },
        schema: { tags: ['auth'], hide: true },
      },
      async (request, reply) => {
        const stored = await service.record(request.body, {
          requestId: String(request.id),
          userAgent: request.headers['user-agent'] ?? '',
        });
        // Only the redacted entry reaches the log line (with the request id the logger adds).
        request.log.info(
          {
            clientLog: { level: stored.level, kind: stored.kind, message: stored.message, path: stored.path },
          },
          'client log',
        );
        return reply.status(204).send();
      },
    );
  };
}

/** `/api/v1/client-logs/...`: the administrator's view of the last day (`client-logs.read`). */
export function clientLogsRoutes(service: ClientLogsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/errors',
      { schema: { tags: ['client-logs'], response: { 200: ClientErrorsResponseSchema } } },
      async (request) => {
        await requireActor(request, 'client-logs.read');
        const { since, total, groups } = await service.lastDay();
        return { success: true as const, since: since.toISOString(), total, groups };
      },
    );
  };
}
