import { Burger } from '@mantine/core';
import { ROLE, type MenuResponse } from '@tessera/domain';
import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { signOut, useSession } from '../../lib/session';
import { useStore } from '../../lib/storage';
import { CmsLink, cmsLinkTarget } from '../../ui/cms-link';
import { LanguageLink } from '../../ui/language-link';
import { paths } from '../paths';
import type { ShellVariant } from './api/get-menu';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';
import { isMainMenuVisible, menuForRole, withPortalItems } from './role-menu';
import { useActingCompanyId } from '../../lib/use-acting-company';

// The drawer's code (Mantine Drawer, scroll lock) loads when the hamburger is first used.
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));
// A merchant user's bell, with its texts (`merchantNotifications`), loads for merchant users only.
const MerchantBell = lazy(() =>
  import('../../features/merchants/notifications/merchant-bell').then((module) => ({
    default: module.MerchantBell,
  })),
);
// The bells, their notifications and the desktop menu load after the first screen (issue 36 §4,
// ADR 052): their contents come from requests the page does not wait for either. Each keeps its
// place meanwhile, so nothing in the header moves when it arrives (issue 36 §7, ADR 054).
const NotificationsBell = lazy(() =>
  import('../../features/notifications/components/notifications-bell').then((module) => ({
    default: module.NotificationsBell,
  })),
);
const DesktopNav = lazy(() => import('./desktop-nav').then((module) => ({ default: module.DesktopNav })));

/** Where a bell will be, the size of its button. */
const bellPlaceholder = <span className="tessera-icon-button" aria-hidden="true" />;

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );
}

type HeaderProps = { variant: ShellVariant; menu: MenuResponse | undefined };

/**
 * The header (SPEC §1–2, §6): logo (home link), main menu, contact and phone links, FAQs,
 * notifications bell, language switch, profile menu; below 992 px a hamburger drawer holds the menu
 * and the secondary links. The main menu shows what the signed-in role may open (SPEC §6).
 */
export function Header({ variant, menu }: HeaderProps) {
  const intl = useIntl();
  const session = useSession();
  const [companyData] = useStore('companyData');
  const companyId = useActingCompanyId();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const isMerchant = variant === 'merchant';
  const sessionUser = session.data?.user ?? null;
  // A merchant user's bell speaks of its merchant's notifications (issue 16), wherever it is.
  const isMerchantUser = sessionUser?.userRoleId === ROLE.MERCHANT;
  const company = companyData && companyData.companyId === companyId ? companyData : undefined;
  const isMenuShown =
    session.status !== 'loading' && (isMerchant || isMainMenuVisible(sessionUser, companyId));
  const items = isMenuShown
    ? menuForRole(
        withPortalItems(menu?.main_menu ?? [], intl.formatMessage({ id: 'shell.menu.recurringRules' })),
        sessionUser,
      )
    : [];
  // The desktop menu's row keeps its place (the static frame draws it) while the session or the
  // menu's content is still on its way and the menu is likely to show: the page below does not
  // move down when it arrives (issue 36 §7, ADR 054).
  const isMenuAwaited =
    (session.status === 'loading' || (isMenuShown && menu === undefined)) &&
    (isMerchant || isMainMenuVisible(sessionUser, companyId));
  const mobileMenuId = 'tessera-mobile-menu';

  const homeHref = isMerchant ? paths.merchant.href() : paths.home.href();
  const contactHref = isMerchant ? paths.merchantContactHours.href() : paths.contact.href();
  const faqsHref = isMerchant ? paths.merchantFaqs.href() : paths.faqs.href();
  const notificationsHref = isMerchant ? paths.merchantNotifications.href() : paths.notifications.href();
  const phone = menu?.phoneNumberLink;
  const navLabel = intl.formatMessage({ id: 'shell.menu.label' });

  const profileUser = sessionUser
    ? {
        firstName: sessionUser.firstName || sessionUser.name,
        lastName: sessionUser.lastName,
        roleId: sessionUser.userRoleId,
        relatedCompanyIds: sessionUser.relatedCompanies.map((company) => company.companyId),
      }
    : undefined;

  const secondaryLinks = (onNavigate?: () => void) => (
    <>
      <LanguageLink to={contactHref} className="tessera-header__link" onClick={onNavigate}>
        {intl.formatMessage({ id: 'shell.header.contact' })}
      </LanguageLink>
      {phone ? (
        <CmsLink
          link={cmsLinkTarget(phone)}
          className="tessera-header__link tessera-header__phone"
          onClick={onNavigate}
        >
          <PhoneIcon />
          <span>{phone.title}</span>
        </CmsLink>
      ) : null}
      <LanguageLink to={faqsHref} className="tessera-header__link" onClick={onNavigate}>
        {intl.formatMessage({ id: 'shell.header.faqs' })}
      </LanguageLink>
    </>
  );

  return (
    <header className="tessera-header">
      <div className="tessera-container tessera-header__bar">
        <Burger
          className="tessera-only-mobile"
          opened={isMenuOpen}
          onClick={() => {
            setHasOpenedMenu(true);
            setIsMenuOpen((open) => !open);
          }}
          aria-label={intl.formatMessage({ id: 'shell.menu.open' })}
          aria-expanded={isMenuOpen}
          aria-controls={mobileMenuId}
          size="sm"
        />
        <Logo to={homeHref} />
        <div className="tessera-header__tools">
          <div className="tessera-only-desktop tessera-header__secondary">{secondaryLinks()}</div>
          <Suspense fallback={bellPlaceholder}>
            {isMerchantUser ? (
              <MerchantBell viewAllHref={paths.merchantNotifications.href()} />
            ) : (
              <NotificationsBell viewAllHref={notificationsHref} />
            )}
          </Suspense>
          <LanguageSwitch className="tessera-only-desktop" />
          <ProfileMenu
            texts={menu?.profileMenu}
            user={profileUser}
            company={
              company && !isMerchant ? { companyId: company.companyId, name: company.name } : undefined
            }
            onLogOut={() => void signOut()}
            isLoading={session.status === 'loading'}
          />
        </div>
      </div>
      {items.length > 0 || isMenuAwaited ? (
        <div className="tessera-only-desktop tessera-header__nav">
          <div className="tessera-container">
            {items.length > 0 ? (
              <Suspense fallback={<div className="tessera-nav-placeholder" />}>
                <DesktopNav items={items} label={navLabel} />
              </Suspense>
            ) : (
              <div className="tessera-nav-placeholder" />
            )}
          </div>
        </div>
      ) : null}
      {hasOpenedMenu ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={mobileMenuId}
            isOpen={isMenuOpen}
            onClose={() => setIsMenuOpen(false)}
            items={items}
            extra={
              <div className="tessera-mobile-menu__extra">
                {secondaryLinks(() => setIsMenuOpen(false))}
                <LanguageSwitch onSwitch={() => setIsMenuOpen(false)} />
              </div>
            }
          />
        </Suspense>
      ) : null}
    </header>
  );
}
