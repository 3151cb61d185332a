import { can, policyOf, ROLE_IDS, ROUTE_ACTIONS, type MenuItem, type PortalRoute } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { footer, link } from '../../test/fixtures';
import { paths } from '../paths';
import { ROUTE_ACCESS, type RouteKey } from '../route-access';
import { footerForRole, menuForRole, PROFILE_LINK_KEYS, profileLinksOf, withPortalItems } from './role-menu';

/**
 * The menus and the policy table agree (issue 14): a link to a page shows exactly when the domain's
 * policy allows the user the action that page needs (`ROUTE_ACTIONS`), for every page and role.
 */

type PageKey = Exclude<RouteKey, 'notFound'>;
const PAGE_KEYS = (Object.keys(ROUTE_ACCESS) as RouteKey[]).filter(
  (key): key is PageKey => key !== 'notFound',
);

/** A link to the page of `key` (parameters filled in). */
const hrefOf = (key: PageKey) =>
  `/${paths[key].pattern}`.replace(':draftId', 'd-1').replace(':slug', 'terms');
const actionOf = (key: PageKey) => ROUTE_ACTIONS[`/${paths[key].pattern}` as PortalRoute];

/** Each role with one company and with three (company selection depends on it). */
const USERS = ROLE_IDS.flatMap((roleId) =>
  [['C1001'], ['C1001', 'C1002', 'C1003']].map((companyIds) => ({
    userRoleId: roleId,
    relatedCompanies: companyIds.map((companyId) => ({ companyId })),
  })),
);
const allowedFor = (user: (typeof USERS)[number], key: PageKey) => {
  const action = actionOf(key);
  return (
    action === null ||
    can({ roleId: user.userRoleId, relatedCompanyIds: user.relatedCompanies.map((c) => c.companyId) }, action)
  );
};

const itemOf = (href: string): MenuItem => ({
  link: link(href, href),
  text: href,
  level: 1,
  active: false,
  children: [],
  href,
  systemName: href,
});

describe('the route access comes from the policy table', () => {
  it.each(PAGE_KEYS)('%s: the action, roles and company scope of its policy', (key) => {
    const action = actionOf(key);
    const access = ROUTE_ACCESS[key];
    if (action === null) {
      expect(access).toEqual({ kind: 'public' });
      return;
    }
    const policy = policyOf(action);
    expect(access).toEqual({
      kind: 'roles',
      action,
      roles: policy.roles,
      ...(policy.scope === 'company' ? { needsCompany: true } : {}),
      ...(policy.manyCompanies ? { manyCompanies: true } : {}),
    });
  });
});

describe('a menu item shows exactly when the policy allows its page', () => {
  it.each(PAGE_KEYS)('%s, in the main menu and the footer, for every role', (key) => {
    const href = hrefOf(key);
    for (const user of USERS) {
      const allowed = allowedFor(user, key);
      const shown = menuForRole([itemOf(href)], user).map((item) => item.href);
      expect({ user, shown }).toEqual({ user, shown: allowed ? [href] : [] });
      const column = { columnTitle: 'x', columnLinks: [link(href, href)] };
      const columns = footerForRole({ ...footer, footerColumns: [column] }, user).footerColumns;
      expect({ user, footer: columns.length }).toEqual({ user, footer: allowed ? 1 : 0 });
    }
  });

  it.each(USERS)('profile menu: each page link exactly when its page is allowed (%o)', (user) => {
    const offered = profileLinksOf(
      user.userRoleId,
      user.relatedCompanies.map((c) => c.companyId),
    );
    expect(offered).toEqual(PROFILE_LINK_KEYS.filter((key) => allowedFor(user, key)));
  });
});

describe('recurring loads in the orders menu (issue 19)', () => {
  const group = (href: string, children: string[]): MenuItem => ({
    ...itemOf(href),
    children: children.map((child) => ({ ...itemOf(child), level: 2 })),
  });
  const ORDERS = group('/orders/order-history', [
    '/orders/order-history',
    '/draft-orders',
    '/orders-overview',
  ]);
  const hrefsOf = (items: readonly MenuItem[]) =>
    items.map((item) => item.children.map((child) => child.href));

  it('comes right after the drafts, at their level, named in the UI language', () => {
    const items = withPortalItems([itemOf('/'), ORDERS], 'Επαναλαμβανόμενες φορτίσεις');
    expect(hrefsOf(items)).toEqual([
      [],
      ['/orders/order-history', '/draft-orders', '/orders/recurring-rules', '/orders-overview'],
    ]);
    const added = items[1]!.children[2]!;
    expect(added).toMatchObject({ text: 'Επαναλαμβανόμενες φορτίσεις', level: 2 });
    expect(added.link).toMatchObject({
      url: '/orders/recurring-rules',
      title: 'Επαναλαμβανόμενες φορτίσεις',
    });
  });

  it('follows the order history when the menu has no drafts, and is never added twice', () => {
    const history = group('/orders/order-history', ['/orders/order-history', '/orders-overview']);
    expect(hrefsOf(withPortalItems([history], 'x'))).toEqual([
      ['/orders/order-history', '/orders/recurring-rules', '/orders-overview'],
    ]);
    const already = withPortalItems(withPortalItems([ORDERS], 'x'), 'x');
    expect(hrefsOf(already)[0]!.filter((href) => href === '/orders/recurring-rules')).toHaveLength(1);
    // A first-level order history is no orders menu: nothing to add to.
    expect(withPortalItems([itemOf('/orders/order-history')], 'x')).toEqual([
      itemOf('/orders/order-history'),
    ]);
  });

  it('shows to every company role and provider staff (recurring.read), never to merchants', () => {
    const items = withPortalItems([ORDERS], 'x');
    for (const user of USERS) {
      const shown = menuForRole(items, user).flatMap((item) => item.children.map((child) => child.href));
      const mayRead = can(
        { roleId: user.userRoleId, relatedCompanyIds: user.relatedCompanies.map((c) => c.companyId) },
        'recurring.read',
      );
      expect({ user, shown: shown.includes('/orders/recurring-rules') }).toEqual({ user, shown: mayRead });
    }
    const merchant = { userRoleId: 1001 as const, relatedCompanies: [] };
    expect(menuForRole(items, merchant)).toEqual([]);
  });
});
