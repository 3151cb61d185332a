import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { messagesOf, subscribeMessages } from '../i18n/load-messages';
import { DISPLAY_TIME_ZONE } from '../lib/time-zone';
import { useLocale } from '../lib/use-locale';
import { GlobalErrorHost } from './global-error/global-error-host';
import { SessionSync } from './session-sync';
import { ShellLayout } from './shell/shell-layout';

/**
 * Sets the language from the address (SPEC §2) on react-intl and on `<html lang>`, with the texts
 * of that language loaded so far: the routes load the shell's and their page's before they show
 * (`routes.tsx`), so a page never renders without its texts, and a language switch shows the new
 * language only once its texts are there.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const messages = useSyncExternalStore(subscribeMessages, () => messagesOf(locale));
  // Layout effect: the language changes in the same commit as the text (screen readers, tests).
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="el" timeZone={DISPLAY_TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}

/** The root route: language, session upkeep, global error handling, the shell around every page. */
export function AppRoot() {
  return (
    <LocaleProvider>
      <SessionSync />
      <GlobalErrorHost>
        <ShellLayout />
      </GlobalErrorHost>
    </LocaleProvider>
  );
}
