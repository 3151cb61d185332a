/**
 * Settlements and payouts (issue 15 §4, ADR 016): the module's public face. Other modules reach it
 * through these only; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { settlementsRoutes, settlementsTestRoutes } from './routes';
export {
  createSettlementsService,
  SETTLE_DAY_JOB,
  SETTLEMENTS_DAILY_CRON,
  SETTLEMENTS_DAILY_JOB,
  type SettlementsService,
} from './service';
export { PAIN_001_NAMESPACE, PROVIDER_DEBTOR } from './pain001';
