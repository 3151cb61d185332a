import type { Locale, PaymentInstructions } from '@tessera/domain';
import { PROVIDER_LEGAL_NAME } from '../../platform/config';

/**
 * The provider's collection account: where companies transfer the total of an order with its RF
 * reference (ADR 010). One place, so the proforma, the payment instructions and the emails can never
 * name different accounts. The IBAN is in its electronic form (no spaces); `formatIban` prints it.
 * Its check digits are valid (ISO 13616, mod 97), its bank code (011) and BIC belong together.
 */
export const PROVIDER_BANK_ACCOUNT: PaymentInstructions['bank'] = {
  beneficiary: PROVIDER_LEGAL_NAME,
  iban: 'GR4001101250000000401234567',
  bic: 'ETHNGRAA',
  bankName: 'National Bank of Greece',
};

/** The bank's name in each language, for documents printed in the recipient's language. */
export const PROVIDER_BANK_NAMES: Record<Locale, string> = {
  el: 'Εθνική Τράπεζα της Ελλάδος',
  en: PROVIDER_BANK_ACCOUNT.bankName,
};

/** An IBAN in groups of four, as banks print it: `GR40 0110 1250 0000 0004 0123 4567`. */
export function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
