import { can, isProviderRole, ROLE, type FooterResponse, type MenuItem, type RoleId } from '@tessera/domain';
import type { SessionUser } from '../../lib/session';
import { isMerchantPath } from '../paths';
import { canOpen, canOpenPath, ROUTE_ACCESS } from '../route-access';
import type { ShellVariant } from './api/get-menu';
import { menuItemTarget } from './menu-link';

/**
 * The shell per role (SPEC §6). Pure functions so the rules are tested on their own.
 */

type RoleUser = Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>;

/** Merchants get the merchant menu, footer, logo and contact links on every page; others on merchant pages. */
export function shellVariantOf(path: string, roleId: RoleId | undefined): ShellVariant {
  const isMerchant = roleId !== undefined && can({ roleId, relatedCompanyIds: [] }, 'merchant.portal');
  return isMerchant || isMerchantPath(path) ? 'merchant' : 'customer';
}

/**
 * Whether the main menu shows: provider staff see it once they act for a company, the payment
 * manager once a company is chosen; the other roles (and visitors) always.
 */
export function isMainMenuVisible(user: RoleUser | null, companyId: string | null): boolean {
  if (!user) return true;
  if (isProviderRole(user.userRoleId) || user.userRoleId === ROLE.PAYMENT_MANAGER) return companyId !== null;
  return true;
}

/**
 * The header label: first name for order and payment managers (and the other non-provider roles);
 * the company acted for by provider staff, else "All companies".
 */
export function headerLabelOf(
  user: Pick<SessionUser, 'userRoleId' | 'firstName'>,
  companyName: string | null,
  allCompaniesText: string,
): string {
  if (isProviderRole(user.userRoleId)) return companyName || allCompaniesText;
  return user.firstName;
}

/**
 * The menu as a role sees it: links to routes the role may not open are removed, and groups left
 * without any link disappear (a group whose own page is forbidden keeps only its children).
 */
export function menuForRole(items: readonly MenuItem[], user: RoleUser | null): MenuItem[] {
  if (!user) return [...items];
  const isAllowed = (href: string) => canOpenPath(href, user);
  const filter = (list: readonly MenuItem[]): MenuItem[] =>
    list.flatMap((item) => {
      const children = filter(item.children);
      const href = menuItemTarget(item).href;
      const isOwnLinkAllowed = href !== '' && isAllowed(href);
      if (children.length === 0 && !isOwnLinkAllowed) return [];
      if (isOwnLinkAllowed) return [{ ...item, children }];
      return [{ ...item, children, href: '', link: { ...item.link, href: '', url: '' } }];
    });
  return filter(items);
}

/** The address of the recurring loads (issue 19), which the CMS's menu does not list yet. */
const RECURRING_RULES_HREF = '/orders/recurring-rules';

/**
 * The main menu with the portal's own pages the CMS menu does not carry yet (issue 19): "Recurring
 * loads" in the orders menu, right after the drafts (or the order history) item. Nothing changes
 * when the menu already links to the page or has no orders group (a menu whose order history is a
 * first-level link). `menuForRole` then hides it from those who may not open it (`recurring.read`).
 */
export function withPortalItems(items: readonly MenuItem[], recurringText: string): MenuItem[] {
  const hrefs = (list: readonly MenuItem[]): string[] =>
    list.flatMap((item) => [menuItemTarget(item).href, ...hrefs(item.children)]);
  if (hrefs(items).includes(RECURRING_RULES_HREF)) return [...items];
  const recurring = (level: number): MenuItem => ({
    link: {
      id: 'menu-orders-recurring',
      pageType: 'contentPage',
      title: recurringText,
      url: RECURRING_RULES_HREF,
      target: '_self',
      isExternalPage: false,
    },
    text: recurringText,
    level,
    active: false,
    children: [],
    href: RECURRING_RULES_HREF,
    systemName: 'orders-recurring',
  });
  const insert = (list: readonly MenuItem[], isNested: boolean): MenuItem[] => {
    const targets = list.map((item) => menuItemTarget(item).href);
    const after = targets.includes('/draft-orders')
      ? targets.indexOf('/draft-orders')
      : targets.indexOf('/orders/order-history');
    if (isNested && after >= 0) {
      const anchor = list[after]!;
      return [...list.slice(0, after + 1), recurring(anchor.level), ...list.slice(after + 1)];
    }
    return list.map((item) => ({ ...item, children: insert(item.children, true) }));
  };
  return insert(items, false);
}

/**
 * The footer as a role sees it: like the menu, links to routes the role may not open are removed
 * (a finance user is not offered "Load cards"), and columns left without links disappear. The
 * bottom links (terms, privacy) are public.
 */
export function footerForRole(footer: FooterResponse, user: RoleUser | null): FooterResponse {
  if (!user) return footer;
  const footerColumns = footer.footerColumns
    .map((column) => ({
      ...column,
      columnLinks: column.columnLinks.filter((link) => canOpenPath(link.href || link.url, user)),
    }))
    .filter((column) => column.columnLinks.length > 0);
  return { ...footer, footerColumns };
}

/** The pages the profile menu links to besides the accounts and signing out (SPEC §2, §6). */
export const PROFILE_LINK_KEYS = ['backOffice', 'allCompanies', 'companySelect', 'deliveryPoints'] as const;
export type ProfileLinkKey = (typeof PROFILE_LINK_KEYS)[number];

/**
 * The profile menu's page links a user is offered: All companies (provider staff), Select company
 * (order and payment managers with more than one company), New delivery point (order manager),
 * each exactly when the policy table lets the user open its page.
 */
export function profileLinksOf(roleId: RoleId, relatedCompanyIds: readonly string[]): ProfileLinkKey[] {
  const user = {
    userRoleId: roleId,
    relatedCompanies: relatedCompanyIds.map((companyId) => ({ companyId })),
  };
  return PROFILE_LINK_KEYS.filter((key) => canOpen(ROUTE_ACCESS[key], user));
}
