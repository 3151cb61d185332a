import {
  can,
  isProviderRole,
  policyOf,
  ROUTE_ACTIONS,
  type Action,
  type PolicyActor,
  type PortalRoute,
  type RoleId,
} from '@tessera/domain';
import { matchPath } from 'react-router';
import { canSelectCompany } from '../lib/company-selection';
import type { SessionUser } from '../lib/session';
import { paths } from './paths';

/**
 * Who may open each route (SPEC §2, §6), read from the domain's policy table: `ROUTE_ACTIONS` names
 * the action each page needs, `POLICIES` the roles and scope of that action (`routes.tsx` reads this
 * for every page; the shell filters menus with it). The server answers 403 on its own for every API
 * call, through the same table; this decides what the browser shows: the page, a sign-in redirect
 * (SessionRequired), the 403 page, or the company choice first.
 *
 * - `public`: anyone, signed in or not.
 * - `roles`: signed-in users whom the policy allows `action` (its roles, listed for reading).
 * - `needsCompany`: the action is company-scoped, so the page works for one company; without one
 *   chosen, provider staff go to /all-companies and managers with several companies to /company-select.
 * - `manyCompanies`: only users with more than one related company (company selection).
 */
export type RouteAccess =
  | { kind: 'public' }
  | {
      kind: 'roles';
      action: Action;
      roles: readonly RoleId[];
      needsCompany?: boolean;
      manyCompanies?: boolean;
    };

export type RouteKey = Exclude<keyof typeof paths, 'merchantContactHours'> | 'notFound';

const PUBLIC: RouteAccess = { kind: 'public' };

/** The access a page gets from the action it needs (null: public). */
function accessOfAction(action: Action | null): RouteAccess {
  if (action === null) return PUBLIC;
  const policy = policyOf(action);
  return {
    kind: 'roles',
    action,
    roles: policy.roles,
    ...(policy.scope === 'company' ? { needsCompany: true } : {}),
    ...(policy.manyCompanies ? { manyCompanies: true } : {}),
  };
}

/** The action a route key's page needs, from the domain's table of addresses. */
function actionOfKey(key: Exclude<RouteKey, 'notFound'>): Action | null {
  const address = `/${paths[key].pattern}` as PortalRoute;
  if (!(address in ROUTE_ACTIONS)) throw new Error(`no action named for ${address} (domain ROUTE_ACTIONS)`);
  return ROUTE_ACTIONS[address];
}

const ROUTE_KEYS = (Object.keys(paths) as (keyof typeof paths)[]).filter(
  (key): key is Exclude<RouteKey, 'notFound'> => key !== 'merchantContactHours',
);

export const ROUTE_ACCESS = {
  ...Object.fromEntries(ROUTE_KEYS.map((key) => [key, accessOfAction(actionOfKey(key))])),
  notFound: PUBLIC,
} as Record<RouteKey, RouteAccess>;

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'loading' }
  | { kind: 'signIn' }
  | { kind: 'forbidden' }
  | { kind: 'chooseCompany'; href: string };

type AccessUser = Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>;

/** The user as the policy table sees them. */
function policyActorOf(user: AccessUser): PolicyActor {
  return { roleId: user.userRoleId, relatedCompanyIds: user.relatedCompanies.map((c) => c.companyId) };
}

/**
 * What the browser shows for a route: `user` is undefined while the session loads and null when
 * signed out; `companyId` is the company the user acts for (see `effectiveCompanyId`).
 */
export function decideAccess(
  access: RouteAccess,
  user: AccessUser | null | undefined,
  companyId: string | null,
): AccessDecision {
  if (access.kind === 'public') return { kind: 'allow' };
  if (user === undefined) return { kind: 'loading' };
  if (user === null) return { kind: 'signIn' };
  if (!can(policyActorOf(user), access.action)) return { kind: 'forbidden' };
  if (access.needsCompany && companyId === null) {
    if (isProviderRole(user.userRoleId)) {
      return { kind: 'chooseCompany', href: paths.allCompanies.href() };
    }
    if (canSelectCompany(user)) return { kind: 'chooseCompany', href: paths.companySelect.href() };
  }
  return { kind: 'allow' };
}

/** Whether a signed-in user may open a route (menus hide what the role cannot open). */
export function canOpen(access: RouteAccess, user: AccessUser): boolean {
  return access.kind === 'public' || can(policyActorOf(user), access.action);
}

/**
 * Whether a link offered to the user (a menu item, a home tile) leads to a page they may open, so
 * nothing on offer ends in the 403 page. Visitors are offered everything (a protected page asks
 * them to sign in); links outside the portal (`https:`, `tel:`…) are not the table's to judge.
 */
export function canOpenPath(href: string, user: AccessUser | null): boolean {
  if (!user || !href.startsWith('/')) return true;
  return canOpen(accessOfPath(href), user);
}

/**
 * Each role's own home (SPEC §2, §6): merchants have the merchant portal at `/merchant`; everyone
 * else, visitors included, the company portal's home `/`. Sign-in returns to `/` by default, and
 * `/` sends a merchant on. (Provider staff may open `/merchant` for a merchant too, but their home
 * stays `/`: the merchant portal is the home of `merchant.portal`, the merchant users' own action.)
 */
export function homeHrefOf(user: Pick<SessionUser, 'userRoleId'> | null): string {
  const isMerchant =
    user !== null && can({ roleId: user.userRoleId, relatedCompanyIds: [] }, 'merchant.portal');
  return isMerchant ? paths.merchant.href() : paths.home.href();
}

const PATTERNS = (Object.keys(ROUTE_ACCESS) as RouteKey[])
  .filter((key): key is Exclude<RouteKey, 'notFound'> => key !== 'notFound')
  .map((key) => ({ pattern: `/${paths[key].pattern}`, access: ROUTE_ACCESS[key] }));

/** The access of an internal path without locale (`/card-list?x=1`); unknown paths are public. */
export function accessOfPath(href: string): RouteAccess {
  const pathname = href.split(/[?#]/)[0] || '/';
  const match = PATTERNS.find(({ pattern }) => matchPath({ path: pattern, end: true }, pathname));
  return match?.access ?? PUBLIC;
}
