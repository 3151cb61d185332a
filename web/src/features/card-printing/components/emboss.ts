/**
 * The company line embossed on plastic cards: embossing machines print only Latin capitals, digits,
 * space and `. - & '` (`EMBOSS_PATTERN`), at most 21 characters. Company names are mostly Greek, so
 * the card-printing form offers to convert what is typed: Greek is transliterated after ELOT 743
 * (the standard of Greek passports: ΟΥ → OU, ΑΥ → AV/AF, ΜΠ → B at the start of a word…), accents
 * dropped and everything uppercased.
 */

export const EMBOSS_MAX_LENGTH = 21;

const GREEK: Record<string, string> = {
  Α: 'A',
  Β: 'V',
  Γ: 'G',
  Δ: 'D',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'I',
  Θ: 'TH',
  Ι: 'I',
  Κ: 'K',
  Λ: 'L',
  Μ: 'M',
  Ν: 'N',
  Ξ: 'X',
  Ο: 'O',
  Π: 'P',
  Ρ: 'R',
  Σ: 'S',
  Τ: 'T',
  Υ: 'Y',
  Φ: 'F',
  Χ: 'CH',
  Ψ: 'PS',
  Ω: 'O',
};
const GREEK_VOWELS = new Set(['Α', 'Ε', 'Η', 'Ι', 'Ο', 'Υ', 'Ω']);
/** ΑΥ and ΕΥ read AV/EV before these (and vowels), AF/EF otherwise. */
const VOICED = new Set(['Β', 'Γ', 'Δ', 'Ζ', 'Λ', 'Μ', 'Ν', 'Ρ']);
const DIAERESIS = '\u0308';

type Letter = { base: string; hasDiaeresis: boolean };

/** Letters in upper case with their marks removed, remembering the diaeresis (ΑΪ is not a digraph). */
function lettersOf(text: string): Letter[] {
  const letters: Letter[] = [];
  for (const char of text.normalize('NFD')) {
    if (/\p{M}/u.test(char)) {
      const last = letters.at(-1);
      if (last && char === DIAERESIS) last.hasDiaeresis = true;
      continue;
    }
    // ς uppercases to Σ; the German ß to SS.
    letters.push({ base: char.toUpperCase(), hasDiaeresis: false });
  }
  return letters;
}

/** Greek → Latin capitals after ELOT 743; other letters uppercased without accents. */
export function transliterateGreek(text: string): string {
  const letters = lettersOf(text);
  let out = '';
  const isWordStart = () => !/[A-Z0-9]$/.test(out);
  for (let i = 0; i < letters.length; i += 1) {
    const { base } = letters[i]!;
    const next = letters[i + 1];
    const isPlainNext = (char: string) => next?.base === char && !next.hasDiaeresis;
    const after = letters[i + 2]?.base ?? '';
    if (base === 'Ο' && isPlainNext('Υ')) {
      out += 'OU';
      i += 1;
    } else if ((base === 'Α' || base === 'Ε' || base === 'Η') && isPlainNext('Υ')) {
      const isVoiced = GREEK_VOWELS.has(after) || VOICED.has(after);
      out += GREEK[base] + (isVoiced ? 'V' : 'F');
      i += 1;
    } else if (base === 'Μ' && next?.base === 'Π') {
      out += isWordStart() ? 'B' : 'MP';
      i += 1;
    } else if (base === 'Ν' && next?.base === 'Τ') {
      out += isWordStart() ? 'D' : 'NT';
      i += 1;
    } else if (base === 'Γ' && (next?.base === 'Γ' || next?.base === 'Ξ' || next?.base === 'Χ')) {
      out += 'N';
    } else {
      out += GREEK[base] ?? base;
    }
  }
  return out;
}

/** The emboss line as the machine can print it (characters it cannot print are left for the check). */
export function toEmbossText(text: string): string {
  return transliterateGreek(text);
}

/** Whether converting would change the text (Greek, lower case or accented letters in it). */
export function isEmbossConvertible(text: string): boolean {
  return toEmbossText(text) !== text;
}
