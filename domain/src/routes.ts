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
] as const;

/** Every fixed address the portal serves. */
export const PORTAL_ROUTES = [...SPEC_ROUTES, ...EXTRA_ROUTES] as const;
