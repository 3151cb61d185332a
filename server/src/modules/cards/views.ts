import { isExpiringSoon, isReadyToTopUp, maskCardNumber, type Card, type Cardholder } from '@tessera/domain';
import type { CardDetailRow, CardholderRow, CardReferenceRow } from './repository';

/** A card as a bulk file names it: enough to judge a load of it (ADR 011). */
export type CardReference = Pick<
  Card,
  'cardId' | 'product' | 'family' | 'status' | 'expiryDate' | 'bin' | 'last4' | 'replacedByCardId'
> & { cardholder: Pick<Cardholder, 'firstName' | 'lastName' | 'employeeCode' | 'email'> };

export function toCardholder(row: CardholderRow): Cardholder {
  return {
    cardholderId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    employeeCode: row.employeeCode,
    taxId: row.taxId,
  };
}

export function toCard(row: CardDetailRow, now: Date): Card {
  const { card } = row;
  const lastLoadedAt = row.lastLoadAt ? row.lastLoadAt.toISOString() : null;
  return {
    cardId: card.id,
    product: card.product,
    family: card.family,
    cardName: card.cardName,
    status: card.status,
    expiryDate: card.expiryDate,
    bin: card.bin,
    last4: card.last4,
    maskedNumber: maskCardNumber(card.bin, card.last4),
    balanceCents: row.balanceCents,
    lastLoadedAt,
    expiringSoon: isExpiringSoon(card, now),
    readyToTopUp: isReadyToTopUp({ status: card.status, expiryDate: card.expiryDate, lastLoadedAt }, now),
    replacedByCardId: card.replacedByCardId,
    cardholder: toCardholder(row.holder),
    createdAt: card.createdAt.toISOString(),
  };
}

export function toCardReference(row: CardReferenceRow): CardReference {
  return {
    cardId: row.id,
    product: row.product,
    family: row.family,
    status: row.status,
    expiryDate: row.expiryDate,
    bin: row.bin,
    last4: row.last4,
    replacedByCardId: row.replacedByCardId,
    cardholder: {
      firstName: row.firstName,
      lastName: row.lastName,
      employeeCode: row.employeeCode,
      email: row.email,
    },
  };
}
