import type { Locale } from '@tessera/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { pageQueryOptions } from '../features/content/api/get-page';
import { loadedAreas, loadMessages } from '../i18n/load-messages';
import type { MessageArea } from '../i18n/messages';
import { sessionQueryOptions } from '../lib/session';
import { AppRoot } from './app-root';
import { paths } from './paths';
import { preloadSlot } from './providers';
import { ROUTE_ACCESS, type RouteAccess, type RouteKey } from './route-access';
import { HydrateFallback, RootErrorBoundary, RouteErrorBoundary } from './route-error-boundary';

/**
 * The route table (SPEC §2). Every page is lazy so the first load carries only the shell; each page
 * route has its own error boundary. The same pages live at `/` (Greek) and under `/en` (English);
 * there is no automatic language detection. Who may open each page is declared in `route-access.ts`
 * and travels in the route's `handle`; the shell's access gate applies it.
 *
 * Texts (issue 17): each language's route loads the shell's texts of that language, and each page
 * route the areas its page shows (`areas` below) together with its code, so a page renders with
 * its texts and the first load carries one language of the shell only.
 */

type Lazy = () => Promise<{ Component: ComponentType }>;

const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType, preload?: () => Promise<unknown>): Lazy =>
  async () => {
    const [module] = await Promise.all([load(), preload?.()]);
    return { Component: pick(module) };
  };

const content = {
  home: page(
    () => import('../features/content/pages/home-page'),
    (m) => m.HomePage,
  ),
  faqs: page(
    () => import('../features/content/pages/faqs-page'),
    (m) => m.FaqsPage,
  ),
  merchantFaqs: page(
    () => import('../features/content/pages/faqs-page'),
    (m) => m.MerchantFaqsPage,
  ),
  contact: page(
    () => import('../features/content/pages/contact-page'),
    (m) => m.ContactPage,
  ),
  videoTutorials: page(
    () => import('../features/content/pages/video-tutorials-page'),
    (m) => m.VideoTutorialsPage,
  ),
  cmsPage: page(
    () => import('../features/content/pages/cms-page'),
    (m) => m.CmsPage,
  ),
  notFound: page(
    () => import('../features/content/pages/not-found-page'),
    (m) => m.NotFoundPage,
  ),
  notifications: page(
    () => import('../features/notifications/pages/notifications-page'),
    (m) => m.NotificationsPage,
  ),
};

const identity = {
  login: page(
    () => import('../features/identity/pages/login-page'),
    (m) => m.LoginPage,
  ),
  forgot: page(
    () => import('../features/identity/pages/forgot-page'),
    (m) => m.ForgotPage,
  ),
  reset: page(
    () => import('../features/identity/pages/reset-page'),
    (m) => m.ResetPage,
  ),
  logout: page(
    () => import('../features/identity/pages/logout-page'),
    (m) => m.LogoutPage,
  ),
  changePassword: page(
    () => import('../features/identity/pages/change-password-page'),
    (m) => m.ChangePasswordPage,
  ),
  sessions: page(
    () => import('../features/identity/pages/sessions-page'),
    (m) => m.SessionsPage,
  ),
  security: page(
    () => import('../features/identity/pages/security-page'),
    (m) => m.SecurityPage,
  ),
  adminInformation: page(
    () => import('../features/identity/pages/admin-information-page'),
    (m) => m.AdminInformationPage,
  ),
};

const companies = {
  about: page(
    () => import('../features/companies/pages/about-page'),
    (m) => m.AboutPage,
    preloadSlot.companyContracts,
  ),
  companySelect: page(
    () => import('../features/companies/pages/company-select-page'),
    (m) => m.CompanySelectPage,
  ),
  allCompanies: page(
    () => import('../features/companies/pages/all-companies-page'),
    (m) => m.AllCompaniesPage,
  ),
};

const cards = {
  cardList: page(
    () => import('../features/cards/pages/card-list-page'),
    (m) => m.CardListPage,
  ),
  // Issue 22 §4 (ADR 036).
  leaversExpiry: page(
    () => import('../features/cards/pages/leavers-expiry-page'),
    (m) => m.LeaversExpiryPage,
  ),
};

const drafts = {
  draftOrders: page(
    () => import('../features/drafts/pages/draft-orders-page'),
    (m) => m.DraftOrdersPage,
  ),
};

const cardIssue = {
  info: page(
    () => import('../features/card-issue/pages/card-issue-page'),
    (m) => m.CardIssuePage,
  ),
  spendeo: page(
    () => import('../features/card-issue/pages/product-issue-page'),
    (m) => m.SpendeoIssuePage,
  ),
  myBenefits: page(
    () => import('../features/card-issue/pages/product-issue-page'),
    (m) => m.MyBenefitsIssuePage,
  ),
  cardLoad: page(
    () => import('../features/card-issue/pages/card-load-page'),
    (m) => m.CardLoadPage,
  ),
};

const bulk = {
  upload: page(
    () => import('../features/bulk/pages/bulk-upload-page'),
    (m) => m.BulkUploadPage,
  ),
};

const orders = {
  history: page(
    () => import('../features/orders/pages/order-history-page'),
    (m) => m.OrderHistoryPage,
  ),
  details: page(
    () => import('../features/orders/pages/order-details-page'),
    (m) => m.OrderDetailsPage,
    preloadSlot.invoices,
  ),
  overview: page(
    () => import('../features/orders/pages/orders-overview-page'),
    (m) => m.OrdersOverviewPage,
  ),
  paymentManager: page(
    () => import('../features/orders/pages/payment-manager-page'),
    (m) => m.PaymentManagerPage,
  ),
  finance: page(
    () => import('../features/orders/pages/finance-page'),
    (m) => m.FinancePage,
    preloadSlot.invoices,
  ),
};

// Issue 19 (ADR 028): recurring load rules.
const recurring = {
  list: page(
    () => import('../features/recurring/pages/recurring-rules-page'),
    (m) => m.RecurringRulesPage,
  ),
  create: page(
    () => import('../features/recurring/pages/new-recurring-rule-page'),
    (m) => m.NewRecurringRulePage,
  ),
  rule: page(
    () => import('../features/recurring/pages/recurring-rule-page'),
    (m) => m.RecurringRulePage,
  ),
};

const payments = {
  result: page(
    () => import('../features/payments/pages/payment-result-page'),
    (m) => m.PaymentResultPage,
  ),
  success: page(
    () => import('../features/payments/pages/payment-success-page'),
    (m) => m.PaymentSuccessPage,
  ),
  failure: page(
    () => import('../features/payments/pages/payment-failure-page'),
    (m) => m.PaymentFailurePage,
    preloadSlot.payOrder,
  ),
};

const accountLayout = page(
  () => import('./account-layout'),
  (m) => m.AccountLayout,
);

const deliveryPoints = {
  list: page(
    () => import('../features/delivery-points/pages/delivery-points-page'),
    (m) => m.DeliveryPointsPage,
  ),
  create: page(
    () => import('../features/delivery-points/pages/new-delivery-point-page'),
    (m) => m.NewDeliveryPointPage,
  ),
};

const cardPrinting = {
  settings: page(
    () => import('../features/card-printing/pages/card-printing-page'),
    (m) => m.CardPrintingPage,
  ),
};

const spendRules = {
  rules: page(
    () => import('../features/spend-rules/pages/spend-rules-page'),
    (m) => m.SpendRulesPage,
  ),
};

const backOffice = {
  hub: page(
    () => import('../features/back-office/pages/back-office-page'),
    (m) => m.BackOfficePage,
  ),
  audit: page(
    () => import('../features/back-office/pages/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  companyAudit: page(
    () => import('../features/back-office/pages/company-audit-page'),
    (m) => m.CompanyAuditPage,
  ),
};

// Issue 34 §1 (ADR 043): the disputes queue and one dispute.
const disputePages = {
  queue: page(
    () => import('../features/disputes/pages/dispute-queue-page'),
    (m) => m.DisputeQueuePage,
  ),
  detail: page(
    () => import('../features/disputes/pages/dispute-detail-page'),
    (m) => m.DisputeDetailPage,
  ),
};

const people = {
  orderManagers: page(
    () => import('../features/people/pages/order-managers-page'),
    (m) => m.OrderManagersPage,
  ),
  agents: page(
    () => import('../features/people/pages/agents-page'),
    (m) => m.AgentsPage,
  ),
};

const merchants = {
  home: page(
    () => import('./merchant-home-page'),
    (m) => m.MerchantPortalHomePage,
  ),
  balanceSheet: page(
    () => import('../features/merchants/balance-sheet/balance-sheet-page'),
    (m) => m.BalanceSheetPage,
    preloadSlot.invoices,
  ),
  notifications: page(
    () => import('../features/merchants/notifications/merchant-notifications-page'),
    (m) => m.MerchantNotificationsPage,
  ),
  stores: page(
    () => import('../features/merchants/stores/stores-page'),
    (m) => m.MerchantStoresPage,
  ),
  redeemerProfile: page(
    () => import('../features/merchants/profile/redeemer-profile-page'),
    (m) => m.MerchantRedeemerProfilePage,
  ),
  paymentPage: page(
    () => import('../features/merchants/payments/payment-page'),
    (m) => m.MerchantPaymentPage,
  ),
  paymentSuccess: page(
    () => import('../features/merchants/payments/payment-result-pages'),
    (m) => m.MerchantPaymentSuccessPage,
  ),
  paymentFailure: page(
    () => import('../features/merchants/payments/payment-result-pages'),
    (m) => m.MerchantPaymentFailurePage,
  ),
};

// ---------------------------------------------------------------- issue 18 §2: user administration (ADR 023)
const userAdmin = {
  backOfficeUsers: page(
    () => import('../features/user-admin/pages/back-office-users-page'),
    (m) => m.BackOfficeUsersPage,
  ),
  companyUsers: page(
    () => import('../features/people/pages/company-users-page'),
    (m) => m.CompanyUsersPage,
  ),
};

// Issue 22 §1 (ADR 034): the company's API clients.
const apiClients = {
  list: page(
    () => import('../features/api-clients/pages/api-clients-page'),
    (m) => m.ApiClientsPage,
  ),
  // Issue 22 §2 (ADR 037): the public API's document.
  docs: page(
    () => import('../features/api-clients/pages/api-docs-page'),
    (m) => m.ApiDocsPage,
  ),
};

// Issue 22 §3 (ADR 035): the company's webhooks.
const webhooks = {
  list: page(
    () => import('../features/webhooks/pages/webhooks-page'),
    (m) => m.WebhooksPage,
  ),
};

// Issue 18 §7–8 (ADR 026).
const fulfilmentPages = {
  fulfilment: page(
    () => import('../features/fulfilment/pages/fulfilment-page'),
    (m) => m.FulfilmentPage,
  ),
  clientErrors: page(
    () => import('../features/client-errors/pages/client-errors-page'),
    (m) => m.ClientErrorsPage,
  ),
};

// issue 18 §5: content editing (ADR 025)
const contentEditor = {
  editor: page(
    () => import('../features/content-editor/pages/content-editor-page'),
    (m) => m.ContentEditorPage,
  ),
};

// Issue 35 §8 (ADR 049): customer care's cardholder look-up.
const cardholderCare = {
  page: page(
    () => import('../features/cardholder-care/pages/cardholder-care-page'),
    (m) => m.CardholderCarePage,
  ),
};

// Issue 37 §3–4: the invoice desk and one document.
const invoiceDesk = {
  queue: page(
    () => import('../features/invoicing-desk/pages/invoice-desk-page'),
    (m) => m.InvoiceDeskPage,
  ),
  invoice: page(
    () => import('../features/invoicing-desk/pages/desk-invoice-page'),
    (m) => m.DeskInvoicePage,
  ),
};

// Issue 34 §1 (ADR 042): the payout desk.
const payoutDesk = {
  terminals: page(
    () => import('../features/settlements/pages/terminals-page'),
    (m) => m.TerminalsPage,
  ),
  settlements: page(
    () => import('../features/settlements/pages/settlements-page'),
    (m) => m.SettlementsPage,
  ),
  payouts: page(
    () => import('../features/settlements/pages/payouts-page'),
    (m) => m.PayoutsPage,
  ),
};

export type RouteTableEntry = {
  pattern: string;
  /** Every SPEC §2 route is built (issue 16 replaced the last "coming soon" pages). */
  status: 'built';
  page: string;
  access: RouteAccess;
};

/** What a page route's `handle` carries: who may open it. */
export type PageHandle = { access: RouteAccess };

type PageRoute = {
  key: RouteKey;
  pattern: string;
  lazy: Lazy;
  page: string;
  handle: PageHandle;
  /** The message areas the page shows besides the shell's (`i18n/areas/`). */
  areas: readonly MessageArea[];
};

const patternOf = (key: RouteKey) => (key === 'notFound' ? '*' : paths[key].pattern);

const built = (
  key: RouteKey,
  lazy: Lazy,
  pageName: string,
  areas: readonly MessageArea[] = [],
): PageRoute => ({
  key,
  pattern: patternOf(key),
  lazy,
  page: pageName,
  handle: { access: ROUTE_ACCESS[key] },
  areas,
});

/**
 * The areas of the pages that show orders (tables, statuses, payment: `lib/labels.ts` and the
 * payments feature's panel through its slot) and of the card-issue flow.
 */
const ORDERS: readonly MessageArea[] = ['account', 'cards', 'orders'];
const CARD_ISSUE: readonly MessageArea[] = ['account', 'bulk', 'cardIssue', 'cards', 'orders'];
/**
 * The identity pages besides the sign-in form: their own texts and the form's (fields, password).
 * The sign-in form has only its own (`signIn`), its second step loads the rest (issue 36 §4).
 */
const IDENTITY: readonly MessageArea[] = ['identity', 'signIn'];
/** Recurring loads: their own texts, with the cards' states and the orders' statuses and methods. */
const RECURRING: readonly MessageArea[] = ['cards', 'orders', 'recurring'];

// Issue 18 §3, §6 (ADR 024): companies, leads and core categories in the back office; the lead forms.
const companyAdmin = {
  newCompany: page(
    () => import('../features/companies/pages/new-company-page'),
    (m) => m.NewCompanyPage,
  ),
  company: page(
    () => import('../features/companies/pages/company-admin-page'),
    (m) => m.CompanyAdminPage,
    preloadSlot.companyContracts,
  ),
  leads: page(
    () => import('../features/leads/pages/leads-page'),
    (m) => m.LeadsPage,
  ),
  coreCategories: page(
    () => import('../features/spend-rules/pages/core-categories-page'),
    (m) => m.CoreCategoriesPage,
  ),
  becomeClient: page(
    () => import('../features/leads/pages/become-client-page'),
    (m) => m.BecomeClientPage,
  ),
  becomeMerchant: page(
    () => import('../features/leads/pages/become-client-page'),
    (m) => m.BecomeMerchantPage,
  ),
};

const PAGES: PageRoute[] = [
  // The quick actions' texts (`cards`, `drafts`) load with them, for company users only (ADR 052).
  built('home', content.home, 'HomePage'),
  built('accountAdminInformation', identity.adminInformation, 'AdminInformationPage', IDENTITY),
  built('accountAbout', companies.about, 'AboutPage', ['companies']),
  built('accountCardPrinting', cardPrinting.settings, 'CardPrintingPage', ['account']),
  built('accountDeliveryPoints', deliveryPoints.list, 'DeliveryPointsPage', ['account', 'cards', 'orders']),
  built('accountChangePassword', identity.changePassword, 'ChangePasswordPage', IDENTITY),
  built('accountSessions', identity.sessions, 'SessionsPage', IDENTITY),
  built('accountSecurity', identity.security, 'SecurityPage', IDENTITY),
  built('accountOrderManagers', people.orderManagers, 'OrderManagersPage', ['account']),
  built('accountAgents', people.agents, 'AgentsPage', ['account']),
  built('accountSpendRules', spendRules.rules, 'SpendRulesPage', ['account']),
  built('videoTutorials', content.videoTutorials, 'VideoTutorialsPage', ['content']),
  built('allCompanies', companies.allCompanies, 'AllCompaniesPage', [
    'backOffice',
    'bankStatement',
    'companies',
  ]),
  built('companySelect', companies.companySelect, 'CompanySelectPage', ['companies']),
  built('deliveryPoints', deliveryPoints.create, 'NewDeliveryPointPage', ['account', 'cards', 'orders']),
  built('draftOrders', drafts.draftOrders, 'DraftOrdersPage', ['account', 'cards', 'drafts', 'orders']),
  built('cardIssueInfo', cardIssue.info, 'CardIssuePage', CARD_ISSUE),
  built('cardIssueInfoDraft', cardIssue.info, 'CardIssuePage', CARD_ISSUE),
  built('spendeoIssue', cardIssue.spendeo, 'SpendeoIssuePage', ['cardIssue']),
  built('myBenefitsIssue', cardIssue.myBenefits, 'MyBenefitsIssuePage', ['cardIssue']),
  built('orderHistory', orders.history, 'OrderHistoryPage', ORDERS),
  built('orderDetails', orders.details, 'OrderDetailsPage', [...ORDERS, 'invoices']),
  built('ordersOverview', orders.overview, 'OrdersOverviewPage', ORDERS),
  // Issue 19 (ADR 028): recurring load rules.
  built('recurringRules', recurring.list, 'RecurringRulesPage', RECURRING),
  built('recurringRuleNew', recurring.create, 'NewRecurringRulePage', RECURRING),
  built('recurringRule', recurring.rule, 'RecurringRulePage', RECURRING),
  built('paymentResult', payments.result, 'PaymentResultPage', ['orders']),
  built('paymentSuccess', payments.success, 'PaymentSuccessPage', ORDERS),
  built('paymentFailure', payments.failure, 'PaymentFailurePage', ORDERS),
  built('cardList', cards.cardList, 'CardListPage', [
    'account',
    'bulk',
    'cardholderCare',
    'cards',
    'disputes',
    'orders',
  ]),
  built('leaversExpiry', cards.leaversExpiry, 'LeaversExpiryPage', ['cards']),
  built('cardLoad', cardIssue.cardLoad, 'CardLoadPage', ['account', 'cardIssue', 'cards', 'orders']),
  built('bulkUpload', bulk.upload, 'BulkUploadPage', ['bulk']),
  built('notifications', content.notifications, 'NotificationsPage'),
  built('faqs', content.faqs, 'FaqsPage', ['content']),
  built('contact', content.contact, 'ContactPage', ['content']),
  built('paymentManager', orders.paymentManager, 'PaymentManagerPage', ORDERS),
  built('finance', orders.finance, 'FinancePage', [...ORDERS, 'invoices']),
  built('logout', identity.logout, 'LogoutPage', IDENTITY),
  built('login', identity.login, 'LoginPage', ['signIn']),
  built('reset', identity.reset, 'ResetPage', IDENTITY),
  built('forgot', identity.forgot, 'ForgotPage', IDENTITY),
  // The dashboard and the virtual terminal speak only these (issue 36 §4, ADR 052).
  built('merchant', merchants.home, 'MerchantPortalHomePage', ['merchantDashboard', 'merchants']),
  built('merchantStores', merchants.stores, 'MerchantStoresPage', [
    'account',
    'cards',
    'merchantAdmin',
    'merchants',
    'orders',
  ]),
  built('merchantBalanceSheet', merchants.balanceSheet, 'BalanceSheetPage', [
    'account',
    'cards',
    'disputes',
    'invoices',
    'merchantBalanceSheet',
    'merchantCharts',
    'merchantDashboard',
    'merchants',
    'orders',
  ]),
  built('merchantRedeemerProfile', merchants.redeemerProfile, 'MerchantRedeemerProfilePage', [
    'account',
    'cards',
    'merchantAdmin',
    'merchants',
    'orders',
  ]),
  built('merchantFaqs', content.merchantFaqs, 'MerchantFaqsPage', ['content']),
  built('merchantPaymentPage', merchants.paymentPage, 'MerchantPaymentPage', ['merchantAdmin', 'merchants']),
  built('merchantNotifications', merchants.notifications, 'MerchantNotificationsPage', [
    'merchantDashboard',
    'merchantNotifications',
    'merchants',
  ]),
  built('merchantPaymentSuccess', merchants.paymentSuccess, 'MerchantPaymentSuccessPage', [
    'merchantAdmin',
    'merchants',
  ]),
  built('merchantPaymentFailure', merchants.paymentFailure, 'MerchantPaymentFailurePage', [
    'merchantAdmin',
    'merchants',
  ]),
  built('page', content.cmsPage, 'CmsPage'),
  // The provider's back office and the audit log (issue 18, ADR 027).
  built('backOffice', backOffice.hub, 'BackOfficePage', ['backOffice']),
  built('backOfficeAudit', backOffice.audit, 'AuditLogPage', ['backOffice']),
  built('accountAudit', backOffice.companyAudit, 'CompanyAuditPage', ['account', 'backOffice']),
  // Issue 18 §7–8 (ADR 026).
  built('backOfficeFulfilment', fulfilmentPages.fulfilment, 'FulfilmentPage', ['orders', 'fulfilment']),
  built('backOfficeClientErrors', fulfilmentPages.clientErrors, 'ClientErrorsPage', ['clientErrors']),
  // issue 18 §5: content editing (ADR 025)
  built('contentEditor', contentEditor.editor, 'ContentEditorPage', ['contentEditor']),
  built('notFound', content.notFound, 'NotFoundPage'),
  // issue 18 §2: user administration (ADR 023)
  built('accountUsers', userAdmin.companyUsers, 'CompanyUsersPage', ['account', 'userAdmin']),
  built('backOfficeUsers', userAdmin.backOfficeUsers, 'BackOfficeUsersPage', ['userAdmin']),
  built('accountApiClients', apiClients.list, 'ApiClientsPage', ['account']),
  built('accountApiDocs', apiClients.docs, 'ApiDocsPage', ['account']),
  built('accountWebhooks', webhooks.list, 'WebhooksPage', ['account']),
  // Issue 18 §3, §6 (ADR 024).
  built('backOfficeNewCompany', companyAdmin.newCompany, 'NewCompanyPage', ['backOffice']),
  built('backOfficeCompany', companyAdmin.company, 'CompanyAdminPage', ['account', 'backOffice']),
  built('backOfficeLeads', companyAdmin.leads, 'LeadsPage', ['leads']),
  built('backOfficeCoreCategories', companyAdmin.coreCategories, 'CoreCategoriesPage', ['backOffice']),
  // Issue 34 §1 (ADR 043).
  built('backOfficeDisputes', disputePages.queue, 'DisputeQueuePage', ['disputes']),
  built('backOfficeDispute', disputePages.detail, 'DisputeDetailPage', ['disputes']),
  // Issue 34 §1 (ADR 042): the payout desk.
  built('backOfficeTerminals', payoutDesk.terminals, 'TerminalsPage', ['payoutDesk']),
  built('backOfficeSettlements', payoutDesk.settlements, 'SettlementsPage', ['payoutDesk']),
  built('backOfficePayouts', payoutDesk.payouts, 'PayoutsPage', ['payoutDesk']),
  // Issue 35 §8 (ADR 049).
  built('backOfficeCardholders', cardholderCare.page, 'CardholderCarePage', ['cardholderCare', 'cards']),
  // Issue 37 §3–4.
  built('backOfficeInvoices', invoiceDesk.queue, 'InvoiceDeskPage', ['invoicingDesk']),
  built('backOfficeInvoice', invoiceDesk.invoice, 'DeskInvoicePage', ['invoicingDesk']),
  built('becomeClient', companyAdmin.becomeClient, 'BecomeClientPage', ['leads']),
  built('becomeMerchant', companyAdmin.becomeMerchant, 'BecomeMerchantPage', ['leads']),
];

/** The table of routes (for documentation and tests). */
export const ROUTE_TABLE: readonly RouteTableEntry[] = PAGES.map((route) => ({
  pattern: route.pattern,
  status: 'built',
  page: route.page,
  access: route.handle.access,
}));

/** The account pages (`paths` keys starting with `account`) share the account layout and its menu. */
const isAccountPage = (route: PageRoute) => route.key.startsWith('account');

/** What a page shows first and asks the server for: fetched beside its code, before it shows. */
type RouteData = (client: QueryClient, locale: Locale) => Promise<unknown>;

/** A content page of the CMS, and the session its tiles depend on. */
const contentPage =
  (slug: string): RouteData =>
  (client, locale) =>
    Promise.all([
      client.prefetchQuery(pageQueryOptions(slug, locale)),
      client.prefetchQuery(sessionQueryOptions),
    ]);

/**
 * Issue 36 §7 (ADR 054): the first pages' content comes with their code and texts, in parallel,
 * and the page shows once all are there: its main text is in its first frame (no request waits for
 * the page's code, one round trip less before the largest paint) and nothing arrives after it to
 * push it around (the sign-in form moved when the CMS's texts replaced the built-in ones). A failed
 * request is the page's to show, as before (`prefetchQuery` never throws). Only the router the app
 * makes (`createAppRouter`) has a query client to fill; the tests' routes fetch from the page.
 */
const ROUTE_DATA: Partial<Record<RouteKey, RouteData>> = {
  home: contentPage('home'),
  merchant: contentPage('merchant-home'),
  // The sign-in form's CMS texts (labels, summary, help); the form itself needs no session.
  login: (client, locale) => client.prefetchQuery(pageQueryOptions('login', locale)),
};

/** A route's code together with its texts in `locale` (and its first data, `ROUTE_DATA`). */
const withTexts =
  (locale: Locale, areas: readonly MessageArea[], lazy: Lazy, data?: () => Promise<unknown>): Lazy =>
  async () => {
    const [module] = await Promise.all([lazy(), loadMessages(locale, areas), data?.()]);
    return module;
  };

/**
 * The shell's texts in `locale`, and the areas already loaded in the other language: switching
 * language then shows every text on the screen (the header's bell too) in the new one at once.
 */
const shellTexts = (locale: Locale) => async () => {
  await loadMessages(locale, ['shell', ...loadedAreas(locale === 'el' ? 'en' : 'el')]);
  return null;
};

function localeRoutes(locale: Locale, client?: QueryClient): RouteObject[] {
  const toRoute = (route: PageRoute): RouteObject => {
    const data = client && ROUTE_DATA[route.key];
    const common = {
      lazy: withTexts(locale, route.areas, route.lazy, data && (() => data(client, locale))),
      handle: route.handle,
      ErrorBoundary: RouteErrorBoundary,
    };
    return route.pattern === '' ? { index: true, ...common } : { path: route.pattern, ...common };
  };
  return [
    {
      lazy: withTexts(locale, ['account'], accountLayout),
      ErrorBoundary: RouteErrorBoundary,
      children: PAGES.filter(isAccountPage).map(toRoute),
    },
    ...PAGES.filter((route) => !isAccountPage(route)).map(toRoute),
  ];
}

/** A language's routes: its shell texts are loaded when the language is entered, not again after. */
const localeRoute = (path: string, locale: Locale, client?: QueryClient): RouteObject => ({
  path,
  loader: shellTexts(locale),
  shouldRevalidate: () => false,
  children: localeRoutes(locale, client),
});

/** The route table; with the app's query client, the first pages' data loads with their code. */
export function routesFor(client?: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: AppRoot,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback,
      children: [localeRoute('/', 'el', client), localeRoute('/en', 'en', client)],
    },
  ];
}

export const routes: RouteObject[] = routesFor();

export function createAppRouter(client?: QueryClient) {
  return createBrowserRouter(routesFor(client));
}
