import { z } from 'zod';

/**
 * Text and dates as they may enter the portal (issue 12 §4–5). PostgreSQL cannot store a NUL byte
 * or half of a surrogate pair, and no person types a control character into a form, so such text
 * is refused with a field error before it reaches a service; dates are checked against the calendar.
 */

/** C0 controls other than tab, LF and the CR of a CRLF; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;

/** Half of a surrogate pair without its other half (text no UTF-8 encoder can write). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The message of the zod issue for unsafe text; the server maps it to `invalidCharacters`. */
export const UNSAFE_TEXT_MESSAGE = 'invalid characters';
/** The message of the zod issue for a date that is not on the calendar (`invalidDate`). */
export const INVALID_DATE_MESSAGE = 'invalid date';

/** Whether text holds no control character (but tab and newlines) and no unpaired surrogate. */
export function isSafeText(text: string): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text);
}

/** Removes what `isSafeText` refuses (for text read from files, reported separately). */
export function withoutUnsafeText(text: string): string {
  return text
    .replace(new RegExp(CONTROL.source, 'g'), '')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '');
}

/** A node of the walk below, with the way back to the root (its path, built only when needed). */
type Step = { node: unknown; key: string | number | undefined; parent: Step | undefined; isEntry: boolean };

function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Step | undefined = step; at && at.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The paths of every unsafe string in a JSON-like value (object keys included), at most `limit`,
 * in document order: the server's validator runs this over every body, query, params and headers
 * before the route's schema, so no route has to remember it. The walk keeps its own stack, not the
 * call stack: a body nested thousands of levels deep cannot overflow it (issue 33 §3).
 */
export function unsafeTextPaths(value: unknown, limit = 20): (string | number)[][] {
  const found: (string | number)[][] = [];
  const stack: Step[] = [{ node: value, key: undefined, parent: undefined, isEntry: false }];
  while (stack.length > 0 && found.length < limit) {
    const step = stack.pop()!;
    // An unsafe key is reported by itself; what it holds is not walked.
    if (step.isEntry && !isSafeText(step.key as string)) {
      found.push(pathOf(step));
      continue;
    }
    const node = step.node;
    if (typeof node === 'string') {
      if (!isSafeText(node)) found.push(pathOf(step));
    } else if (Array.isArray(node)) {
      // Pushed last to first, so they come off the stack in document order.
      for (let index = node.length - 1; index >= 0; index -= 1) {
        stack.push({ node: node[index], key: index, parent: step, isEntry: false });
      }
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index]!;
        stack.push({ node: item, key, parent: step, isEntry: true });
      }
    }
  }
  return found;
}

/** Years a date of this portal may have (PostgreSQL has no year 0; nothing here is older). */
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

/** A calendar date `YYYY-MM-DD` (no 2026-13-45, no 2026-02-29, no 0000-00-00). */
export const DateOnlySchema = z.iso.date({ message: INVALID_DATE_MESSAGE }).refine(
  (value) => {
    const year = Number(value.slice(0, 4));
    return year >= MIN_YEAR && year <= MAX_YEAR;
  },
  { message: INVALID_DATE_MESSAGE },
);

/** A calendar date, or an ISO 8601 date and time with its offset (`2026-01-21T10:00:00.000Z`). */
export const DateOrDateTimeSchema = z.union(
  [DateOnlySchema, z.iso.datetime({ offset: true, message: INVALID_DATE_MESSAGE })],
  { message: INVALID_DATE_MESSAGE },
);

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, let
 * one slip into the next cell when the sheet is saved as CSV): OWASP "CSV injection". A cardholder
 * named `=HYPERLINK("https://evil","Click")` must come back as that text, never as a live link.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * Text safe to put in a spreadsheet cell: prefixed with a single quote when it starts with a
 * formula trigger, unchanged otherwise. Every user-supplied text of an export goes through it.
 */
export function neutralizeCell(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.has(text[0]!) ? `'${text}` : text;
}
