/**
 * Where to spend a card (issue 35 §4, ADR 047): the module's public face. It has no tables of its
 * own; the stores' coordinates and areas are columns of the merchants module's `merchant_stores`.
 */
export { cardholderStoresRoutes } from './routes';
export { createCardholderStoresService, type CardholderStoresService } from './service';
