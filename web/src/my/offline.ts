import type { CardsAnswer, StoresAnswer } from './api';

/**
 * What the cardholder area keeps on the phone for offline use (issue 35 §6): the last
 * `/api/my/cards` answer with its `readAt`, and the last store search with its results. Nothing
 * else; both are removed on sign-out. A full or forbidden storage is ignored.
 */
const CARDS_KEY = 'tessera.my.cards';
const STORES_KEY = 'tessera.my.stores';

export type SavedStores = { search: Record<string, string>; answer: StoresAnswer };

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the app still works online.
  }
}

export const savedCards = () => read<CardsAnswer>(CARDS_KEY);
export const saveCards = (answer: CardsAnswer) => write(CARDS_KEY, answer);
export const savedStores = () => read<SavedStores>(STORES_KEY);
export const saveStores = (saved: SavedStores) => write(STORES_KEY, saved);

export function forgetAll(): void {
  try {
    localStorage.removeItem(CARDS_KEY);
    localStorage.removeItem(STORES_KEY);
  } catch {
    // Nothing kept.
  }
}
