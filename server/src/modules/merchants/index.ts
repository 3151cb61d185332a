/**
 * Merchants, stores, terminals and merchant users (issue 15, ADR 016): the module's public face.
 * Other modules reach it through these only; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { merchantsRoutes } from './routes';
export { terminalDeskRoutes } from './terminal-desk-routes';
export { createMerchantsService, type MerchantsService, type NewMerchant } from './service';
export type { MerchantPayee, TerminalForPurchase, TerminalRow } from './repository';
