import type { Card, CardMovement, Cardholder } from '@tessera/domain';
import { uuid } from './orders';

/** Cards and cardholders in the shapes of the domain, for the card list and the order flow. */

/** Today in Athens plus `days`, as the date-only string expiry dates are. */
export function athensDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Athens',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Each card and cardholder made in a test file gets the next number of its ids. */
let sequence = 0;

export function cardholder(overrides: Partial<Cardholder> = {}): Cardholder {
  sequence += 1;
  return {
    cardholderId: uuid(1000 + sequence),
    firstName: 'Μαρία',
    lastName: 'Παπαδάκη',
    email: 'maria@akmi.gr',
    phone: '+306912345678',
    employeeCode: 'E-17',
    taxId: '',
    ...overrides,
  };
}

export function card(overrides: Partial<Card> = {}): Card {
  sequence += 1;
  const last4 = String(1000 + sequence).slice(-4);
  return {
    cardId: uuid(sequence),
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    cardName: 'Κάρτα γευμάτων',
    status: 'active',
    expiryDate: athensDatePlus(400),
    bin: '534711',
    last4,
    maskedNumber: `5347 11•• •••• ${last4}`,
    balanceCents: 12_345,
    lastLoadedAt: '2026-03-02T08:30:00Z',
    expiringSoon: false,
    readyToTopUp: false,
    replacedByCardId: null,
    cardholder: cardholder(),
    createdAt: '2024-01-15T10:00:00Z',
    ...overrides,
  };
}

/**
 * `GET cardMovements` for the cards of a test: each card's balance (read when asked, so a test may
 * change it) and one load of that amount, unless `movementsOf` gives the card's movements.
 */
export function cardMovementsHandler(
  cards: () => readonly Card[],
  movementsOf: (card: Card) => CardMovement[] = (card) => [
    {
      movementId: uuid(90_000 + Number(card.last4)),
      kind: 'load',
      amountCents: card.balanceCents,
      description: '',
      reference: 'order',
      postedAt: '2026-03-02T08:30:00Z',
    },
  ],
) {
  return ({ url }: { url: URL }) => {
    const found = cards().find((candidate) => candidate.cardId === url.searchParams.get('cardId'));
    if (!found) {
      return {
        status: 404,
        body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
      };
    }
    return {
      body: {
        success: true,
        cardId: found.cardId,
        balanceCents: found.balanceCents,
        movements: movementsOf(found),
      },
    };
  };
}
