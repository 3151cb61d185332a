/**
 * Fulfilment (issue 18 §7; ADR 026): production batches, the bureau's embossing file, shipping,
 * delivery and returns of plastic-card orders. The module's public face.
 */
export { fulfilmentRoutes } from './routes';
export { createFulfilmentService, type FulfilmentService } from './service';
