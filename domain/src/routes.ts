import type { Action } from './policies';

/**
 * Every fixed address of SPEC §2 (customer, login and merchant routes), without the locale prefix.
 * `/card-issue/info/{draftId}` takes a parameter and is not listed; CMS pages live under `/page/{slug}`.
 * One list for the content checker, the router test and the end-to-end scans.
 */
export const SPEC_ROUTES = [
  '/',
  '/account/admin-information',
  '/account/about',
  '/account/card-printing',
  '/account/delivery-points',
  '/account/change-password',
  '/video-tutorials',
  '/all-companies',
  '/company-select',
  '/delivery-points',
  '/draft-orders',
  '/card-issue/info',
  '/cards/spendeo/issue',
  '/cards/mybenefits/issue',
  '/orders/order-history',
  '/order-details-page',
  '/orders-overview',
  '/card-list',
  '/card-load',
  '/notifications',
  '/faqs',
  '/contact',
  '/paymentManager',
  '/finance',
  '/logout',
  '/user/login',
  '/user/reset',
  '/user/forgot',
  '/merchant',
  '/merchant/stores-list',
  '/merchant/balance-sheet',
  '/merchant/redeemer-profile',
  '/merchant/faqs',
  '/page/merchant-contact-hours',
  '/merchant/payment-page',
  '/merchant/notifications',
  '/merchant/payment/success',
  '/merchant/payment/failure',
] as const;

/**
 * Pages the portal adds to SPEC §2 (docs/decisions/007-account-pages-beyond-spec.md): the account
 * pages the specification's content service names without routes.
 */
export const EXTRA_ROUTES = [
  '/account/order-managers',
  '/account/agents',
  '/account/spend-rules',
  /** The bank returns the browser here; then success or failure (ADR 010). */
  '/orders/payment/result',
  '/orders/payment/success',
  '/orders/payment/failure',
  /** Bulk loads and orders by Excel (ADR 011): reached from /card-load, the card list and the flow. */
  '/card-load/upload',
  /** The provider's back office (issue 18, ADR 027): the hub and the audit log. */
  '/back-office',
  '/back-office/audit',
  /** The company's own audit log, for its order manager (issue 18). */
  '/account/audit',
  /** Issue 21 (ADR 031): two-factor sign-in and remembered devices of the signed-in user. */
  '/account/security',
  // issue 18 §2: user administration (ADR 023)
  /** The company's users, managed by its order manager (the specification's user-permission page). */
  '/account/users',
  /** Every user of every company and merchant (provider staff). */
  '/back-office/users',
  // Issue 18 §7–8 (ADR 026): the production queue and the client errors of the back office.
  '/back-office/fulfilment',
  '/back-office/client-errors',
  /** Issue 18 §3, §6 (ADR 024): companies and leads in the back office; the public lead forms. */
  '/back-office/companies/new',
  '/back-office/leads',
  '/back-office/core-categories',
  '/become-client',
  '/become-merchant',
  // issue 18 §5: content editing (ADR 025)
  '/back-office/content',
  /** Issue 19 (ADR 028): the company's recurring load rules, and a new one. */
  '/orders/recurring-rules',
  '/orders/recurring-rules/new',
  /** Issue 21 (ADR 033): the user's signed-in browsers and devices. */
  '/account/sessions',
  /** Issue 22 §1 (ADR 034): the company's API clients. */
  '/account/api-clients',
  /** Issue 22 §2 (ADR 037): the public API's document, rendered. */
  '/account/api-docs',
  /** Issue 22 §3 (ADR 035): the company's webhook endpoints. */
  '/account/webhooks',
  /** Issue 22 §4 (ADR 036): cards expiring within 60 days and leavers' cards, with bulk actions. */
  '/cards/leavers-expiry',
  /** Issue 34 §1 (ADR 043): the disputes queue of the back office. */
  '/back-office/disputes',
  /** Issue 34 §1 (ADR 042): the payout desk — terminals, settlements and payouts of every merchant. */
  '/back-office/terminals',
  '/back-office/settlements',
  '/back-office/payouts',
  /** Issue 35 §8 (ADR 049): customer care looks a cardholder up, their history, and unlocks a card. */
  '/back-office/cardholders',
  /** Issue 37 §3–4: the invoice desk — documents AADE refused or still waits for, and the search. */
  '/back-office/invoices',
] as const;

/** Every fixed address the portal serves. */
export const PORTAL_ROUTES = [...SPEC_ROUTES, ...EXTRA_ROUTES] as const;

/** Addresses with a parameter, as the router names them. */
export const PATTERN_ROUTES = [
  '/card-issue/info/:draftId',
  '/page/:slug',
  /** Issue 18 §3 (ADR 024): one company's settings, contracts and status in the back office. */
  '/back-office/companies/:companyId',
  /** Issue 19 (ADR 028): one recurring rule: its editor, preview and runs. */
  '/orders/recurring-rules/:ruleId',
  /** Issue 34 §1 (ADR 043): one dispute, answered by provider staff. */
  '/back-office/disputes/:disputeId',
  /** Issue 37 §3–4: one document with its lines and every call to AADE; "send again". */
  '/back-office/invoices/:invoiceId',
] as const;

export type PortalRoute = (typeof PORTAL_ROUTES)[number] | (typeof PATTERN_ROUTES)[number];

/**
 * The action of the policy table (`policies.ts`) each page needs, or null for a public page. The
 * web's route access and menus read it: a company-scoped action makes the page ask for a company
 * first. One entry per address, so a new page cannot be added without saying who may open it.
 */
export const ROUTE_ACTIONS = {
  '/': null,
  '/account/admin-information': 'account.self',
  '/account/about': 'companies.read',
  '/account/card-printing': 'card-printing.read',
  '/account/delivery-points': 'delivery-points.read',
  '/account/change-password': 'account.self',
  '/account/sessions': 'account.self',
  '/account/security': 'account.self',
  '/video-tutorials': null,
  '/all-companies': 'companies.search',
  '/company-select': 'companies.switch',
  '/delivery-points': 'delivery-points.new',
  '/draft-orders': 'drafts.read',
  '/card-issue/info': 'drafts.manage',
  '/card-issue/info/:draftId': 'drafts.manage',
  '/cards/spendeo/issue': 'drafts.manage',
  '/cards/mybenefits/issue': 'drafts.manage',
  '/orders/order-history': 'orders.read',
  '/order-details-page': 'orders.read',
  '/orders-overview': 'orders.read',
  '/card-list': 'cards.read',
  '/card-load': 'drafts.manage',
  '/notifications': null,
  '/faqs': null,
  '/contact': null,
  '/paymentManager': 'orders.payment-manager',
  '/finance': 'orders.finance',
  '/logout': null,
  '/user/login': null,
  '/user/reset': null,
  '/user/forgot': null,
  /** The merchant portal's home with its virtual terminal: merchant users, and provider staff naming a merchant. */
  '/merchant': 'merchants.read',
  /** The merchant portal's pages: merchant users, and provider staff naming a merchant (issue 16). */
  '/merchant/stores-list': 'merchants.read',
  '/merchant/balance-sheet': 'merchants.read',
  '/merchant/redeemer-profile': 'merchants.read',
  '/merchant/faqs': 'merchant.portal',
  '/page/merchant-contact-hours': null,
  '/page/:slug': null,
  '/merchant/payment-page': 'merchants.read',
  '/merchant/notifications': 'merchants.read',
  '/merchant/payment/success': 'merchants.read',
  '/merchant/payment/failure': 'merchants.read',
  '/account/order-managers': 'people.read',
  '/account/agents': 'people.read',
  '/account/spend-rules': 'spend-rules.read',
  '/orders/payment/result': 'orders.pay',
  '/orders/payment/success': 'orders.pay',
  '/orders/payment/failure': 'orders.pay',
  '/card-load/upload': 'bulk.manage',
  '/back-office': 'back-office.open',
  '/back-office/audit': 'audit.read',
  '/account/audit': 'audit.company',
  // issue 18 §2: user administration (ADR 023)
  '/account/users': 'company-users.read',
  '/account/api-clients': 'api-clients.read',
  '/account/api-docs': 'api-clients.read',
  '/account/webhooks': 'webhooks.read',
  '/cards/leavers-expiry': 'cards.read',
  '/back-office/users': 'users.search',
  // Issue 18 §7–8 (ADR 026).
  '/back-office/fulfilment': 'fulfilment.read',
  '/back-office/client-errors': 'client-logs.read',
  // Issue 18 §3, §6 (ADR 024).
  '/back-office/companies/new': 'companies.create',
  '/back-office/companies/:companyId': 'companies.edit',
  '/back-office/leads': 'leads.manage',
  '/back-office/core-categories': 'core-categories.manage',
  '/become-client': null,
  '/become-merchant': null,
  // issue 18 §5: content editing (ADR 025)
  '/back-office/content': 'content.review',
  '/orders/recurring-rules': 'recurring.read',
  '/orders/recurring-rules/new': 'recurring.manage',
  '/orders/recurring-rules/:ruleId': 'recurring.read',
  // Issue 34 §1 (ADR 043): disputes.
  '/back-office/disputes': 'disputes.read',
  '/back-office/disputes/:disputeId': 'disputes.read',
  // Issue 34 §1 (ADR 042): the payout desk.
  '/back-office/terminals': 'settlements.manage',
  '/back-office/settlements': 'settlements.manage',
  '/back-office/payouts': 'settlements.manage',
  // Issue 35 §8 (ADR 049): cardholder care.
  '/back-office/cardholders': 'cardholder-care.read',
  // Issue 37 §3–4: the invoice desk.
  '/back-office/invoices': 'invoice-desk.read',
  '/back-office/invoices/:invoiceId': 'invoice-desk.read',
} as const satisfies Record<PortalRoute, Action | null>;
