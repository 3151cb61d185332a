import { createHash, timingSafeEqual } from 'node:crypto';
import type { DeclineReason } from '@tessera/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import type { Jobs } from './jobs';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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

  // A callback hook, not an async one (a promise per request), observing through the child of
  // each method, route and status, kept: prom-client hashes a label set on every `observe` (ADR 053).
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    const key = `${request.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = duration.labels({ method: request.method, route, status });
      children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
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

/**
 * What the modules count for the business (issue 20 §6). app.ts makes it on the registry and hands
 * it to them, so a module never reaches prom-client, and a module built without it counts nothing.
 * Callers count after the transaction that did the thing commits: a rolled-back payment or purchase
 * is never counted.
 */
export type BusinessMetrics = {
  /** An order was paid. */
  orderPaid(): void;
  /** A paid order's fulfilment credited `count` cards. */
  cardsLoaded(count: number): void;
  /** An authorisation at a terminal was decided: approved, or declined for its reason. */
  authorisation(answer: { outcome: 'approved' } | { outcome: 'declined'; reason: DeclineReason }): void;
};

/** The business counters on `registry`. */
export function createBusinessMetrics(registry: Registry): BusinessMetrics {
  const ordersPaid = new Counter({
    name: 'tessera_orders_paid_total',
    help: 'Orders paid',
    registers: [registry],
  });
  const cardsLoaded = new Counter({
    name: 'tessera_cards_loaded_total',
    help: 'Cards credited by the fulfilment of paid orders',
    registers: [registry],
  });
  const authorisations = new Counter({
    name: 'tessera_card_authorisations_total',
    help: 'Card authorisations decided at terminals, by result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const declines = new Counter({
    name: 'tessera_card_declines_total',
    help: 'Card authorisations declined at terminals, by reason',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  // Both results exist from the start, so a rate of declines over approvals has its series at once.
  for (const result of ['approved', 'declined']) authorisations.inc({ result }, 0);
  return {
    orderPaid: () => ordersPaid.inc(),
    cardsLoaded: (count) => cardsLoaded.inc(count),
    authorisation(answer) {
      authorisations.inc({ result: answer.outcome });
      if (answer.outcome === 'declined') declines.inc({ reason: answer.reason });
    },
  };
}

/**
 * The job queue on `registry`: attempts that completed or failed, by queue, as this instance's
 * workers run them; and the jobs waiting in each queue, asked of pg-boss at each scrape. While the
 * queue is not started, or when pg-boss does not answer, a scrape reports no depth instead of
 * failing (the error is logged).
 */
export function instrumentJobs(
  registry: Registry,
  jobs: Pick<Jobs, 'observe' | 'queueSizes'>,
  log: { warn(object: object, message: string): void },
): void {
  const completed = new Counter({
    name: 'tessera_jobs_completed_total',
    help: 'Job attempts completed, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'tessera_job_failures_total',
    help: 'Job attempts failed (pg-boss retries them while attempts remain), by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  jobs.observe((queue, outcome) => (outcome === 'completed' ? completed : failures).inc({ queue }));
  new Gauge({
    name: 'tessera_job_queue_depth',
    help: 'Jobs waiting in each queue: created, or failed and waiting for a retry',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const sizes = await jobs.queueSizes().catch((error: unknown) => {
        log.warn({ err: error }, 'job queue depth unavailable');
        return undefined;
      });
      for (const [queue, size] of sizes ?? []) this.set({ queue }, size);
    },
  });
}
