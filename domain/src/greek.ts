/**
 * Greek identifiers and card-number checks used by forms and the server alike.
 */

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
