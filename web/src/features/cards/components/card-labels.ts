import { PRODUCTS, type CardCategory, type CardFamily, type Locale } from '@tessera/domain';
import type { IntlShape } from 'react-intl';

/** Product names are bilingual data (ARCHITECTURE §4): they come from `PRODUCTS`, per culture. */
export function productName(product: CardCategory, locale: Locale): string {
  return PRODUCTS[product].name[locale];
}

export function familyName(intl: IntlShape, family: CardFamily): string {
  return intl.formatMessage({ id: `cards.family.${family}` });
}

/**
 * `Ticket Restaurant · Πλαστική`: how a product and family read together; a product that comes in
 * its own family only (Spendeo, MyBenefits) is just its name.
 */
export function productFamilyName(
  intl: IntlShape,
  locale: Locale,
  product: CardCategory,
  family: CardFamily,
): string {
  if (PRODUCTS[product].families.length === 1) return productName(product, locale);
  return `${productName(product, locale)} · ${familyName(intl, family)}`;
}
