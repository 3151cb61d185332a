/**
 * The terminal API and the virtual terminal (issue 15, ADR 016): the module's public face. Other
 * modules reach it through these only; its table is gathered for Drizzle by `db/schema.ts`.
 */
export { terminalApiRoutes, virtualTerminalRoutes } from './routes';
export { merchantTransactionRoutes } from './transaction-routes';
export { createTerminalsService, type TerminalsService } from './service';
export type { AlertRecipient } from './repository';
export type { AuthorisationDecided } from './terminal-context';
export { merchantsWithSales, salesOfMerchant } from './settlement-sales';
export type { DisputableCall } from './dispute-calls';
