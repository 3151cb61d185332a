import { useLayoutEffect, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MESSAGES } from '../i18n/messages';
import { DISPLAY_TIME_ZONE } from '../lib/format';
import { useLocale } from '../lib/use-locale';
import { GlobalErrorHost } from './global-error/global-error-host';
import { SessionSync } from './session-sync';
import { ShellLayout } from './shell/shell-layout';

/** Sets the language from the address (SPEC §2) on react-intl and on `<html lang>`. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useLocale();
  // Layout effect: the language changes in the same commit as the text (screen readers, tests).
  useLayoutEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return (
    <IntlProvider locale={locale} messages={MESSAGES[locale]} defaultLocale="el" timeZone={DISPLAY_TIME_ZONE}>
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
