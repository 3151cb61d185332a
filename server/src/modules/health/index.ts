/**
 * Health and version of the running portal. The public face of the
 * module: other modules import only from here.
 */
export { APP_VERSION, healthRoutes, type HealthOptions } from './routes';
