import { splitLocalePath } from '@tessera/domain';
import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { isMerchantPath } from '../paths';
import { GlobalLoadingOverlay } from '../loading-overlay';
import { useFooter } from './api/get-footer';
import { useMenu } from './api/get-menu';
import { Footer } from './footer';
import { Header } from './header';

/**
 * The page frame: skip link, header, main content (at most 1440 px wide, centred), footer.
 * Merchant pages get the merchant menu and footer (SPEC §6).
 */
export function ShellLayout() {
  const intl = useIntl();
  const location = useLocation();
  const navigation = useNavigation();
  const variant = isMerchantPath(splitLocalePath(location.pathname).path) ? 'merchant' : 'customer';
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
      <main
        id="main-content"
        tabIndex={-1}
        className="tessera-container tessera-main"
        aria-busy={navigation.state === 'loading' || undefined}
      >
        <Outlet />
      </main>
      <Footer footer={footer.data} />
      <GlobalLoadingOverlay isNavigating={navigation.state === 'loading'} />
      <ScrollRestoration />
    </div>
  );
}
