/**
 * Leads of the public "become a client / partner merchant" forms (issue 18 §6, ADR 024): the
 * module's public face; its table is gathered for Drizzle by `db/schema.ts`.
 */
export { leadFormRoutes, leadsRoutes } from './routes';
export { createLeadsService, type LeadsService } from './service';
