import { z } from 'zod';
import { foldForSearch } from './input';
import { STORE_CHANNELS, type StoreChannel } from './merchants';
import { CardCategorySchema } from './products';
import { SPEND_CATEGORIES } from './spend-rules';

/**
 * Where to spend a card (issue 35 §4, ADR 047): the cardholder's store search. The server filters in
 * SQL and sorts by distance with the plain haversine formula there; this file holds the rules both
 * sides share — how a query is folded, the distance, the channel filter, coordinates' validation —
 * and the wire shapes of `GET /api/my/stores`.
 */

/** One page of stores. */
export const STORE_PAGE_SIZE = 20;

/** The mean Earth radius (IUGG), in metres: the haversine formula's sphere. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

export type LatLng = { lat: number; lng: number };

/** Great-circle distance in metres between two points (haversine). */
export function haversineMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The Greek letters (upper and lower case, with and without tonos and dialytika) and the plain lower
 * case letter each folds to: the SQL side folds with `translate(lower(x), FROM, TO)`, which runs on
 * PostgreSQL 15 and PGlite alike without the `unaccent` extension and whatever the database's
 * collation (`lower()` under the C locale changes only ASCII letters).
 */
export const GREEK_FOLD_FROM = 'ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫάέήίόύώϊϋΐΰς';
export const GREEK_FOLD_TO = 'αβγδεζηθικλμνξοπρστυφχψωαεηιουωιυαεηιουωιυιυσ';

/** The same fold as the SQL's `translate(lower(text), GREEK_FOLD_FROM, GREEK_FOLD_TO)`. */
export function foldLikeSql(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = GREEK_FOLD_FROM.indexOf(char);
    folded += at >= 0 ? GREEK_FOLD_TO[at]! : char;
  }
  return folded;
}

/** At most this many words of a query are matched (each must match). */
export const MAX_QUERY_TOKENS = 6;

/**
 * The words of a search query, folded as the stores' text is in SQL (case, tonos, dialytika and
 * final sigma ignored), each of which must appear. A postal code written `117 42` is one word.
 */
export function storeQueryTokens(query: string): string[] {
  const folded = foldForSearch(query.replace(/\b(\d{3})\s+(\d{2})\b/g, '$1$2'));
  if (folded === '') return [];
  return [...new Set(folded.split(' '))].slice(0, MAX_QUERY_TOKENS);
}

/** A postal code prefix as stored (digits only, spaces removed), or null when it is not one. */
export function postcodePrefix(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^\d{1,5}$/.test(digits) ? digits : null;
}

/** The channel filter of the search: in store, or online (a shop of its own or a delivery platform). */
export const STORE_CHANNEL_FILTERS = ['in-store', 'online'] as const;
export type StoreChannelFilter = (typeof STORE_CHANNEL_FILTERS)[number];

/** The store channels a filter accepts (a store matches when it sells through any of them). */
export function channelsOfFilter(filter: StoreChannelFilter): StoreChannel[] {
  return filter === 'in-store' ? ['in_store'] : ['online', 'delivery_platform'];
}

/** A rough box around Greece and its islands: coordinates outside it are likely typed wrong. */
export const GREECE_BOUNDS = { minLat: 34.7, maxLat: 41.8, minLng: 19.3, maxLng: 29.7 } as const;

/** Whether a point lies in Greece's box (a sanity check the store form warns with, never refuses). */
export function isInGreece(point: LatLng): boolean {
  return (
    point.lat >= GREECE_BOUNDS.minLat &&
    point.lat <= GREECE_BOUNDS.maxLat &&
    point.lng >= GREECE_BOUNDS.minLng &&
    point.lng <= GREECE_BOUNDS.maxLng
  );
}

/** Coordinates of a query string: a number in range, or absent. */
const QueryLatitude = z.coerce.number().min(-90).max(90);
const QueryLongitude = z.coerce.number().min(-180).max(180);

/** `GET /api/my/stores` query: the card, what to look for, and where the cardholder is (both or neither). */
export const StoreSearchQuerySchema = z
  .object({
    cardId: z.uuid(),
    q: z.string().trim().max(100).optional(),
    postcode: z
      .string()
      .trim()
      .regex(/^\d{1,3} ?\d{0,2}$/, 'a postal code or its first digits')
      .optional(),
    area: z.string().trim().max(60).optional(),
    category: z.enum(SPEND_CATEGORIES).optional(),
    channel: z.enum(STORE_CHANNEL_FILTERS).optional(),
    lat: QueryLatitude.optional(),
    lng: QueryLongitude.optional(),
    page: z.coerce.number().int().min(1).max(500).default(1),
  })
  .superRefine((query, context) => {
    if ((query.lat === undefined) !== (query.lng === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [query.lat === undefined ? 'lat' : 'lng'],
        message: 'give both latitude and longitude, or neither',
      });
    }
  });
export type StoreSearchQuery = z.infer<typeof StoreSearchQuerySchema>;

export const CardholderStoreSchema = z.object({
  storeId: z.string(),
  merchantName: z.string(),
  storeName: z.string(),
  address: z.string(),
  area: z.string(),
  city: z.string(),
  postalCode: z.string(),
  category: z.enum(SPEND_CATEGORIES),
  channels: z.array(z.enum(STORE_CHANNELS)),
  openingHours: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  distanceMeters: z.number().int().nullable(),
  acceptedProducts: z.array(CardCategorySchema),
});
export type CardholderStore = z.infer<typeof CardholderStoreSchema>;

export const StoreSearchResponseSchema = z.object({
  success: z.literal(true),
  stores: z.array(CardholderStoreSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type StoreSearchResponse = z.infer<typeof StoreSearchResponseSchema>;
