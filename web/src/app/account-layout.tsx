import { Box, Flex, NavLink, Text } from '@mantine/core';
import { splitLocalePath } from '@tessera/domain';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import type { MessageId } from '../i18n/messages';
import { useSession } from '../lib/session';
import { LanguageLink } from '../ui/language-link';
import { paths } from './paths';
import { canOpen, ROUTE_ACCESS } from './route-access';

type AccountKey = Extract<keyof typeof paths, `account${string}`>;

/** The account pages in menu order, each with its title (the same text as the page's heading). */
export const ACCOUNT_LINKS: readonly { key: AccountKey; label: MessageId }[] = [
  { key: 'accountAdminInformation', label: 'pages.accountAdminInformation' },
  { key: 'accountAbout', label: 'pages.accountAbout' },
  { key: 'accountCardPrinting', label: 'pages.accountCardPrinting' },
  { key: 'accountDeliveryPoints', label: 'pages.accountDeliveryPoints' },
  { key: 'accountSpendRules', label: 'pages.accountSpendRules' },
  { key: 'accountOrderManagers', label: 'pages.accountOrderManagers' },
  { key: 'accountAgents', label: 'pages.accountAgents' },
  // issue 18: the company's users (ADR 023) and its audit log (ADR 027)
  { key: 'accountUsers', label: 'pages.accountUsers' },
  { key: 'accountAudit', label: 'pages.accountAudit' },
  // Issue 22 §1 (ADR 034): the company's API clients.
  { key: 'accountApiClients', label: 'pages.accountApiClients' },
  // Issue 22 §2 (ADR 037): the public API's document.
  { key: 'accountApiDocs', label: 'pages.accountApiDocs' },
  // Issue 22 §3 (ADR 035): its webhooks.
  { key: 'accountWebhooks', label: 'pages.accountWebhooks' },
  { key: 'accountChangePassword', label: 'pages.accountChangePassword' },
  // Issue 21 (ADR 033): where the user is signed in.
  { key: 'accountSessions', label: 'pages.accountSessions' },
  // Issue 21 (ADR 031): two-factor sign-in.
  { key: 'accountSecurity', label: 'pages.accountSecurity' },
];

/**
 * The frame of the account pages (`/account/...`): a navigation to every account page the user's
 * role may open (the route table's access, as the shell's menus filter it), then the page. On wide
 * screens the navigation is a column beside the page; on phones a row above it that scrolls
 * sideways, so the page keeps the whole width. The route's access gate has already let the page in.
 */
export function AccountLayout() {
  const intl = useIntl();
  const session = useSession();
  const location = useLocation();
  const current = splitLocalePath(location.pathname).path;
  const user = session.data?.user;
  const links = user ? ACCOUNT_LINKS.filter(({ key }) => canOpen(ROUTE_ACCESS[key], user)) : [];
  const label = intl.formatMessage({ id: 'account.nav.label' });
  const listRef = useRef<HTMLDivElement & HTMLUListElement>(null);

  // On phones the row scrolls sideways: bring the current page's link into view.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = Math.max(0, link.offsetLeft - list.offsetLeft - 16);
  }, [current, links.length]);

  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      gap={{ base: 'md', md: 'xl' }}
      align={{ base: 'stretch', md: 'flex-start' }}
    >
      {links.length > 0 ? (
        <Box component="nav" aria-label={label} w={{ base: '100%', md: 248 }} style={{ flexShrink: 0 }}>
          <Text fw={700} mb="xs" visibleFrom="md" aria-hidden="true">
            {label}
          </Text>
          <Flex
            ref={listRef}
            component="ul"
            direction={{ base: 'row', md: 'column' }}
            gap={4}
            m={0}
            p={0}
            pb={{ base: 4, md: 0 }}
            style={{ listStyle: 'none', overflowX: 'auto' }}
          >
            {links.map(({ key, label: title }) => {
              const href = paths[key].href();
              const isCurrent = current === href;
              return (
                <Box component="li" key={key} style={{ flexShrink: 0 }}>
                  <NavLink
                    component={LanguageLink}
                    to={href}
                    label={intl.formatMessage({ id: title })}
                    active={isCurrent}
                    aria-current={isCurrent ? 'page' : undefined}
                    variant="light"
                    style={{ borderRadius: 'var(--mantine-radius-md)', whiteSpace: 'nowrap' }}
                  />
                </Box>
              );
            })}
          </Flex>
        </Box>
      ) : null}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Flex>
  );
}
