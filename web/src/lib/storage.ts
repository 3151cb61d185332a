import type { CardCategory, DraftOrderPointer, OrderDraft } from '@tessera/domain';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The persisted stores of SPEC §3 and §9, kept in localStorage under the names the specification
 * gives them. Values are JSON; anything unreadable is treated as absent.
 */

export type CompanyData = { companyId: string; name: string; vat: string };
export type DraftTotal = { total: number; isMaxReached: boolean };
export type NotificationsPageData = { tab: 'all' | 'expiring' };

export type StoreValues = {
  /** Ids of the notifications the user has read (SPEC §4). */
  notifications: string[];
  companyData: CompanyData;
  lastCompanyId: string;
  draftTotal: DraftTotal;
  notificationsPageData: NotificationsPageData;
  /** The card-issue draft being edited (SPEC §3 orderDraft). */
  orderDraft: OrderDraft;
  /** The draft order pointer (SPEC §3): the type and id of the draft being worked on. */
  draftOrder: DraftOrderPointer;
  /** Bulk order cards and bulk product (SPEC §3), filled by the bulk upload. */
  bulkOrderCards: unknown[];
  bulkProduct: CardCategory;
};
export type StoreKey = keyof StoreValues;

export const STORE_KEYS: readonly StoreKey[] = [
  'notifications',
  'companyData',
  'lastCompanyId',
  'draftTotal',
  'notificationsPageData',
  'orderDraft',
  'draftOrder',
  'bulkOrderCards',
  'bulkProduct',
];

/** SPEC §4/§9: the maximum-reached flag is set when the draft orders total is over 99. */
export const DRAFT_TOTAL_MAX = 99;

export function draftTotalOf(total: number): DraftTotal {
  return { total, isMaxReached: total > DRAFT_TOTAL_MAX };
}

type Guard<K extends StoreKey> = (value: unknown) => value is StoreValues[K];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const guards: { [K in StoreKey]: Guard<K> } = {
  notifications: (v): v is string[] => Array.isArray(v) && v.every((id) => typeof id === 'string'),
  companyData: (v): v is CompanyData =>
    isRecord(v) && (typeof v.companyId === 'string' || typeof v.companyId === 'number'),
  lastCompanyId: (v): v is string => typeof v === 'string' || typeof v === 'number',
  draftTotal: (v): v is DraftTotal => isRecord(v) && typeof v.total === 'number',
  notificationsPageData: (v): v is NotificationsPageData =>
    isRecord(v) && (v.tab === 'all' || v.tab === 'expiring'),
  orderDraft: (v): v is OrderDraft =>
    isRecord(v) &&
    typeof v.reason === 'string' &&
    typeof v.orderType === 'string' &&
    isRecord(v.changedData) &&
    isRecord(v.defaultData) &&
    Array.isArray(v.changedData.cards) &&
    Array.isArray(v.defaultData.cards),
  draftOrder: (v): v is DraftOrderPointer =>
    isRecord(v) && typeof v.orderType === 'string' && typeof v.orderId === 'string',
  bulkOrderCards: (v): v is unknown[] => Array.isArray(v),
  bulkProduct: (v): v is CardCategory => typeof v === 'string',
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); the portal then works without persistence.
    return null;
  }
}

/** Reads a store; `null` when absent or unreadable. */
export function readStore<K extends StoreKey>(key: K): StoreValues[K] | null {
  const raw = storage()?.getItem(key) ?? null;
  return parseStored(key, raw);
}

function parseStored<K extends StoreKey>(key: K, raw: string | null): StoreValues[K] | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!guards[key](value)) return null;
    // Ids may have been written as numbers by older code; the wire and headers use strings.
    if (key === 'lastCompanyId') return String(value) as StoreValues[K];
    if (key === 'companyData') {
      const data = value as CompanyData;
      return { ...data, companyId: String(data.companyId) } as StoreValues[K];
    }
    return value;
  } catch {
    return null;
  }
}

const listeners = new Map<StoreKey, Set<() => void>>();

function notify(key: StoreKey): void {
  listeners.get(key)?.forEach((listener) => listener());
}

export function writeStore<K extends StoreKey>(key: K, value: StoreValues[K]): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: keep going without persistence.
  }
  notify(key);
}

export function removeStore(key: StoreKey): void {
  storage()?.removeItem(key);
  notify(key);
}

/** Clears every persisted store (SPEC §4: with no session all local storage is cleared). */
export function clearAllLocalStorage(): void {
  storage()?.clear();
  STORE_KEYS.forEach(notify);
}

/** Subscribes to a store, including changes made in other tabs (the `storage` event). */
export function subscribeStore(key: StoreKey, listener: () => void): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

// useSyncExternalStore needs a stable snapshot: cache the parsed value per raw string.
const snapshots = new Map<StoreKey, { raw: string | null; value: unknown }>();

function snapshotOf<K extends StoreKey>(key: K): StoreValues[K] | null {
  const raw = storage()?.getItem(key) ?? null;
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.value as StoreValues[K] | null;
  const value = parseStored(key, raw);
  snapshots.set(key, { raw, value });
  return value;
}

/** A persisted store as React state; updates every component using it, in this tab and others. */
export function useStore<K extends StoreKey>(
  key: K,
): [StoreValues[K] | null, (value: StoreValues[K] | null) => void] {
  const subscribe = useCallback((listener: () => void) => subscribeStore(key, listener), [key]);
  const value = useSyncExternalStore(
    subscribe,
    () => snapshotOf(key),
    () => null,
  );
  const set = useCallback(
    (next: StoreValues[K] | null) => (next === null ? removeStore(key) : writeStore(key, next)),
    [key],
  );
  return [value, set];
}

/** The company the user acts for: stored company data first, else the remembered id (SPEC §7). */
export function currentCompanyId(): string | null {
  return readStore('companyData')?.companyId ?? readStore('lastCompanyId');
}
