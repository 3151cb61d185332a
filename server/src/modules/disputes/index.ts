/**
 * Disputes of terminal transactions (issue 34 §1, ADR 043): the module's public face. Other modules
 * reach it through these only; its table is gathered for Drizzle by `db/schema.ts`.
 */
export { companyDisputeRoutes, disputeDeskRoutes, merchantDisputeRoutes } from './routes';
export { createDisputesService, type DisputeActor, type DisputesService } from './service';
