/**
 * API clients and the public API (issue 22 §1, ADR 034): the module's public face. Its tables are
 * gathered for Drizzle by `db/schema.ts`.
 */
export { apiClientsRoutes } from './routes';
export { publicApiRoutes } from './public-routes';
export { apiClientDisplayName, createApiClientsService, type ApiClientsService } from './service';
export { acceptedLocale, type PublicApiKit, type PublicRoutes } from './public-routes';
export type { ApiCaller } from './service';
