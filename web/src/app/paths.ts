/**
 * Every route of SPEC §2, declared once (bulletproof-react's config/paths). `pattern` is the route
 * path relative to the locale root (Greek at `/`, English at `/en`); `href` builds the path without
 * locale; `LanguageLink` adds the `/en` prefix when the page is English.
 */
import type { BulkPurpose } from '@tessera/domain';

type Path<A extends unknown[] = []> = { pattern: string; href: (...args: A) => string };

const fixed = (pattern: string): Path => ({ pattern, href: () => `/${pattern}` });

const withExpired = (pattern: string): Path<[options?: { expired?: boolean }]> => ({
  pattern,
  href: (options) => `/${pattern}${options?.expired ? '?expired=true' : ''}`,
});

export const paths = {
  home: { pattern: '', href: () => '/' } satisfies Path,

  accountAdminInformation: fixed('account/admin-information'),
  accountAbout: fixed('account/about'),
  accountCardPrinting: fixed('account/card-printing'),
  accountDeliveryPoints: fixed('account/delivery-points'),
  accountChangePassword: fixed('account/change-password'),
  /** Issue 21 (ADR 033): the user's signed-in browsers and devices. */
  accountSessions: fixed('account/sessions'),
  /** Issue 21 (ADR 031): two-factor sign-in and remembered devices. */
  accountSecurity: fixed('account/security'),
  /** Beyond SPEC §2 (ADR 007): the company's managers, the provider's agents, spend rules. */
  accountOrderManagers: fixed('account/order-managers'),
  accountAgents: fixed('account/agents'),
  accountSpendRules: fixed('account/spend-rules'),

  videoTutorials: fixed('video-tutorials'),
  allCompanies: fixed('all-companies'),
  companySelect: fixed('company-select'),
  deliveryPoints: fixed('delivery-points'),
  draftOrders: fixed('draft-orders'),

  cardIssueInfo: fixed('card-issue/info'),
  cardIssueInfoDraft: {
    pattern: 'card-issue/info/:draftId',
    href: (draftId: string) => `/card-issue/info/${encodeURIComponent(draftId)}`,
  } satisfies Path<[string]>,
  spendeoIssue: withExpired('cards/spendeo/issue'),
  myBenefitsIssue: withExpired('cards/mybenefits/issue'),

  orderHistory: fixed('orders/order-history'),
  orderDetails: {
    pattern: 'order-details-page',
    href: (orderId?: string) =>
      orderId ? `/order-details-page?orderId=${encodeURIComponent(orderId)}` : '/order-details-page',
  } satisfies Path<[orderId?: string]>,
  ordersOverview: fixed('orders-overview'),
  /**
   * Issue 19 (ADR 028): the company's recurring load rules, a new one, and one rule (its editor with
   * `?mode=edit`). The new rule's page comes before the rule's, so `/new` is never read as an id.
   */
  recurringRules: fixed('orders/recurring-rules'),
  recurringRuleNew: fixed('orders/recurring-rules/new'),
  recurringRule: {
    pattern: 'orders/recurring-rules/:ruleId',
    href: (ruleId: string, options?: { isEditing?: boolean }) =>
      `/orders/recurring-rules/${encodeURIComponent(ruleId)}${options?.isEditing ? '?mode=edit' : ''}`,
  } satisfies Path<[string, options?: { isEditing?: boolean }]>,
  /**
   * Beyond SPEC §2 (ADR 010): where the bank sends the browser back after a card payment, and the
   * pages that say how it went (`?paymentId=…`).
   */
  paymentResult: fixed('orders/payment/result'),
  paymentSuccess: {
    pattern: 'orders/payment/success',
    href: (paymentId: string) => `/orders/payment/success?paymentId=${encodeURIComponent(paymentId)}`,
  } satisfies Path<[string]>,
  paymentFailure: {
    pattern: 'orders/payment/failure',
    href: (paymentId: string) => `/orders/payment/failure?paymentId=${encodeURIComponent(paymentId)}`,
  } satisfies Path<[string]>,
  cardList: fixed('card-list'),
  /** Issue 22 §4 (ADR 036): expiring cards and leavers' cards, with bulk actions. */
  leaversExpiry: fixed('cards/leavers-expiry'),
  cardLoad: fixed('card-load'),
  /**
   * Beyond SPEC §2 (ADR 011): bulk loads and orders by Excel or CSV. The import travels in the
   * address (`?importId=…`) so a reload or a later visit finds it; `?purpose=` preselects the
   * file's purpose on the way in.
   */
  bulkUpload: {
    pattern: 'card-load/upload',
    href: (options?: { importId?: string; purpose?: BulkPurpose }) => {
      const search = new URLSearchParams();
      if (options?.importId) search.set('importId', options.importId);
      if (options?.purpose) search.set('purpose', options.purpose);
      const query = search.toString();
      return query ? `/card-load/upload?${query}` : '/card-load/upload';
    },
  } satisfies Path<[options?: { importId?: string; purpose?: BulkPurpose }]>,

  notifications: fixed('notifications'),
  faqs: fixed('faqs'),
  contact: fixed('contact'),
  paymentManager: fixed('paymentManager'),
  finance: fixed('finance'),
  logout: fixed('logout'),

  login: fixed('user/login'),
  reset: fixed('user/reset'),
  forgot: fixed('user/forgot'),

  merchant: fixed('merchant'),
  merchantStores: fixed('merchant/stores-list'),
  merchantBalanceSheet: fixed('merchant/balance-sheet'),
  merchantRedeemerProfile: fixed('merchant/redeemer-profile'),
  merchantFaqs: fixed('merchant/faqs'),
  merchantPaymentPage: fixed('merchant/payment-page'),
  merchantNotifications: fixed('merchant/notifications'),
  merchantPaymentSuccess: fixed('merchant/payment/success'),
  merchantPaymentFailure: fixed('merchant/payment/failure'),

  /** The provider's back office (issue 18, ADR 027): the hub of staff tools and the audit log. */
  backOffice: fixed('back-office'),
  backOfficeAudit: fixed('back-office/audit'),
  /** The company's own audit log, for its order manager (issue 18). */
  accountAudit: fixed('account/audit'),

  /** Generic CMS pages: terms, privacy, cookies, merchant-contact-hours… */
  page: { pattern: 'page/:slug', href: (slug: string) => `/page/${encodeURIComponent(slug)}` } satisfies Path<
    [string]
  >,
  /** Served by `page/:slug`; listed among the merchant routes of SPEC §2. */
  merchantContactHours: { href: () => '/page/merchant-contact-hours' },

  // issue 18 §2: user administration (ADR 023)
  /** The company's users managed by its order manager (the specification's user-permission page). */
  accountUsers: fixed('account/users'),
  /** The company's API clients (issue 22 §1, ADR 034). */
  accountApiClients: fixed('account/api-clients'),
  accountApiDocs: fixed('account/api-docs'),
  /** The company's webhook endpoints (issue 22 §3, ADR 035). */
  accountWebhooks: fixed('account/webhooks'),
  /** Every user of every company and merchant (provider staff). */
  backOfficeUsers: fixed('back-office/users'),
  // Issue 18 §7–8 (ADR 026): the production queue and the client errors of the back office.
  backOfficeFulfilment: fixed('back-office/fulfilment'),
  backOfficeClientErrors: fixed('back-office/client-errors'),
  // Issue 18 §3, §6 (ADR 024): companies and leads in the back office; the public lead forms.
  backOfficeNewCompany: {
    pattern: 'back-office/companies/new',
    href: (leadId?: string) =>
      leadId
        ? `/back-office/companies/new?leadId=${encodeURIComponent(leadId)}`
        : '/back-office/companies/new',
  } satisfies Path<[leadId?: string]>,
  backOfficeCompany: {
    pattern: 'back-office/companies/:companyId',
    href: (companyId: string) => `/back-office/companies/${encodeURIComponent(companyId)}`,
  } satisfies Path<[string]>,
  backOfficeLeads: fixed('back-office/leads'),
  backOfficeCoreCategories: fixed('back-office/core-categories'),
  // Issue 34 §1 (ADR 043): the disputes queue and one dispute.
  backOfficeDisputes: fixed('back-office/disputes'),
  backOfficeDispute: {
    pattern: 'back-office/disputes/:disputeId',
    href: (disputeId: string) => `/back-office/disputes/${encodeURIComponent(disputeId)}`,
  } satisfies Path<[string]>,
  // Issue 34 §1 (ADR 042): the payout desk.
  backOfficeTerminals: fixed('back-office/terminals'),
  backOfficeSettlements: fixed('back-office/settlements'),
  backOfficePayouts: fixed('back-office/payouts'),
  // Issue 35 §8 (ADR 049): customer care's cardholder look-up.
  backOfficeCardholders: fixed('back-office/cardholders'),
  // Issue 37 §3–4: the invoice desk and one document.
  backOfficeInvoices: {
    pattern: 'back-office/invoices',
    href: (q?: string) => (q ? `/back-office/invoices?q=${encodeURIComponent(q)}` : '/back-office/invoices'),
  } satisfies Path<[q?: string]>,
  backOfficeInvoice: {
    pattern: 'back-office/invoices/:invoiceId',
    href: (invoiceId: string) => `/back-office/invoices/${encodeURIComponent(invoiceId)}`,
  } satisfies Path<[string]>,
  becomeClient: fixed('become-client'),
  becomeMerchant: fixed('become-merchant'),
  // issue 18 §5: content editing (ADR 025)
  contentEditor: fixed('back-office/content'),
} as const;

/**
 * Merchant pages get the merchant menu, footer, logo link and contact link (SPEC §6).
 * `path` is without locale prefix.
 */
export function isMerchantPath(path: string): boolean {
  return path === '/merchant' || path.startsWith('/merchant/') || path.startsWith('/page/merchant-');
}
