import { formatAmount, PRODUCTS, type Bundle, type CardFamily, type Locale } from '@tessera/domain';

/**
 * Complimentary and voucher bundles (SPEC §7 names them; ADR 009): fixed sets of anonymous cards
 * of one value, plastic or virtual. Each denomination lies within its product's load limits
 * (`PRODUCTS`), so a bundle's draft passes the same line rules as any other.
 */
type BundleDefinition = Omit<Bundle, 'name' | 'bundleId'>;

const FAMILIES: readonly CardFamily[] = ['plastic', 'virtual'];

function definitions(
  product: Bundle['product'],
  sets: readonly { count: number; denominationCents: number }[],
): BundleDefinition[] {
  return sets.flatMap((set) => FAMILIES.map((family) => ({ product, family, ...set })));
}

const VOUCHER_BUNDLES = definitions('VOUCHER', [
  { count: 10, denominationCents: 2_000 },
  { count: 10, denominationCents: 5_000 },
  { count: 20, denominationCents: 2_500 },
]);
const COMPLIMENTARY_BUNDLES = definitions('COPMLIMENT', [
  { count: 10, denominationCents: 1_500 },
  { count: 25, denominationCents: 1_000 },
]);

const FAMILY_NAMES: Record<Locale, Record<'plastic' | 'virtual', string>> = {
  el: { plastic: 'πλαστικές', virtual: 'ψηφιακές' },
  en: { plastic: 'plastic', virtual: 'virtual' },
};

/** A stable id that says what the bundle is: `VOUCHER-10x2000-plastic`. */
function bundleIdOf(definition: BundleDefinition): string {
  return `${definition.product}-${definition.count}x${definition.denominationCents}-${definition.family}`;
}

function named(definition: BundleDefinition, locale: Locale): Bundle {
  const family = FAMILY_NAMES[locale][definition.family as 'plastic' | 'virtual'];
  const product = PRODUCTS[definition.product].name[locale];
  const amount = formatAmount(definition.denominationCents);
  return {
    bundleId: bundleIdOf(definition),
    ...definition,
    name: `${product}: ${definition.count} × ${amount} (${family})`,
  };
}

export function voucherBundles(locale: Locale): Bundle[] {
  return VOUCHER_BUNDLES.map((definition) => named(definition, locale));
}

export function complimentaryBundles(locale: Locale): Bundle[] {
  return COMPLIMENTARY_BUNDLES.map((definition) => named(definition, locale));
}

export function findBundle(bundleId: string, locale: Locale): Bundle | undefined {
  return [...voucherBundles(locale), ...complimentaryBundles(locale)].find(
    (bundle) => bundle.bundleId === bundleId,
  );
}
