import {
  GREEK_FOLD_FROM,
  GREEK_FOLD_TO,
  STORE_PAGE_SIZE,
  EARTH_RADIUS_METERS,
  type CardCategory,
  type LatLng,
  type SpendCategory,
  type StoreChannel,
} from '@tessera/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * The SQL of the cardholder's store search (issue 35 §4, ADR 047). It reads the merchants' stores
 * (read-only, as the orders and fulfilment modules read other modules' tables): the filters run in SQL on the stores of the card's product (a GIN index on `accepted_products`),
 * the distance is the haversine formula in plain SQL, and one page comes back with the total.
 */

/** Text folded as `foldLikeSql` folds it: lower case, Greek accents and final sigma removed. */
function folded(expression: SQL): SQL {
  return sql`translate(lower(${expression}), ${GREEK_FOLD_FROM}, ${GREEK_FOLD_TO})`;
}

/** `%text%` for LIKE with the text's own wildcards escaped. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export type StoreFilter = {
  product: CardCategory;
  /** Folded words, each of which must appear in the store's text. */
  words: string[];
  postcodePrefix: string | null;
  /** Folded neighbourhood text. */
  area: string | null;
  category: SpendCategory | null;
  channels: StoreChannel[] | null;
  origin: LatLng | null;
  page: number;
};

export type StoreRow = {
  storeId: string;
  merchantName: string;
  storeName: string;
  address: string;
  area: string;
  city: string;
  postalCode: string;
  category: SpendCategory;
  channels: StoreChannel[];
  openingHours: string;
  lat: number | null;
  lng: number | null;
  distanceMeters: number | null;
  acceptedProducts: CardCategory[];
  total: number;
};

/** The conditions of a filter, on `merchant_stores s join merchants m`. */
function conditions(filter: StoreFilter): SQL {
  const where: SQL[] = [sql`${filter.product} = any(s.accepted_products)`];
  const haystack = folded(
    sql`m.trade_name || ' ' || s.name || ' ' || s.address || ' ' || s.area || ' ' || s.city || ' ' || s.postal_code`,
  );
  for (const word of filter.words) where.push(sql`${haystack} like ${containing(word)}`);
  if (filter.postcodePrefix) where.push(sql`s.postal_code like ${`${filter.postcodePrefix}%`}`);
  if (filter.area) where.push(sql`${folded(sql`s.area`)} like ${containing(filter.area)}`);
  if (filter.category) where.push(sql`s.category = ${filter.category}`);
  if (filter.channels) {
    const channels = sql.join(
      filter.channels.map((channel) => sql`${channel}`),
      sql`, `,
    );
    where.push(sql`s.channels && array[${channels}]::text[]`);
  }
  return sql.join(where, sql` and `);
}

/** One page of the stores that take the product, nearest first with an origin, else by name. */
export async function searchStores(db: Executor, filter: StoreFilter): Promise<StoreRow[]> {
  const origin = filter.origin;
  // Haversine in plain SQL (PostgreSQL 15 and PGlite alike, no PostGIS): least() keeps asin's
  // argument at most 1 where rounding would push it over.
  const distance = origin
    ? sql`(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(
          power(sin(radians(s.lat - ${origin.lat}::float8) / 2), 2)
        + cos(radians(${origin.lat}::float8)) * cos(radians(s.lat))
        * power(sin(radians(s.lng - ${origin.lng}::float8) / 2), 2)))))`
    : sql`null::float8`;
  const order = origin
    ? sql`distance nulls last, lower(m.trade_name), lower(s.name), s.id`
    : sql`lower(m.trade_name), lower(s.name), s.id`;
  const { rows } = await db.execute<Omit<StoreRow, 'distanceMeters'> & { distance: number | null }>(sql`
    select s.id as "storeId", m.trade_name as "merchantName", s.name as "storeName", s.address,
           s.area, s.city, s.postal_code as "postalCode", s.category, s.channels,
           s.opening_hours as "openingHours", s.lat, s.lng, s.accepted_products as "acceptedProducts",
           ${distance} as distance, count(*) over ()::int as total
      from merchant_stores s join merchants m on m.id = s.merchant_id
     where ${conditions(filter)}
     order by ${order}
     limit ${STORE_PAGE_SIZE} offset ${(filter.page - 1) * STORE_PAGE_SIZE}`);
  return rows.map(({ distance, ...row }) => ({
    ...row,
    distanceMeters: distance === null ? null : Math.round(Number(distance)),
  }));
}

/** How many stores a filter finds (asked only for a page past the end, which carries no count). */
export async function countStores(db: Executor, filter: StoreFilter): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from merchant_stores s join merchants m on m.id = s.merchant_id
     where ${conditions(filter)}`);
  return rows[0]?.n ?? 0;
}
