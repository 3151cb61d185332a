import { createPublicCardholder, publicCardholdersPage, publicCardsPage } from './public-pages';
import type { Db, Executor } from '../../platform/db';
import type { LedgerService } from '../ledger';
import { activateCards } from './activate-cards';
import { closeCards } from './close-cards';
import type { CardsContext } from './context';
import { createCards } from './create-cards';
import { findCardReferencesOf } from './find-card-references';
import { findCardholderCandidatesOf } from './find-cardholder-candidates';
import { findCardholdersLike } from './find-cardholders-like';
import { findCardsOfCompany } from './find-cards-of-company';
import { findCompanyCardholderIds } from './find-company-cardholder-ids';
import { filterCards } from './filter-cards';
import { getCard } from './get-card';
import { getCardsKpis } from './get-cards-kpis';
import { getNotificationStatus } from './get-notification-status';
import {
  checkBulkCards,
  getCardholderLeaver,
  leaverCardsOf,
  listLeaversAndExpiring,
  markCardholderLeaver,
  setCardsRenewal,
} from './leavers-expiry';
import { listCardMovements } from './list-card-movements';
import { listCardSummaries } from './list-card-summaries';
import { listExpiringCards } from './list-expiring-cards';
import { listProducts } from './list-products';
import { listReadyToTopUpCards } from './list-ready-to-top-up-cards';
import { lockCards } from './lock-cards';
import { renameCard } from './rename-card';
import { createTotalsCache } from './totals-cache';
import { updateCardholder } from './update-cardholder';

export { cardClock, cardSearchFields, expiryAfterMonths } from './card-fields';
export type { CardActor } from './context';
export type { BulkCardRefusal } from './leavers-expiry';
export type { NewCard, NewCardholder } from './create-cards';
export type { CardReference } from './views';

export type CardsService = ReturnType<typeof createCardsService>;

/**
 * Cards and cardholders of a company (SPEC §3, §7 accounts: cardFilter, retrieveCardSummaries,
 * retrieveCardsKpis, updateCardholder, account/card-name; the notification status). Every read and
 * write is scoped by the company the route resolved; a card of another company is "not found".
 * Each operation is a file of its own; this only gives them the shared context (the database, the
 * ledger, the clock and the card list's totals) under the names the other modules call.
 */
export function createCardsService(deps: { db: Db; ledger: LedgerService; now?: () => Date }) {
  const ctx: CardsContext = {
    db: deps.db,
    ledger: deps.ledger,
    now: deps.now ?? (() => new Date()),
    totals: createTotalsCache(),
  };
  /** An operation with the context given: the method the other modules call. */
  const withContext =
    <Args extends unknown[], Result>(operation: (ctx: CardsContext, ...args: Args) => Result) =>
    (...args: Args): Result =>
      operation(ctx, ...args);
  return {
    /** Forgets the counted totals of a company's card list (after loads change who is due). */
    forgetTotals: (companyId: string): void => ctx.totals.forget(companyId),
    products: withContext(listProducts),
    filterCards: withContext(filterCards),
    getCard: withContext(getCard),
    cardMovements: withContext(listCardMovements),
    cardsOfCompany: withContext(findCardsOfCompany),
    lockCardsOfCompany: lockCards,
    activateCards: withContext(activateCards),
    closeCards: withContext(closeCards),
    cardholderIdsOfCompany: findCompanyCardholderIds,
    readyToTopUpCards: withContext(listReadyToTopUpCards),
    cardholderCandidates: withContext(findCardholderCandidatesOf),
    cardReferences: findCardReferencesOf,
    cardholdersLike: findCardholdersLike,
    summaries: withContext(listCardSummaries),
    kpis: withContext(getCardsKpis),
    notificationStatus: withContext(getNotificationStatus),
    updateCardholder: withContext(updateCardholder),
    renameCard: withContext(renameCard),
    createCards: withContext(createCards),
    /** The public API's pages and its cardholder creation (issue 22 §2, ADR 037). */
    publicCardsPage: withContext(publicCardsPage),
    publicCardholdersPage: withContext(publicCardholdersPage),
    createPublicCardholder: withContext(createPublicCardholder),
    /** Issue 22 §3 (ADR 035): live cards expiring between two days, masked. */
    expiringCards: withContext(listExpiringCards),
    // Leavers and expiry (issue 22 §4, ADR 036).
    leaversAndExpiring: withContext(listLeaversAndExpiring),
    cardholderLeaver: withContext(getCardholderLeaver),
    markCardholderLeaver: withContext(markCardholderLeaver),
    setCardsRenewal: withContext(setCardsRenewal),
    leaverCardsOf: withContext(leaverCardsOf),
    /** The cards of a bulk action, each row judged; a 400 naming every refused row (ADR 036). */
    checkBulkCards: withContext(checkBulkCards),
    /**
     * Blocks the company's cards among `cardIds` in the caller's transaction: the one status path
     * (`closeCards`) every block takes, where the `card.blocked` webhook belongs (ADR 036).
     */
    blockCards: (db: Executor, companyId: string, cardIds: string[]): Promise<void> =>
      closeCards(ctx, db, companyId, cardIds, 'blocked'),
  };
}
