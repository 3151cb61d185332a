/** Client logs (SPEC §7; issue 18 §8; ADR 026): the beacon and the administrator's view. */
export { clientLogBeaconRoutes, clientLogsRoutes } from './routes';
export { createClientLogsService, type ClientLogsService } from './service';
