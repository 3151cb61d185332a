import type { Cardholder } from '@tessera/domain';
import { cardholderKeys, type PersonToCompare } from './card-fields';
import { findCardholdersByKeys, type Executor } from './repository';
import { toCardholder } from './views';

/**
 * Like `findCardholderCandidatesOf`, with exact keys only (email, tax id, employee code, or the
 * folded "last first" name of one of their cards), so a bulk file's thousands of new cardholders are
 * compared in one indexed statement per batch (ADR 011). A prefilter: the caller applies the
 * checkCardholder rule to what it returns.
 */
export async function findCardholdersLike(
  db: Executor,
  companyId: string,
  people: PersonToCompare[],
): Promise<(Cardholder & { cards: number })[]> {
  const { names, ...keys } = cardholderKeys(people, (person) => `${person.lastName} ${person.firstName}`);
  const rows = await findCardholdersByKeys(db, companyId, { ...keys, holderSorts: names });
  return rows.map((row) => ({ ...toCardholder(row), cards: row.cards }));
}
