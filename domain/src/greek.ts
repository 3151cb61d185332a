/**
 * Greek identifiers and card-number checks used by forms and the server alike, and the vocative of
 * Greek first names for the greetings of emails.
 */

/**
 * The characters `foldForMatch` changes and what each becomes, position by position: Latin capitals
 * to lower case, Greek capitals to lower case, accents and diaeresis off Greek and Latin-1 letters,
 * the final sigma to σ. A table and not the locale's lower case, so that the database reproduces it
 * character for character with `translate()` whatever its collation (the terminal's one-statement
 * authorisation, ADR 053; a test keeps the two equal).
 */
export const MATCH_FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫάέήίόύώϊϋΐΰςÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿ';
export const MATCH_FOLD_TO =
  'abcdefghijklmnopqrstuvwxyzαβγδεζηθικλμνξοπρστυφχψωαεηιουωιυαεηιουωιυιυσaaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyy';

const MATCH_FOLD = new Map([...MATCH_FOLD_FROM].map((char, index) => [char, MATCH_FOLD_TO[index]!]));

/**
 * `text` folded for a case- and accent-insensitive match: `Κώστας`, `ΚΩΣΤΑΣ` and `κωστας` fold alike,
 * as Greek capitals are written without accents. Characters outside the table stay as they are.
 */
export function foldForMatch(text: string): string {
  let folded = '';
  for (const char of text) folded += MATCH_FOLD.get(char) ?? char;
  return folded;
}

/** Digits of `text` with spaces, dots and dashes removed. */
function compactDigits(text: string): string {
  return text.replace(/[\s.\-/]/g, '');
}

/**
 * Greek postal code (ΤΚ): five digits, optionally written `115 26`; the first digit is 1–8 (there
 * are no codes starting with 0 or 9). Returns the normalised `11526` or null.
 */
export function normalizePostalCode(text: string): string | null {
  const digits = compactDigits(text.trim());
  return /^[1-8]\d{4}$/.test(digits) ? digits : null;
}

/**
 * Greek phone number: ten digits, a landline starting with 2 or a mobile starting with 69, with an
 * optional `+30` / `0030` country prefix. Returns the normalised `+30XXXXXXXXXX` or null.
 */
export function normalizeGreekPhone(text: string): string | null {
  let digits = text.trim().replace(/[\s.\-()/]/g, '');
  if (digits.startsWith('+30')) digits = digits.slice(3);
  else if (digits.startsWith('0030')) digits = digits.slice(4);
  return /^(2\d{9}|69\d{8})$/.test(digits) ? `+30${digits}` : null;
}

/**
 * Greek tax id (ΑΦΜ): nine digits whose last is the check digit: the sum of each of the first eight
 * digits times 2^(8-i), modulo 11, modulo 10.
 */
export function isValidGreekTaxId(text: string): boolean {
  const digits = compactDigits(text.trim());
  if (!/^\d{9}$/.test(digits) || digits === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(digits[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(digits[8]);
}

/** A tax id with its check digit completed from the first eight digits (seed data, tests). */
export function completeGreekTaxId(firstEight: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(firstEight[i]) * 2 ** (8 - i);
  return `${firstEight}${(sum % 11) % 10}`;
}

/** The Luhn check of a digit string (card numbers). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that completes `partial`. */
export function luhnCheckDigit(partial: string): string {
  for (let digit = 0; digit <= 9; digit += 1) {
    if (isLuhnValid(`${partial}${digit}`)) return String(digit);
  }
  throw new Error('unreachable');
}

/**
 * Runs of 13–19 digits in `text` (single spaces or dashes between groups allowed, no digit right
 * before or after) that pass the Luhn check: what a whole card number looks like. Used by the scan
 * that no response, log line or export leaks one. Two kinds of runs are no numbers of their own, yet
 * one in ten of those long enough passes the Luhn check: a run glued to a letter, directly or
 * through a dash (the digits of a UUID `…c936-4458-8916-46f1…`, of a hex token), and the fraction
 * of a decimal number (`"responseTime":56.33714999999938` in every request log line).
 */
export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?<!\d)\d(?:[ -]?\d)*(?!\d)/g)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - 2), start);
    if (/\p{L}-?$/u.test(before) || /\d\.$/.test(before)) continue;
    if (/^-?\p{L}/u.test(text.slice(end, end + 2))) continue;
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && isLuhnValid(digits)) found.push(digits);
  }
  return found;
}

/** How a card is shown: the BIN's first four, masked middle, the last four (`5347 11•• •••• 1234`). */
export function maskCardNumber(bin: string, last4: string): string {
  return `${bin.slice(0, 4)} ${bin.slice(4, 6)}•• •••• ${last4}`;
}

// ---------------------------------------------------------------------------------------------
// Greetings: the vocative of Greek first names.

export type GreekVocative = { form: string; gender: 'masculine' | 'feminine' };

const ACCENTED_VOWELS = 'άέήίόύώΐΰ';
const VOWELS = `αεηιουωϊϋ${ACCENTED_VOWELS}`;
/** Vowel pairs read as one sound (a diphthong) unless the first carries the accent or the second a diaeresis. */
const DIPHTHONGS = new Set(['αι', 'ει', 'οι', 'υι', 'ου', 'αυ', 'ευ', 'ηυ']);
const BASE_VOWEL: Record<string, string> = {
  ά: 'α',
  έ: 'ε',
  ή: 'η',
  ί: 'ι',
  ό: 'ο',
  ύ: 'υ',
  ώ: 'ω',
};

/**
 * The syllable nuclei of a lower-case Greek word, and which of them, counted from the end (1 = the
 * last), carries the accent (null when it is written without one, as in capitals). Diphthongs are
 * one nucleus; so is an unaccented ι before a vowel (synizesis: Γιώρ-γος, Στέ-λιος), as first names
 * are spoken.
 */
function nucleiOf(word: string): { count: number; accentFromEnd: number | null } {
  const nuclei: string[] = [];
  let index = 0;
  while (index < word.length) {
    const letter = word[index]!;
    if (!VOWELS.includes(letter)) {
      index += 1;
      continue;
    }
    let nucleus = letter;
    index += 1;
    const next = word[index];
    const unaccented = !ACCENTED_VOWELS.includes(letter);
    if (next && unaccented && DIPHTHONGS.has(`${letter}${BASE_VOWEL[next] ?? next}`)) {
      nucleus += next;
      index += 1;
    } else if (next && unaccented && letter === 'ι' && VOWELS.includes(next) && next !== 'ι') {
      nucleus += next;
      index += 1;
      const after = word[index];
      if (after && DIPHTHONGS.has(`${BASE_VOWEL[next] ?? next}${BASE_VOWEL[after] ?? after}`)) {
        nucleus += after;
        index += 1;
      }
    }
    nuclei.push(nucleus);
  }
  const accented = nuclei.findIndex((nucleus) => [...nucleus].some((c) => ACCENTED_VOWELS.includes(c)));
  return { count: nuclei.length, accentFromEnd: accented === -1 ? null : nuclei.length - accented };
}

/**
 * The vocative ending of a masculine first name in -ος, or null when the rule cannot say. Two-syllable
 * names and diminutives in -άκος/-έκος take -ο (Νίκο, Γιώργο, Πέτρο, Παύλο, Αλέκο, Κυριάκο); longer
 * ones stressed on the last syllable but one or the one before take -ε (Κωνσταντίνε, Θεόδωρε,
 * Αλέξανδρε, Νικόλαε), as the school grammar has it. Names stressed on -ός (Στυλιανός: Στυλιανέ, but
 * Νικολός: Νικολό) and unaccented names longer than two syllables are left to the neutral greeting.
 */
function vocativeEndingOfOs(lower: string): 'ο' | 'ε' | null {
  const { count, accentFromEnd } = nucleiOf(lower);
  if (accentFromEnd === null) return count === 2 ? 'ο' : null;
  if (accentFromEnd === 1) return null;
  if (count === 2 || /(ά|έ)κος$/.test(lower)) return 'ο';
  return 'ε';
}

function vocativeOfWord(word: string): GreekVocative | null {
  if (!/^\p{Script=Greek}{2,}$/u.test(word)) return null;
  const lower = word.toLocaleLowerCase('el').replace(/σ$/, 'ς');
  const isUpper = word === word.toLocaleUpperCase('el');
  const ending = (letter: string) => (isUpper ? letter.toLocaleUpperCase('el') : letter);
  const base = lower.normalize('NFD').replace(/[\u0301\u0308]/g, '');
  if (base.endsWith('ος')) {
    const vowel = vocativeEndingOfOs(lower);
    return vowel === null ? null : { form: `${word.slice(0, -2)}${ending(vowel)}`, gender: 'masculine' };
  }
  // Κώστας → Κώστα, Λουκάς → Λουκά; Γιάννης → Γιάννη, Θοδωρής → Θοδωρή.
  if (base.endsWith('ας') || base.endsWith('ης')) return { form: word.slice(0, -1), gender: 'masculine' };
  // Hebrew names in -ήλ do not decline: Μιχαήλ, Ραφαήλ, Δανιήλ, Εμμανουήλ.
  if (lower.endsWith('ήλ')) return { form: word, gender: 'masculine' };
  // Women's names in -α, -η and -ω keep their form: Μαρία, Ελένη, Φωτεινή, Μυρτώ, Φρόσω.
  if (/[αηω]$/.test(base)) return { form: word, gender: 'feminine' };
  return null;
}

/**
 * The vocative of a Greek first name, the case a salutation takes ("Αγαπητέ Νίκο", "Αγαπητή Μαρία"),
 * with the gender its ending shows; null when the rule cannot say (Latin script, rare endings,
 * -ός, a compound whose parts disagree). Each part of a compound name is declined: Άννα-Μαρία,
 * Ιωάννης Αλέξανδρος → Ιωάννη Αλέξανδρε.
 */
export function greekVocative(firstName: string): GreekVocative | null {
  const name = firstName.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!name) return null;
  const parts = name.split(/([ -])/);
  let gender: GreekVocative['gender'] | null = null;
  const forms: string[] = [];
  for (const [index, part] of parts.entries()) {
    if (index % 2 === 1) {
      forms.push(part);
      continue;
    }
    const vocative = vocativeOfWord(part);
    if (!vocative || (gender !== null && vocative.gender !== gender)) return null;
    gender = vocative.gender;
    forms.push(vocative.form);
  }
  return gender === null ? null : { form: forms.join(''), gender };
}

/**
 * The salutation line of an email to a person, in the email's language: "Αγαπητέ Νίκο,",
 * "Αγαπητή Μαρία," and, where the rule cannot tell the form, the neutral "Γεια σας," (never the
 * "Αγαπητέ/ή" of a form letter); "Dear Maria," in English, "Hello," without a name.
 */
export function emailGreeting(firstName: string, locale: 'el' | 'en'): string {
  const name = firstName.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (locale === 'en') return name ? `Dear ${name},` : 'Hello,';
  const vocative = greekVocative(name);
  if (!vocative) return 'Γεια σας,';
  return `${vocative.gender === 'masculine' ? 'Αγαπητέ' : 'Αγαπητή'} ${vocative.form},`;
}
