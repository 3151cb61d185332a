import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { api, setApiLocale, type CardsAnswer, type NotificationsAnswer, type SessionAnswer } from './api';
import { areaHref, areaPath, Context, makeT, useMy, useVisibleInterval, type MyContext } from './context';
import { localeOfPath, type MessageKey } from './i18n';
import { forgetAll, savedCards, saveCards } from './offline';
import { Home, HomeSkeleton } from './pages/home';
import { SignIn } from './pages/sign-in';

// The pages beyond the first screen load when opened: the home and the sign-in stay in the entry.
const CardPage = lazy(() => import('./pages/card-page'));
const Stores = lazy(() => import('./pages/stores'));
const Alerts = lazy(() => import('./pages/alerts'));
const Notifications = lazy(() => import('./pages/notifications'));
const Account = lazy(() => import('./pages/account'));

type Boot = 'loading' | 'ready';

/** The cardholder area (issue 35): one small app under `/my` and `/en/my`. */
export function App() {
  const [pathname, setPathname] = useState(() => window.location.pathname);
  const locale = localeOfPath(pathname);
  const path = areaPath(pathname);
  const [boot, setBoot] = useState<Boot>('loading');
  const [session, setSession] = useState<SessionAnswer | null>(null);
  const [cards, setCards] = useState<CardsAnswer | null>(null);
  const [cardsOffline, setCardsOffline] = useState(false);

  setApiLocale(locale);
  const t = useMemo(() => makeT(locale), [locale]);

  const go = useCallback(
    (next: string) => {
      const target = areaHref(locale, next);
      if (target !== window.location.pathname) window.history.pushState(null, '', target);
      setPathname(target);
      window.scrollTo(0, 0);
    },
    [locale],
  );

  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const refreshCards = useCallback(async () => {
    const result = await api.get<CardsAnswer>('/api/my/cards');
    if (result.ok) {
      setCards(result.data);
      setCardsOffline(false);
      saveCards(result.data);
    } else if (result.offline) {
      setCardsOffline(true);
    } else if (result.status === 401) {
      setSession(null);
    }
  }, []);

  // The session and the cards are asked for together: the home's balances come with the first answer.
  useEffect(() => {
    void (async () => {
      const [sessionResult, cardsResult] = await Promise.all([
        api.get<SessionAnswer>('/api/my/session'),
        api.get<CardsAnswer>('/api/my/cards'),
      ]);
      if (sessionResult.ok) {
        setSession(sessionResult.data);
        if (cardsResult.ok) {
          setCards(cardsResult.data);
          saveCards(cardsResult.data);
        }
      } else if (sessionResult.offline) {
        // Offline: the last balances kept on the phone, with the time they were read.
        const saved = savedCards();
        if (saved) {
          setSession({ cardholder: { email: '', displayName: '' }, passkeys: 0 });
          setCards(saved);
          setCardsOffline(true);
        }
      } else {
        forgetAll();
      }
      setBoot('ready');
    })();
  }, []);

  const context: MyContext = {
    locale,
    t,
    path,
    href: (next) => areaHref(locale, next),
    go,
    session,
    setSession: (next) => {
      setSession(next);
      if (!next) {
        setCards(null);
        forgetAll();
      }
    },
    cards,
    cardsOffline,
    refreshCards,
  };

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // Links inside the area move without reloading the page; the language switch reloads (another <html lang>).
  useEffect(() => {
    const onClick = (event: globalThis.MouseEvent) => {
      const anchor = (event.target as HTMLElement | null)?.closest?.('a');
      if (!anchor || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      if (anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || localeOfPath(url.pathname) !== locale) return;
      if (!/^(\/en)?\/my(\/|$)/.test(url.pathname) || url.hash) return;
      event.preventDefault();
      go(areaPath(url.pathname));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [go, locale]);

  const signedIn = session !== null;
  let page;
  if (boot === 'loading') page = <HomeSkeleton />;
  else if (!signedIn) page = <SignIn />;
  else page = <Route path={path} />;

  return (
    <Context.Provider value={context}>
      <div className="frame">
        <a className="skip" href="#main">
          {t('skipToContent')}
        </a>
        <Header signedIn={signedIn && !cardsOffline} />
        <main id="main" className="main">
          <Suspense fallback={<p className="muted">{t('loading')}</p>}>{page}</Suspense>
        </main>
        {signedIn && <BottomNav />}
      </div>
    </Context.Provider>
  );
}

function Route({ path }: { path: string }) {
  const { t } = useMy();
  const card = /^\/cards\/([^/]+)$/.exec(path);
  if (path === '/' || path === '/sign-in') return <Home />;
  if (card) return <CardPage cardId={decodeURIComponent(card[1]!)} />;
  if (path === '/stores') return <Stores />;
  if (path === '/alerts') return <Alerts />;
  if (path === '/notifications') return <Notifications />;
  if (path === '/account') return <Account />;
  return <h1>{t('notFoundTitle')}</h1>;
}

function Header({ signedIn }: { signedIn: boolean }) {
  const { t, locale, href, path } = useMy();
  const [unread, setUnread] = useState(0);
  const loadBell = useCallback(() => {
    if (!signedIn) return;
    void api.get<NotificationsAnswer>('/api/my/notifications').then((result) => {
      if (result.ok) setUnread(result.data.unread);
    });
  }, [signedIn]);
  useEffect(loadBell, [loadBell, path]);
  useVisibleInterval(loadBell, 60_000);
  const other = locale === 'en' ? 'el' : 'en';
  return (
    <header className="top">
      <a className="brand" href={href('/')}>
        <svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="7" fill="#0b5f5a" />
          <rect x="7" y="7" width="8" height="8" rx="1.5" fill="#fff" />
          <rect x="17" y="7" width="8" height="8" rx="1.5" fill="#f2b84b" />
          <rect x="7" y="17" width="8" height="8" rx="1.5" fill="#f2b84b" />
          <rect x="17" y="17" width="8" height="8" rx="1.5" fill="#fff" />
        </svg>
        <span>Tessera</span>
      </a>
      <span className="top-actions">
        {signedIn && (
          <a className="bell" href={href('/notifications')} aria-label={t('bell', { count: unread })}>
            <svg
              aria-hidden="true"
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
              <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
            </svg>
            {unread > 0 && <span className="badge">{unread > 99 ? '99+' : unread}</span>}
          </a>
        )}
        <a
          className="lang"
          href={areaHref(other, path)}
          lang={other}
          hrefLang={other}
          aria-label={t('switchLanguageLabel')}
        >
          {t('switchLanguage')}
        </a>
      </span>
    </header>
  );
}

const NAV: { path: string; label: MessageKey }[] = [
  { path: '/', label: 'navHome' },
  { path: '/stores', label: 'navStores' },
  { path: '/alerts', label: 'navAlerts' },
  { path: '/account', label: 'navAccount' },
];

function BottomNav() {
  const { t, href, path } = useMy();
  const current = (item: string) =>
    item === '/' ? path === '/' || path.startsWith('/cards/') : path === item;
  return (
    <nav className="bottom" aria-label={t('mainNav')}>
      {NAV.map((item) => (
        <a key={item.path} href={href(item.path)} aria-current={current(item.path) ? 'page' : undefined}>
          {t(item.label)}
        </a>
      ))}
    </nav>
  );
}
