import { createRecurringService } from '../src/modules/recurring';
import type { TestContext } from './harness';

/**
 * The recurring-loads service on a test app's own services, for tests that run the scheduler's
 * pass themselves (optionally at a controlled clock) instead of through the job queue.
 */
export function recurringServiceOf(ctx: TestContext, now?: () => Date) {
  const { services } = ctx.app;
  return createRecurringService({
    db: ctx.database.db,
    cards: services.cards,
    drafts: services.drafts,
    orders: services.orders,
    companies: services.companies,
    identity: services.identity,
    content: services.content,
    mailer: services.mailer,
    publicUrl: 'http://localhost:3000',
    log: { info: () => undefined, error: () => undefined },
    ...(now ? { now } : {}),
  });
}
