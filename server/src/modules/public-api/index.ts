/**
 * The public API's resources (issue 22 §2, ADR 037): cards, cardholders, orders, balance and
 * statement for a company's own systems, behind the api-clients module's front door.
 */
export { publicApiResourceRoutes } from './routes';
export { createPublicApiService, type PublicApiService } from './service';
export { publicDocument, publicOpenApiRoutes } from './openapi';
