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
