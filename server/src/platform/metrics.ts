import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type MetricsAccess = {
  /** Served to anyone (development, or METRICS_PUBLIC). */
  isPublic: boolean;
  /** Bearer token a scraper sends (METRICS_TOKEN); without it and not public, /metrics is 404. */
  token?: string | undefined;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus text at `/metrics`: process metrics plus a histogram of request durations by method,
 * route pattern (never the raw URL, which would explode the label set) and status. Open only when
 * `access.isPublic`; otherwise only to a scraper with the bearer token (issue 12 §1).
 */
export function installMetrics(app: FastifyInstance, access: MetricsAccess): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  if (!access.isPublic && !access.token) return registry;
  const expected = access.token ? digest(`Bearer ${access.token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!access.isPublic) {
      const given = request.headers.authorization ?? '';
      // Compared as digests: equal lengths, so timingSafeEqual never throws and leaks no length.
      if (!expected || !timingSafeEqual(digest(given), expected)) {
        throw new AppError('UNAUTHENTICATED', 'metrics without the bearer token');
      }
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
