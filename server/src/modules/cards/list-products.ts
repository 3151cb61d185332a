import type { Locale, Product } from '@tessera/domain';
import type { CardsContext } from './context';
import { findProducts } from './repository';

/** The product catalogue in `locale`. */
export async function listProducts(ctx: CardsContext, locale: Locale): Promise<Product[]> {
  const rows = await findProducts(ctx.db);
  return rows.map((row) => ({
    product: row.code,
    name: locale === 'en' ? row.nameEn : row.nameEl,
    families: row.families,
    minLoadCents: row.minLoadCents,
    maxLoadCents: row.maxLoadCents,
    validityMonths: row.validityMonths,
  }));
}
