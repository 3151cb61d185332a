/**
 * The company's and customer care's side of cardholders (issue 35 §8, ADR 049): the module's public
 * face. It has no tables of its own: it reads the holder records, cards and the cardholder identity's
 * accounts and events, and writes an invitation's mark and an unlock.
 */
export { cardholderAppRoutes, cardholderCareRoutes } from './routes';
export { createCardholderCareService, type CardholderCareService, type CareActor } from './service';
