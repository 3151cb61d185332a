import { Anchor, Button, Text, Title } from '@mantine/core';
import { splitLocalePath } from '@tessera/domain';
import { useIntl } from 'react-intl';
import { useRouteError } from 'react-router';
import { WarningIllustration } from '../ui/illustrations';
import { BareSpinner } from '../ui/loading-spinner';
import { LanguageLink } from '../ui/language-link';
import { LocaleProvider } from './app-root';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

function ErrorBody() {
  const intl = useIntl();
  const error = useRouteError();
  // A new release replaced the page's code: reloading fetches the current one.
  const isStale = isChunkLoadError(error);
  return (
    <section className="tessera-route-error" role="alert" aria-labelledby="route-error-title">
      <WarningIllustration size={110} />
      <Title order={1} id="route-error-title">
        {intl.formatMessage({ id: 'routeError.title' })}
      </Title>
      <Text size="lg">{intl.formatMessage({ id: isStale ? 'routeError.stale' : 'routeError.text' })}</Text>
      <Button onClick={() => window.location.reload()}>
        {intl.formatMessage({ id: 'routeError.reload' })}
      </Button>
      <Anchor component={LanguageLink} to="/">
        {intl.formatMessage({ id: 'comingSoon.home' })}
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

/** Shown while the first page's code loads (react-intl is not there yet). */
export function HydrateFallback() {
  const isEnglish = splitLocalePath(window.location.pathname).locale === 'en';
  return <BareSpinner label={isEnglish ? 'Loading…' : 'Φόρτωση…'} />;
}
