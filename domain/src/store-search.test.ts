import { describe, expect, it } from 'vitest';
import {
  GREEK_FOLD_FROM,
  GREEK_FOLD_TO,
  StoreSearchQuerySchema,
  channelsOfFilter,
  foldLikeSql,
  haversineMeters,
  isInGreece,
  postcodePrefix,
  storeQueryTokens,
} from './store-search';
import { foldForSearch } from './input';

describe('store search', () => {
  it('measures great-circle distances in metres', () => {
    const syntagma = { lat: 37.9755, lng: 23.7348 };
    const piraeus = { lat: 37.9429, lng: 23.6469 };
    const thessaloniki = { lat: 40.6401, lng: 22.9444 };
    expect(haversineMeters(syntagma, syntagma)).toBe(0);
    // Syntagma to Piraeus port is about 8.4 km as the crow flies; to Thessaloniki about 303 km.
    expect(haversineMeters(syntagma, piraeus)).toBeGreaterThan(8_200);
    expect(haversineMeters(syntagma, piraeus)).toBeLessThan(8_600);
    expect(haversineMeters(syntagma, thessaloniki) / 1000).toBeCloseTo(303, -1);
    expect(haversineMeters(syntagma, piraeus)).toBeCloseTo(haversineMeters(piraeus, syntagma), 6);
    // Antipodes: half the circumference, no NaN from rounding above 1.
    expect(haversineMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6_371_008.8, 0);
  });

  it('folds a query as the SQL folds the stores: case, tonos, dialytika and final sigma ignored', () => {
    expect(GREEK_FOLD_FROM.length).toBe(GREEK_FOLD_TO.length);
    expect(storeQueryTokens('  ΦΡΈΣΚΟ   Μάρκετ ')).toEqual(['φρεσκο', 'μαρκετ']);
    expect(storeQueryTokens('Κολωνάκι')).toEqual(storeQueryTokens('ΚΟΛΩΝΑΚΙ'));
    expect(storeQueryTokens('Πειραιάς')).toEqual(['πειραιασ']);
    expect(storeQueryTokens('Βεΐκου')).toEqual(['βεικου']);
    expect(storeQueryTokens('117 42')).toEqual(['11742']);
    expect(storeQueryTokens('   ')).toEqual([]);
    expect(storeQueryTokens('a b c d e f g h')).toHaveLength(6);
    // Every Greek letter the SQL translates folds to what the query folds to.
    for (const char of GREEK_FOLD_FROM) expect(foldLikeSql(char), char).toBe(foldForSearch(char));
    expect(foldLikeSql('Ταβέρνα Το Στέκι — ΚΟΥΚΆΚΙ')).toBe(foldForSearch('Ταβέρνα Το Στέκι — ΚΟΥΚΆΚΙ'));
  });

  it('reads postal code prefixes and channel filters', () => {
    expect(postcodePrefix('117 4')).toBe('1174');
    expect(postcodePrefix('10557')).toBe('10557');
    expect(postcodePrefix('Αθήνα')).toBeNull();
    expect(channelsOfFilter('in-store')).toEqual(['in_store']);
    expect(channelsOfFilter('online')).toEqual(['online', 'delivery_platform']);
  });

  it('checks coordinates: both or neither, in range; Greece is a sanity check only', () => {
    const cardId = '7f3c2a52-4a0c-4b8e-9d59-2c4e1f7c0a11';
    expect(StoreSearchQuerySchema.safeParse({ cardId, lat: '37.97', lng: '23.73' }).success).toBe(true);
    const half = StoreSearchQuerySchema.safeParse({ cardId, lat: '37.97' });
    expect(half.success).toBe(false);
    expect(half.error?.issues[0]?.path).toEqual(['lng']);
    expect(StoreSearchQuerySchema.safeParse({ cardId, lat: '91', lng: '0' }).success).toBe(false);
    expect(StoreSearchQuerySchema.safeParse({ cardId, lat: '0', lng: '-181' }).success).toBe(false);
    expect(StoreSearchQuerySchema.parse({ cardId }).page).toBe(1);
    expect(StoreSearchQuerySchema.safeParse({ cardId, channel: 'in_store' }).success).toBe(false);
    expect(isInGreece({ lat: 37.9755, lng: 23.7348 })).toBe(true);
    expect(isInGreece({ lat: 35.3387, lng: 25.1442 })).toBe(true);
    expect(isInGreece({ lat: 48.8566, lng: 2.3522 })).toBe(false);
  });
});
