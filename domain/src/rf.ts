/**
 * ISO 11649 structured creditor references ("RF codes"), the reference Greek banks carry on a
 * transfer so the payee can match it to a debt. `RF` + two check digits + a body of up to 21
 * letters or digits; the check digits make the whole reference, rearranged and read as a number
 * (A = 10 … Z = 35), leave 1 modulo 97 (the same scheme as an IBAN).
 *
 * Tessera gives each order a numeric body: its order number, zero-padded to 12 digits
 * (docs/decisions/010-orders-payments.md).
 */

const BODY = /^[0-9A-Z]{1,21}$/;

/** The remainder modulo 97 of a reference's digits, letters read as 10–35, without big numbers. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder;
}

/** Spaces removed and letters upper-cased, as references are typed and printed in groups of four. */
export function normalizeRf(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The RF reference for a body (letters and digits, 1–21 of them). */
export function rfOfBody(body: string): string {
  const normal = normalizeRf(body);
  if (!BODY.test(normal))
    throw new Error(`an RF body is 1–21 letters or digits, not ${JSON.stringify(body)}`);
  const check = 98 - mod97(`${normal}RF00`);
  return `RF${String(check).padStart(2, '0')}${normal}`;
}

/** Whether a reference (spaces and case ignored) is a valid ISO 11649 creditor reference. */
export function isValidRf(text: string): boolean {
  const normal = normalizeRf(text);
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(normal)) return false;
  // Check digits run 02–98: 00 and 01 pass the mod-97 test only as aliases of 97 and 98.
  const check = Number(normal.slice(2, 4));
  if (check < 2) return false;
  return mod97(`${normal.slice(4)}${normal.slice(0, 4)}`) === 1;
}

/** The body of a valid reference, else null. */
export function rfBody(text: string): string | null {
  return isValidRf(text) ? normalizeRf(text).slice(4) : null;
}

/** Digits of an order's RF body. */
export const ORDER_RF_BODY_DIGITS = 12;

/** The RF reference of an order number: its digits, zero-padded to 12. */
export function rfOfOrderNumber(orderNumber: number): string {
  if (!Number.isSafeInteger(orderNumber) || orderNumber < 1 || orderNumber >= 10 ** ORDER_RF_BODY_DIGITS) {
    throw new Error(`order number ${orderNumber} cannot make an RF reference`);
  }
  return rfOfBody(String(orderNumber).padStart(ORDER_RF_BODY_DIGITS, '0'));
}

/** The order number an RF reference stands for, or null when it is not one of ours. */
export function orderNumberOfRf(text: string): number | null {
  const body = rfBody(text);
  if (!body || !new RegExp(`^\\d{${ORDER_RF_BODY_DIGITS}}$`).test(body)) return null;
  const number = Number(body);
  return number >= 1 ? number : null;
}

/** The reference in groups of four, as banks print it: `RF18 0000 0000 0123`. */
export function formatRf(text: string): string {
  return normalizeRf(text).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Finds an RF reference inside free text (a bank statement's description): the first run that is a
 * valid reference once its spaces are removed.
 */
export function findRf(text: string): string | null {
  const upper = text.toUpperCase();
  for (const match of upper.matchAll(/RF\s?\d\s?\d(?:\s?[0-9A-Z]){1,21}/g)) {
    const candidate = normalizeRf(match[0]);
    // A longer run may have swallowed following text: try the longest valid prefix.
    for (let end = candidate.length; end > 4; end -= 1) {
      if (isValidRf(candidate.slice(0, end))) return candidate.slice(0, end);
    }
  }
  return null;
}
