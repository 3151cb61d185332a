/**
 * Locales and culture (SPEC §2, §7, §9): Greek is the default and has no path prefix, English lives
 * under `/en`; there is no automatic detection. The `Culture` header carries `el-gr` or `en-us`.
 */
export const LOCALES = ['el', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'el';

export const CULTURES = ['el-gr', 'en-us'] as const;
export type Culture = (typeof CULTURES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The `Culture` header for a locale: `en` becomes `en-us`, `el` becomes `el-gr`. */
export function cultureOf(locale: Locale): Culture {
  return locale === 'en' ? 'en-us' : 'el-gr';
}

/**
 * Reads a `Culture` header leniently (`en`, `EN-US`, `en-GB`, `el`, `el-GR`) into a locale;
 * anything else falls back to Greek, the default.
 */
export function localeOfCulture(header: string | undefined | null): Locale {
  const value = (header ?? '').trim().toLowerCase();
  return value === 'en' || value.startsWith('en-') ? 'en' : 'el';
}

/** Splits a browser path into its locale and the path without the locale prefix. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/en(?=\/|$)/.exec(pathname);
  if (!match) return { locale: 'el', path: pathname || '/' };
  const rest = pathname.slice(3);
  return { locale: 'en', path: rest === '' ? '/' : rest };
}

/**
 * Builds the browser path of `path` in `locale`: Greek has no prefix, English gets `/en`.
 * External links, protocol-relative links and anchors are returned unchanged.
 */
export function localePath(locale: Locale, path: string): string {
  if (/^([a-z][a-z0-9+.-]*:|\/\/|#)/i.test(path)) return path;
  const clean = splitLocalePath(path.startsWith('/') ? path : `/${path}`).path;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/** The same page in another language: keeps the path, query and hash. */
export function switchLocalePath(fullPath: string, target: Locale): string {
  const index = fullPath.search(/[?#]/);
  const pathname = index === -1 ? fullPath : fullPath.slice(0, index);
  const suffix = index === -1 ? '' : fullPath.slice(index);
  return localePath(target, splitLocalePath(pathname).path) + suffix;
}
