import {
  foldForSearch,
  type Cardholder,
  type CheckCardholderResponse,
  type DUPLICATE_REASONS,
} from '@tessera/domain';

type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export type PersonToCheck = {
  tempCardId: string;
  firstName: string;
  lastName: string;
  email: string;
  employeeCode: string;
  taxId: string;
};

const same = (a: string, b: string) => a !== '' && a === b;
const email = (text: string) => text.trim().toLowerCase();
const code = (text: string) => text.trim().toLowerCase();
const taxId = (text: string) => text.replace(/\s/g, '');

/**
 * Why `existing` may be the same person as `person`: the same email or employee code (case
 * ignored), the same tax id (spaces ignored), or the same first and last name with accents, case
 * and final sigma ignored (`foldForSearch`, STYLE: searches ignore the tonos). Empty fields never
 * match.
 */
export function duplicateReasons(person: PersonToCheck, existing: Cardholder): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  if (same(email(person.email), email(existing.email))) reasons.push('email');
  if (same(taxId(person.taxId), taxId(existing.taxId))) reasons.push('taxId');
  if (same(code(person.employeeCode), code(existing.employeeCode))) reasons.push('employeeCode');
  if (
    same(foldForSearch(person.firstName), foldForSearch(existing.firstName)) &&
    same(foldForSearch(person.lastName), foldForSearch(existing.lastName))
  ) {
    reasons.push('name');
  }
  return reasons;
}

/**
 * The likely duplicates of each new cardholder among the company's (`candidates`, prefiltered by
 * the cards module): one entry per person that has any, in the order given. Candidates are indexed
 * by each kind of key first, so ten thousand people against as many cardholders stay linear.
 */
export function matchCardholders(
  people: readonly PersonToCheck[],
  candidates: readonly (Cardholder & { cards: number })[],
): CheckCardholderResponse['matches'] {
  const index = new Map<string, Set<number>>();
  const add = (key: string, position: number) => {
    if (key.endsWith('\u0000')) return;
    const set = index.get(key) ?? new Set<number>();
    set.add(position);
    index.set(key, set);
  };
  const keysOf = (person: Omit<PersonToCheck, 'tempCardId'>) => [
    `e\u0000${email(person.email)}`,
    `t\u0000${taxId(person.taxId)}`,
    `c\u0000${code(person.employeeCode)}`,
    foldForSearch(person.firstName) && foldForSearch(person.lastName)
      ? `n\u0000${foldForSearch(person.firstName)}\u0001${foldForSearch(person.lastName)}`
      : 'n\u0000',
  ];
  candidates.forEach((candidate, position) => {
    for (const key of keysOf(candidate)) add(key, position);
  });
  return people.flatMap((person) => {
    const positions = new Set<number>();
    for (const key of keysOf(person)) for (const position of index.get(key) ?? []) positions.add(position);
    const found = [...positions]
      .sort((a, b) => a - b)
      .flatMap((position) => {
        const candidate = candidates[position]!;
        const reasons = duplicateReasons(person, candidate);
        return reasons.length > 0 ? [{ ...candidate, reasons }] : [];
      });
    return found.length > 0 ? [{ tempCardId: person.tempCardId, candidates: found }] : [];
  });
}
