/**
 * Money is integer cents everywhere (ARCHITECTURE §4) and displays as `1.234,56 €` in both
 * languages (SPEC §9): dot thousands, comma decimal, a no-break space, the euro sign.
 */
export type Cents = number;

const NBSP = '\u00a0';

/** Formats cents as `1.234,56 €` whatever the UI language. */
export function formatAmount(cents: Cents | bigint): string {
  const value = typeof cents === 'bigint' ? cents : BigInt(Math.round(cents));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const euros = (abs / 100n).toString();
  const rest = (abs % 100n).toString().padStart(2, '0');
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${rest}${NBSP}€`;
}

/** Euros as typed (`12,5`, `1.234,56`, `1234.56`) into cents; `null` when it is not an amount. */
export function parseAmount(text: string): Cents | null {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (trimmed === '') return null;
  let normal: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(trimmed) || /^\d+(,\d{1,2})?$/.test(trimmed)) {
    normal = trimmed.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(trimmed) || /^\d+(\.\d{1,2})?$/.test(trimmed)) {
    normal = trimmed.replace(/,/g, '');
  } else {
    return null;
  }
  const [whole = '0', fraction = ''] = normal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
