/**
 * What merchants owe the provider and how they pay it (issue 16): the module's public face. Other
 * modules reach it through these only; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { merchantBillingRoutes } from './routes';
export {
  createMerchantBillingService,
  MERCHANT_RENTALS_CRON,
  MERCHANT_RENTALS_JOB,
  type MerchantBillingService,
} from './service';
export { athensMonth } from './charge-rentals';
