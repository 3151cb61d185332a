import { isProviderRole, splitLocalePath } from '@tessera/domain';
import { lazy, Suspense, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useSession } from '../../lib/session';
import { AccessGate } from '../access-gate';
import { GlobalLoadingOverlay } from '../loading-overlay';
import { useFooter } from './api/get-footer';
import { CompanyNotice } from './company-notice';
import { useMenu } from './api/get-menu';
import { Header } from './header';
import { footerForRole, shellVariantOf } from './role-menu';
import { useChatbot } from './chatbot';

// The footer is below the first screen (the main area is at least as tall as the window): its code
// loads after the page's (issue 36 §4, ADR 052), and nothing above it moves when it shows.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
// Only provider staff act for a company or merchant: the banner's code is theirs alone (ADR 052).
const ActingBanner = lazy(() =>
  import('./acting-banner').then((module) => ({ default: module.ActingBanner })),
);

/**
 * The page frame: skip link, header, main content (at most 1440 px wide, centred), footer.
 * Merchants get the merchant menu and footer on every page, visitors on merchant pages (SPEC §6).
 * The page itself passes the access gate (the allowed roles of the route table).
 */
export function ShellLayout() {
  const intl = useIntl();
  const location = useLocation();
  const navigation = useNavigation();
  const session = useSession();
  const roleId = session.data?.user.userRoleId;
  const variant = shellVariantOf(splitLocalePath(location.pathname).path, roleId);
  useChatbot(roleId);
  const menu = useMenu(variant);
  const footer = useFooter(variant);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById('main-content')?.focus();
  };

  return (
    <div className="tessera-app">
      <a href="#main-content" className="tessera-skip-link" onClick={skipToMain}>
        {intl.formatMessage({ id: 'shell.skipToContent' })}
      </a>
      <Header variant={variant} menu={menu.data} />
      {roleId !== undefined && isProviderRole(roleId) ? (
        <Suspense fallback={null}>
          <ActingBanner />
        </Suspense>
      ) : null}
      <CompanyNotice />
      <main
        id="main-content"
        tabIndex={-1}
        className="tessera-container tessera-main"
        aria-busy={navigation.state === 'loading' || undefined}
      >
        <AccessGate>
          <Outlet />
        </AccessGate>
      </main>
      <Suspense fallback={null}>
        <Footer footer={footer.data && footerForRole(footer.data, session.data?.user ?? null)} />
      </Suspense>
      <GlobalLoadingOverlay isNavigating={navigation.state === 'loading'} />
      <ScrollRestoration />
    </div>
  );
}
