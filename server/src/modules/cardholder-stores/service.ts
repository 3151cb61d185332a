import {
  channelsOfFilter,
  foldForSearch,
  postcodePrefix,
  storeQueryTokens,
  STORE_PAGE_SIZE,
  type StoreSearchQuery,
  type StoreSearchResponse,
} from '@tessera/domain';
import type { Db } from '../../platform/db';
import { requireOwnCard } from '../cardholders';
import { countStores, searchStores, type StoreFilter } from './repository';

export type CardholderStoresDeps = { db: Db };

/**
 * Where to spend a card (issue 35 §4, ADR 047): the stores that take the product of one of the
 * signed-in cardholder's cards.
 */
export function createCardholderStoresService(deps: CardholderStoresDeps) {
  return {
    /**
     * `GET /api/my/stores`: one page (20) of the stores that accept the card's product, matching
     * every word of `q` (merchant, store, address, area, city, postal code; case and accents
     * ignored), a postal code prefix, an area, a category and a channel; nearest first when the
     * cardholder's position is given (stores without coordinates last), else by merchant and name.
     * A card whose holder record does not carry `email` is "not found", whoever's it is.
     *
     * @param email the signed-in cardholder's lower-cased e-mail
     * @param query the validated query
     */
    async findStores(email: string, query: StoreSearchQuery): Promise<StoreSearchResponse> {
      // Another person's card (or none) is "not found" (the cardholders module's ownership rule).
      const { product } = await requireOwnCard(deps.db, email, query.cardId);
      const area = query.area ? foldForSearch(query.area) : '';
      const filter: StoreFilter = {
        product,
        words: storeQueryTokens(query.q ?? ''),
        postcodePrefix: query.postcode ? postcodePrefix(query.postcode) : null,
        area: area === '' ? null : area,
        category: query.category ?? null,
        channels: query.channel ? channelsOfFilter(query.channel) : null,
        origin:
          query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null,
        page: query.page,
      };
      const rows = await searchStores(deps.db, filter);
      const total = rows[0]?.total ?? (query.page > 1 ? await countStores(deps.db, filter) : 0);
      return {
        success: true,
        stores: rows.map(({ total: _total, ...store }) => store),
        total,
        page: query.page,
        pageSize: STORE_PAGE_SIZE,
      };
    },
  };
}

export type CardholderStoresService = ReturnType<typeof createCardholderStoresService>;
