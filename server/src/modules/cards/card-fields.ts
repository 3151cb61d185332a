import {
  addDays,
  athensDate,
  athensMidnight,
  EXPIRING_WINDOW_DAYS,
  foldForSearch,
  startOfAthensMonth,
} from '@tessera/domain';
import type { CardClock, CardholderRow, CardRow } from './repository';

/** The last clock worked out and the instants of the Athens day it holds for. */
let lastClock: { from: number; until: number; clock: CardClock } | null = null;

/**
 * The Athens dates a card's flags depend on at `now`. The same for a whole Athens day, so worked
 * out once a day and reused (ADR 053: the time-zone formatting cost a card-list request 2.5 % of
 * the server's time); any `now` outside that day works them out again.
 */
export function cardClock(now: Date = new Date()): CardClock {
  const at = now.getTime();
  if (lastClock && at >= lastClock.from && at < lastClock.until) return lastClock.clock;
  const today = athensDate(now);
  const clock: CardClock = Object.freeze({
    today,
    expiringUntil: addDays(today, EXPIRING_WINDOW_DAYS),
    monthStart: startOfAthensMonth(now),
  });
  lastClock = {
    from: athensMidnight(today).getTime(),
    until: athensMidnight(addDays(today, 1)).getTime(),
    clock,
  };
  return clock;
}

/** The folded texts a card is found and sorted by. */
export function cardSearchFields(
  holder: Pick<CardholderRow, 'firstName' | 'lastName' | 'email' | 'employeeCode'>,
  card: Pick<CardRow, 'cardName' | 'last4'>,
): { searchText: string; holderSort: string } {
  return {
    searchText: foldForSearch(
      `${holder.firstName} ${holder.lastName} ${holder.email} ${holder.employeeCode} ${card.cardName} ${card.last4}`,
    ),
    holderSort: foldForSearch(`${holder.lastName} ${holder.firstName}`),
  };
}

export function cardholderSearchText(
  holder: Pick<CardholderRow, 'firstName' | 'lastName' | 'email' | 'employeeCode' | 'taxId'>,
) {
  return foldForSearch(
    `${holder.firstName} ${holder.lastName} ${holder.email} ${holder.employeeCode} ${holder.taxId}`,
  );
}

/** The last day of the month `months` after `now` (cards expire at a month's end). */
export function expiryAfterMonths(months: number, now: Date = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months + 1, 0));
  return date.toISOString().slice(0, 10);
}

/** A person as a form or a bulk file gives them, to compare with the company's cardholders. */
export type PersonToCompare = {
  firstName: string;
  lastName: string;
  email: string;
  employeeCode: string;
  taxId: string;
};

/**
 * The keys `people` are compared with cardholders by, each list without blanks and repeats: emails
 * and employee codes trimmed and lower-cased, tax ids without spaces, and the folded `name` of each
 * person with both a first and a last name.
 */
export function cardholderKeys(people: PersonToCompare[], name: (person: PersonToCompare) => string) {
  const distinct = (values: string[]) => [...new Set(values.filter((value) => value !== ''))];
  return {
    emails: distinct(people.map((person) => person.email.trim().toLowerCase())),
    taxIds: distinct(people.map((person) => person.taxId.replace(/\s/g, ''))),
    employeeCodes: distinct(people.map((person) => person.employeeCode.trim().toLowerCase())),
    names: distinct(
      people.map((person) =>
        person.firstName.trim() && person.lastName.trim() ? foldForSearch(name(person)) : '',
      ),
    ),
  };
}
