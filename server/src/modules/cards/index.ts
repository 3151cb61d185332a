/**
 * Cards and cardholders of a company: the module's public face. Other modules reach it through these
 * only; its tables are gathered for Drizzle by `db/schema.ts`.
 */
export { cardsRoutes } from './routes';
export {
  createCardsService,
  type BulkCardRefusal,
  type CardActor,
  type CardReference,
  type CardsService,
  type NewCard,
  type NewCardholder,
} from './service';
export { cardFilterStatements } from './filter-cards';
export { findDemoCards, findMaskedCards, lockCardForPurchase, type PurchaseCard } from './purchase-card';
