/**
 * The cardholder area (issue 35 §1–3, §7; ADR 046): the module's public face. Other modules reach
 * it through these only; its tables are gathered for Drizzle by `db/schema.ts`. `requireCardholder`
 * is the guard of every `/api/my` route (the alerts and store routes use it too).
 */
export { cardholderRoutes, type CardholderRoutesOptions } from './routes';
export { createCardholdersService, type CardholdersService } from './service';
export {
  CARDHOLDER_COOKIE,
  cardholderCookieName,
  currentCardholder,
  requireCardholder,
  type CardholderPrincipal,
  type CardholderSessionOptions,
} from './session';
export { requireOwnCard } from './own-cards';
export { latestSignInCode } from './test-support';
/** The home's statements, for the floor of `bench/cardholder-home.ts` (the exact SQL the routes send). */
export { findOwnCards, findOwnMovements } from './repository';
