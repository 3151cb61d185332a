import type { Cardholder } from '@tessera/domain';
import { cardholderKeys, type PersonToCompare } from './card-fields';
import type { CardsContext } from './context';
import { findCardholderCandidates } from './repository';
import { toCardholder } from './views';

/**
 * The company's cardholders that share an email, tax id or employee code (case and spaces
 * ignored) with, or whose folded name starts with the folded name of, one of `people`; each with
 * the number of their cards. A prefilter for checkCardholder, which decides what matches.
 */
export async function findCardholderCandidatesOf(
  ctx: CardsContext,
  companyId: string,
  people: PersonToCompare[],
): Promise<(Cardholder & { cards: number })[]> {
  const { names, ...keys } = cardholderKeys(people, (person) => `${person.firstName} ${person.lastName}`);
  const rows = await findCardholderCandidates(ctx.db, companyId, { ...keys, foldedNames: names });
  return rows.map((row) => ({ ...toCardholder(row), cards: row.cards }));
}
