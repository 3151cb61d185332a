import { PRODUCTS, type CardCategory, type Locale } from '@tessera/domain';

/** Product names are bilingual data (ARCHITECTURE §4): they come from `PRODUCTS`, per culture. */
export function productName(product: CardCategory, locale: Locale): string {
  return PRODUCTS[product].name[locale];
}
