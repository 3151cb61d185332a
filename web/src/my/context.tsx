import { createContext, useContext, useEffect, useRef } from 'react';
import type { CardsAnswer, SessionAnswer } from './api';
import { translate, type MyLocale, type Translate } from './i18n';

/** What every page of the cardholder area reads: language, address, session and the cards. */
export type MyContext = {
  locale: MyLocale;
  t: Translate;
  /** The page inside the area: `/`, `/cards/…`, `/stores`… */
  path: string;
  /** The browser address of a page of the area in this language. */
  href: (path: string) => string;
  go: (path: string) => void;
  session: SessionAnswer | null;
  setSession: (session: SessionAnswer | null) => void;
  cards: CardsAnswer | null;
  /** True when `cards` is the copy kept on the phone because the network failed. */
  cardsOffline: boolean;
  refreshCards: () => Promise<void>;
};

export const Context = createContext<MyContext | null>(null);

export function useMy(): MyContext {
  const value = useContext(Context);
  if (!value) throw new Error('useMy outside the cardholder app');
  return value;
}

export function makeT(locale: MyLocale): Translate {
  return (key, values) => translate(locale, key, values);
}

/** The address of `path` (inside the area) in `locale`: `/my/stores`, `/en/my/stores`. */
export function areaHref(locale: MyLocale, path: string): string {
  const inner = path === '/' ? '' : path;
  return `${locale === 'en' ? '/en' : ''}/my${inner}`;
}

/** The page inside the area of a browser path (`/en/my/cards/x` → `/cards/x`). */
export function areaPath(pathname: string): string {
  const inner = pathname.replace(/^(\/en)?\/my/, '').replace(/\/$/, '');
  return inner === '' ? '/' : inner;
}

/**
 * Runs `task` every `ms` while the page is visible, and at once when it becomes visible again
 * (issue 35: a purchase appears on the open page without a reload).
 */
export function useVisibleInterval(task: () => void, ms: number): void {
  const latest = useRef(task);
  latest.current = task;
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const timer = window.setInterval(tick, ms);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [ms]);
}
