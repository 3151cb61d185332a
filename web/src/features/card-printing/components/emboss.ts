import { transliterateGreek } from '@tessera/domain';

/**
 * The company line embossed on plastic cards: embossing machines print only Latin capitals, digits,
 * space and `. - & '` (`EMBOSS_PATTERN`), at most 21 characters. Company names are mostly Greek, so
 * the card-printing form offers to convert what is typed: Greek is transliterated after ELOT 743
 * (the standard of Greek passports: ΟΥ → OU, ΑΥ → AV/AF, ΜΠ → B at the start of a word…), accents
 * dropped and everything uppercased.
 */

export const EMBOSS_MAX_LENGTH = 21;

/** Greek → Latin capitals after ELOT 743 (shared with the bureau's embossing file, ADR 026). */
export { transliterateGreek };

/** The emboss line as the machine can print it (characters it cannot print are left for the check). */
export function toEmbossText(text: string): string {
  return transliterateGreek(text);
}

/** Whether converting would change the text (Greek, lower case or accented letters in it). */
export function isEmbossConvertible(text: string): boolean {
  return toEmbossText(text) !== text;
}
