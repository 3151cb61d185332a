import { el, type MessageKey } from './el';
import { en } from './en';

export type MyLocale = 'el' | 'en';
export type { MessageKey };

/** The language of the address: `/en/my…` is English, `/my…` Greek. */
export function localeOfPath(pathname: string): MyLocale {
  return /^\/en(\/|$)/.test(pathname) ? 'en' : 'el';
}

/** A text with its `{name}` placeholders filled. */
export function translate(locale: MyLocale, key: MessageKey, values: Record<string, string | number> = {}) {
  const text = (locale === 'en' ? en : el)[key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
