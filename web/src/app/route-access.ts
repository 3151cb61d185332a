import { ROLE, type RoleId } from '@tessera/domain';
import { matchPath } from 'react-router';
import { canSelectCompany } from '../lib/company-selection';
import type { SessionUser } from '../lib/session';
import { paths } from './paths';

/**
 * Who may open each route (SPEC §2, §6), declared once beside the route table (`routes.tsx` reads it
 * for every page; the shell filters menus with it). The server answers 403 on its own for every API
 * call; this table decides what the browser shows: the page, a sign-in redirect (SessionRequired),
 * the 403 page, or the company choice first.
 *
 * - `public`: anyone, signed in or not.
 * - `roles`: signed-in users of these roles.
 * - `needsCompany`: the page works for one company; without one chosen, provider staff go to
 *   /all-companies and managers with several companies to /company-select.
 * - `manyCompanies`: only users with more than one related company (company selection).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'roles'; roles: readonly RoleId[]; needsCompany?: boolean; manyCompanies?: boolean };

export type RouteKey = Exclude<keyof typeof paths, 'merchantContactHours'> | 'notFound';

const { ADMIN, CUSTOMER_CARE, ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER, MERCHANT } = ROLE;

const PUBLIC: RouteAccess = { kind: 'public' };
const EVERY_ROLE: readonly RoleId[] = [
  ADMIN,
  CUSTOMER_CARE,
  ORDER_MANAGER,
  FINANCE_USER,
  PAYMENT_MANAGER,
  MERCHANT,
];
const PROVIDER: readonly RoleId[] = [ADMIN, CUSTOMER_CARE];
/** Everyone who works for companies: provider staff and the three company roles. */
const COMPANY_USERS: readonly RoleId[] = [...PROVIDER, ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER];
/** Issuing, loading and company set-up: the order manager (and provider staff acting for a company). */
const ORDERING: readonly RoleId[] = [...PROVIDER, ORDER_MANAGER];
/** Paying orders: the company's own roles (ADR 010: provider staff never pay for a company). */
const PAYING: readonly RoleId[] = [ORDER_MANAGER, FINANCE_USER, PAYMENT_MANAGER];

const roles = (
  allowed: readonly RoleId[],
  options: { needsCompany?: boolean; manyCompanies?: boolean } = {},
) => ({ kind: 'roles', roles: allowed, ...options }) satisfies RouteAccess;
const forCompany = (allowed: readonly RoleId[]) => roles(allowed, { needsCompany: true });

export const ROUTE_ACCESS: Record<RouteKey, RouteAccess> = {
  home: PUBLIC,

  accountAdminInformation: roles(EVERY_ROLE),
  accountAbout: forCompany(COMPANY_USERS),
  // Every company role sees the company's set-up; only ordering roles change it (the pages hide
  // their forms for the others, and the server refuses them).
  accountCardPrinting: forCompany(COMPANY_USERS),
  accountDeliveryPoints: forCompany(COMPANY_USERS),
  accountChangePassword: roles(EVERY_ROLE),
  accountOrderManagers: forCompany(COMPANY_USERS),
  accountAgents: forCompany(COMPANY_USERS),
  accountSpendRules: forCompany(COMPANY_USERS),

  videoTutorials: PUBLIC,
  allCompanies: roles(PROVIDER),
  companySelect: roles([ORDER_MANAGER, PAYMENT_MANAGER], { manyCompanies: true }),
  deliveryPoints: forCompany([ORDER_MANAGER]),
  draftOrders: forCompany(COMPANY_USERS),

  cardIssueInfo: forCompany(ORDERING),
  cardIssueInfoDraft: forCompany(ORDERING),
  spendeoIssue: forCompany(ORDERING),
  myBenefitsIssue: forCompany(ORDERING),

  orderHistory: forCompany(COMPANY_USERS),
  orderDetails: forCompany(COMPANY_USERS),
  ordersOverview: forCompany(COMPANY_USERS),
  paymentResult: forCompany(PAYING),
  paymentSuccess: forCompany(PAYING),
  paymentFailure: forCompany(PAYING),
  cardList: forCompany(COMPANY_USERS),
  cardLoad: forCompany(ORDERING),
  bulkUpload: forCompany(ORDERING),

  notifications: PUBLIC,
  faqs: PUBLIC,
  contact: PUBLIC,
  paymentManager: forCompany([...PROVIDER, PAYMENT_MANAGER]),
  finance: forCompany([...PROVIDER, FINANCE_USER]),
  logout: PUBLIC,

  login: PUBLIC,
  reset: PUBLIC,
  forgot: PUBLIC,

  merchant: roles([MERCHANT]),
  merchantStores: roles([MERCHANT]),
  merchantBalanceSheet: roles([MERCHANT]),
  merchantRedeemerProfile: roles([MERCHANT]),
  merchantFaqs: roles([MERCHANT]),
  merchantPaymentPage: roles([MERCHANT]),
  merchantNotifications: roles([MERCHANT]),
  merchantPaymentSuccess: roles([MERCHANT]),
  merchantPaymentFailure: roles([MERCHANT]),

  /** Generic CMS pages (terms, privacy, merchant contact hours…). */
  page: PUBLIC,
  notFound: PUBLIC,
};

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'loading' }
  | { kind: 'signIn' }
  | { kind: 'forbidden' }
  | { kind: 'chooseCompany'; href: string };

type AccessUser = Pick<SessionUser, 'userRoleId' | 'relatedCompanies'>;

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
  if (!access.roles.includes(user.userRoleId)) return { kind: 'forbidden' };
  if (access.manyCompanies && user.relatedCompanies.length < 2) return { kind: 'forbidden' };
  if (access.needsCompany && companyId === null) {
    if (user.userRoleId === ADMIN || user.userRoleId === CUSTOMER_CARE) {
      return { kind: 'chooseCompany', href: paths.allCompanies.href() };
    }
    if (canSelectCompany(user)) return { kind: 'chooseCompany', href: paths.companySelect.href() };
  }
  return { kind: 'allow' };
}

/** Whether a signed-in user may open a route (menus hide what the role cannot open). */
export function canOpen(access: RouteAccess, user: AccessUser): boolean {
  if (access.kind === 'public') return true;
  if (!access.roles.includes(user.userRoleId)) return false;
  return !access.manyCompanies || user.relatedCompanies.length > 1;
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
 * `/` sends a merchant on.
 */
export function homeHrefOf(user: Pick<SessionUser, 'userRoleId'> | null): string {
  return user?.userRoleId === MERCHANT ? paths.merchant.href() : paths.home.href();
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
