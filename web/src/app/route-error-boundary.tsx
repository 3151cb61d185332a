import { Anchor, Button, Text, Title } from '@mantine/core';
import { splitLocalePath, type Locale } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { useRouteError } from 'react-router';
import { WarningIllustration } from '../ui/illustrations';
import { LanguageLink } from '../ui/language-link';
import { LocaleProvider } from './app-root';
import { ShellFrame } from './shell/shell-frame';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

type ErrorText =
  'routeError.title' | 'routeError.text' | 'routeError.stale' | 'routeError.reload' | 'comingSoon.home';

/**
 * This page's texts for when the shell's own could not be loaded (they load with the route, and a
 * new release or the network may fail them): copies of `el.json` and `en.json`.
 */
const FALLBACK_TEXTS: Record<Locale, Record<ErrorText, string>> = {
  el: {
    'routeError.title': 'Η σελίδα δεν μπόρεσε να εμφανιστεί',
    'routeError.text': 'Παρουσιάστηκε απρόσμενο σφάλμα. Ανανεώστε τη σελίδα ή δοκιμάστε ξανά αργότερα.',
    'routeError.stale': 'Κυκλοφόρησε νέα έκδοση της πύλης. Ανανεώστε τη σελίδα για να συνεχίσετε.',
    'routeError.reload': 'Ανανέωση σελίδας',
    'comingSoon.home': 'Επιστροφή στην αρχική σελίδα',
  },
  en: {
    'routeError.title': 'This page could not be shown',
    'routeError.text': 'An unexpected error occurred. Reload the page or try again later.',
    'routeError.stale': 'A new version of the portal was released. Reload the page to continue.',
    'routeError.reload': 'Reload page',
    'comingSoon.home': 'Back to the home page',
  },
};

function ErrorBody() {
  const intl = useIntl();
  const error = useRouteError();
  const text = (id: ErrorText) =>
    id in intl.messages ? intl.formatMessage({ id }) : FALLBACK_TEXTS[intl.locale === 'en' ? 'en' : 'el'][id];
  // A new release replaced the page's code: reloading fetches the current one.
  const isStale = isChunkLoadError(error);
  return (
    <section className="tessera-route-error" role="alert" aria-labelledby="route-error-title">
      <WarningIllustration size={110} />
      <Title order={1} id="route-error-title">
        {text('routeError.title')}
      </Title>
      <Text size="lg">{text(isStale ? 'routeError.stale' : 'routeError.text')}</Text>
      <Button onClick={() => window.location.reload()}>{text('routeError.reload')}</Button>
      <Anchor component={LanguageLink} to="/">
        {text('comingSoon.home')}
      </Anchor>
    </section>
  );
}

/** Error boundary of every page route: the shell stays, the page shows what went wrong. */
export function RouteErrorBoundary() {
  return <ErrorBody />;
}

/** Error boundary of the root route (the shell itself failed): a bare page with its own language. */
export function RootErrorBoundary() {
  return (
    <LocaleProvider>
      <main className="tessera-container tessera-main" id="main-content">
        <ErrorBody />
      </main>
    </LocaleProvider>
  );
}

/** The main area the server drew in the page's HTML before any script (`keepServerDrawnMain`). */
let serverDrawnMain: string | null = null;

/**
 * Keeps the main area the server drew in the page's HTML (`data-server-drawn`: the sign-in card,
 * the home page's hero; ADR 054 amendment), read once before the app's first render replaces it:
 * `HydrateFallback` draws it again. True when there is one.
 */
export function keepServerDrawnMain(container: HTMLElement): boolean {
  const main = container.querySelector('main[data-server-drawn]');
  serverDrawnMain = main ? main.innerHTML : null;
  return main !== null;
}

/**
 * Shown while the first page's code, texts and content load (react-intl is not there yet): the
 * shell's frame, as the static HTML drew it, main area included, so the first render changes
 * nothing on the screen.
 */
export function HydrateFallback() {
  const isEnglish = splitLocalePath(window.location.pathname).locale === 'en';
  return <ShellFrame label={isEnglish ? 'Loading…' : 'Φόρτωση…'} mainHtml={serverDrawnMain} />;
}
