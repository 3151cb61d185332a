/**
 * A cardholder's alerts (issue 35 §5, ADR 047): the module's public face. Other modules reach it
 * through these only; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { cardholderAlertsRoutes } from './routes';
export {
  ALERT_FRESHNESS_MS,
  EXPIRY_REMINDERS_JOB,
  createCardholderAlertsService,
  type CardholderAlertsService,
} from './service';
