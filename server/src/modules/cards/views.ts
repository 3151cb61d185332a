import { LIVE_CARD_STATUSES, maskCardNumber, type Card, type Cardholder } from '@tessera/domain';
import type { CardClock, CardDetailRow, CardReferenceRow } from './repository';

/** A card as a bulk file names it: enough to judge a load of it (ADR 011). */
export type CardReference = Pick<
  Card,
  'cardId' | 'product' | 'family' | 'status' | 'expiryDate' | 'bin' | 'last4' | 'replacedByCardId'
> & { cardholder: Pick<Cardholder, 'firstName' | 'lastName' | 'employeeCode' | 'email'> };

export function toCardholder(row: CardDetailRow['holder']): Cardholder {
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

/**
 * A card as lists show it. Its flags are the domain's `isExpiringSoon` and `isReadyToTopUp` (ADR
 * 006) judged against `clock`, the Athens dates worked out once per request (issue 17: a page of
 * 100 cards used to format Athens dates 300 times): the same comparisons the list's SQL makes
 * (`expiringSoonSql`, `readyToTopUpSql`), on `YYYY-MM-DD` strings that sort as dates.
 */
export function toCard(row: CardDetailRow, clock: CardClock): Card {
  const { card } = row;
  const lastLoadedAt = row.lastLoadAt ? row.lastLoadAt.toISOString() : null;
  const expiryDate = card.expiryDate.slice(0, 10);
  const isLive = LIVE_CARD_STATUSES.includes(card.status);
  const isNotExpired = expiryDate >= clock.today;
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
    expiringSoon: isLive && isNotExpired && expiryDate <= clock.expiringUntil,
    readyToTopUp:
      card.status === 'active' &&
      isNotExpired &&
      (row.lastLoadAt === null || row.lastLoadAt.getTime() < clock.monthStart.getTime()),
    replacedByCardId: card.replacedByCardId,
    doNotRenew: card.doNotRenew ?? false,
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
