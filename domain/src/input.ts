/**
 * Input rules of SPEC §5.
 */

/** Number inputs: non-digits removed, leading zeros stripped; an empty result becomes 0. */
export function sanitizeNumberInput(text: string): number {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  return digits === '' ? 0 : Number(digits);
}

/** Leading whitespace is stripped from text as it is typed (trailing space may still be typed). */
export function stripLeadingWhitespace(text: string): string {
  return text.replace(/^\s+/, '');
}

/**
 * Folds text for searching: lower case, Greek accents (tonos, dialytika) and other diacritics removed,
 * final sigma unified, whitespace collapsed (STYLE: searches ignore accents).
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ς/g, 'σ')
    .replace(/\s+/g, ' ')
    .trim();
}
