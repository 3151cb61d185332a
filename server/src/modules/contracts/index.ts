/**
 * Contracts (per product, and the TRZ contract): the module's public face. Other modules reach it
 * through these only; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { contractsRoutes } from './routes';
export { createContractsService, type ContractsService } from './service';
