/**
 * Card printing: the module's public face. Other modules reach it through these only; its table is
 * gathered for Drizzle by `db/schema.ts`.
 */
export { cardPrintingRoutes } from './routes';
export { createCardPrintingService, type CardPrintingService } from './service';
