import type { Card, DraftLine } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * What the flow knows of the existing cards its lines name: a line holds only the card's id
 * (SPEC §3), the page shows its cardholder and masked number. Learnt from the picker's pages, the
 * server draft's lines and the card list the user came from; kept for the life of the page only —
 * the server is the source (a saved draft's lines carry their cards).
 */
export type KnownCard = Pick<
  Card,
  'cardId' | 'maskedNumber' | 'cardName' | 'status' | 'expiryDate' | 'balanceCents' | 'cardholder'
> & { product?: Card['product']; family?: Card['family'] };

let known = new Map<string, KnownCard>();
const listeners = new Set<() => void>();

export function rememberCards(cards: readonly KnownCard[]): void {
  if (cards.length === 0) return;
  const next = new Map(known);
  let changed = false;
  for (const card of cards) {
    const before = next.get(card.cardId);
    if (before && before.maskedNumber === card.maskedNumber && before.status === card.status) continue;
    next.set(card.cardId, { ...before, ...card });
    changed = true;
  }
  if (!changed) return;
  known = next;
  listeners.forEach((listener) => listener());
}

export function rememberDraftLines(lines: readonly DraftLine[]): void {
  rememberCards(lines.flatMap((line) => (line.card ? [line.card] : [])));
}

export function knownCard(cardId: string): KnownCard | undefined {
  return known.get(cardId);
}

/** Forgets everything (tests). */
export function resetKnownCards(): void {
  known = new Map();
  listeners.forEach((listener) => listener());
}

export function useKnownCards(): ReadonlyMap<string, KnownCard> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => known,
    () => known,
  );
}

function isCard(value: unknown): value is Card {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Card).cardId === 'string' &&
    typeof (value as Card).product === 'string' &&
    typeof (value as Card).family === 'string' &&
    typeof (value as Card).maskedNumber === 'string'
  );
}

/**
 * A card the browser has already fetched: any cached answer holding a `cards` list (the card list's
 * pages, the picker's). The card list's panel opens the flow with `?cardId=`; the card is on the
 * page the user was looking at.
 */
export function findCachedCard(queryClient: QueryClient, cardId: string): Card | null {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data as { cards?: unknown } | undefined;
    if (!data || !Array.isArray(data.cards)) continue;
    const found = (data.cards as unknown[]).find((card) => isCard(card) && card.cardId === cardId);
    if (found) return found as Card;
  }
  return null;
}
