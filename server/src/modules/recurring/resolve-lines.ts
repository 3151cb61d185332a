import {
  notLoadableReason,
  runAmountCents,
  type Card,
  type CardFamily,
  type RecurringCardNoteView,
  type RecurringRule,
} from '@tessera/domain';

/** A line of a run: the card to load (after any replacement), its family and its amount. */
export type RunLine = { cardId: string; family: CardFamily; amountCents: number };

export type ResolvedLines = {
  lines: RunLine[];
  notes: RecurringCardNoteView[];
  /** Lines whose card was replaced: the rule's line moves to the new card. */
  moves: { from: string; to: string }[];
};

const holderName = (card: Card) => `${card.cardholder.firstName} ${card.cardholder.lastName}`.trim();

/**
 * What a rule's lines load on `runDay` (issue 19 §1): a card that was replaced hands its line to its
 * replacement (followed along a chain of replacements), then each card that cannot be loaded
 * (blocked, expired, lost, damaged, of another product, gone) is left out with a note.
 * `cards` holds every card named, replacements included.
 */
export function resolveLines(
  rule: Pick<RecurringRule, 'product' | 'amountMode' | 'amountCents'>,
  ruleLines: readonly { cardId: string; amountCents: number | null }[],
  cards: ReadonlyMap<string, Card>,
  runDay: string,
): ResolvedLines {
  const lines: RunLine[] = [];
  const notes: RecurringCardNoteView[] = [];
  const moves: { from: string; to: string }[] = [];
  const taken = new Set(ruleLines.map((line) => line.cardId));
  for (const line of ruleLines) {
    let card = cards.get(line.cardId);
    if (!card) {
      notes.push({
        cardId: line.cardId,
        maskedNumber: '',
        cardholderName: '',
        note: 'notFound',
        newCardId: null,
      });
      continue;
    }
    // Follow the replacements (at most a few links; a loop is cut by the seen set).
    const seen = new Set<string>([card.cardId]);
    while (card.replacedByCardId && !seen.has(card.replacedByCardId)) {
      const next = cards.get(card.replacedByCardId);
      if (!next) break;
      seen.add(next.cardId);
      notes.push({
        cardId: card.cardId,
        maskedNumber: card.maskedNumber,
        cardholderName: holderName(card),
        note: 'replaced',
        newCardId: next.cardId,
      });
      card = next;
    }
    if (card.cardId !== line.cardId) {
      // Two lines never name one card: a replacement already in the rule keeps its own line.
      if (taken.has(card.cardId)) continue;
      taken.add(card.cardId);
      moves.push({ from: line.cardId, to: card.cardId });
    }
    const base = {
      cardId: card.cardId,
      maskedNumber: card.maskedNumber,
      cardholderName: holderName(card),
      newCardId: null,
    };
    if (card.product !== rule.product) {
      notes.push({ ...base, note: 'otherProduct' });
      continue;
    }
    const reason = notLoadableReason(card, runDay, false);
    if (reason !== null) {
      notes.push({ ...base, note: reason === 'active' ? 'blocked' : reason });
      continue;
    }
    lines.push({ cardId: card.cardId, family: card.family, amountCents: runAmountCents(rule, line, runDay) });
  }
  return { lines, notes, moves };
}

/** The lines by card family, in a stable order (one draft per family). */
export function byFamily(lines: readonly RunLine[]): [CardFamily, RunLine[]][] {
  const groups = new Map<CardFamily, RunLine[]>();
  for (const line of lines) groups.set(line.family, [...(groups.get(line.family) ?? []), line]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}
