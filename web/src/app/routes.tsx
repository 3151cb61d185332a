import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { paths } from './paths';
import { ROUTE_ACCESS, type RouteAccess, type RouteKey } from './route-access';
import { HydrateFallback, RootErrorBoundary, RouteErrorBoundary } from './route-error-boundary';

/**
 * The route table (SPEC §2). Every page is lazy so the first load carries only the shell; each page
 * route has its own error boundary. The same pages live at `/` (Greek) and under `/en` (English);
 * there is no automatic language detection. Who may open each page is declared in `route-access.ts`
 * and travels in the route's `handle`; the shell's access gate applies it.
 */

type Lazy = () => Promise<{ Component: ComponentType }>;

const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Lazy =>
  async () => ({ Component: pick(await load()) });

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
  adminInformation: page(
    () => import('../features/identity/pages/admin-information-page'),
    (m) => m.AdminInformationPage,
  ),
};

const companies = {
  about: page(
    () => import('../features/companies/pages/about-page'),
    (m) => m.AboutPage,
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

export type RouteTableEntry = {
  pattern: string;
  /** Every SPEC §2 route is built (issue 16 replaced the last "coming soon" pages). */
  status: 'built';
  page: string;
  access: RouteAccess;
};

/** What a page route's `handle` carries: who may open it. */
export type PageHandle = { access: RouteAccess };

type PageRoute = { key: RouteKey; pattern: string; lazy: Lazy; page: string; handle: PageHandle };

const patternOf = (key: RouteKey) => (key === 'notFound' ? '*' : paths[key].pattern);

const built = (key: RouteKey, lazy: Lazy, pageName: string): PageRoute => ({
  key,
  pattern: patternOf(key),
  lazy,
  page: pageName,
  handle: { access: ROUTE_ACCESS[key] },
});

const PAGES: PageRoute[] = [
  built('home', content.home, 'HomePage'),
  built('accountAdminInformation', identity.adminInformation, 'AdminInformationPage'),
  built('accountAbout', companies.about, 'AboutPage'),
  built('accountCardPrinting', cardPrinting.settings, 'CardPrintingPage'),
  built('accountDeliveryPoints', deliveryPoints.list, 'DeliveryPointsPage'),
  built('accountChangePassword', identity.changePassword, 'ChangePasswordPage'),
  built('accountOrderManagers', people.orderManagers, 'OrderManagersPage'),
  built('accountAgents', people.agents, 'AgentsPage'),
  built('accountSpendRules', spendRules.rules, 'SpendRulesPage'),
  built('videoTutorials', content.videoTutorials, 'VideoTutorialsPage'),
  built('allCompanies', companies.allCompanies, 'AllCompaniesPage'),
  built('companySelect', companies.companySelect, 'CompanySelectPage'),
  built('deliveryPoints', deliveryPoints.create, 'NewDeliveryPointPage'),
  built('draftOrders', drafts.draftOrders, 'DraftOrdersPage'),
  built('cardIssueInfo', cardIssue.info, 'CardIssuePage'),
  built('cardIssueInfoDraft', cardIssue.info, 'CardIssuePage'),
  built('spendeoIssue', cardIssue.spendeo, 'SpendeoIssuePage'),
  built('myBenefitsIssue', cardIssue.myBenefits, 'MyBenefitsIssuePage'),
  built('orderHistory', orders.history, 'OrderHistoryPage'),
  built('orderDetails', orders.details, 'OrderDetailsPage'),
  built('ordersOverview', orders.overview, 'OrdersOverviewPage'),
  built('paymentResult', payments.result, 'PaymentResultPage'),
  built('paymentSuccess', payments.success, 'PaymentSuccessPage'),
  built('paymentFailure', payments.failure, 'PaymentFailurePage'),
  built('cardList', cards.cardList, 'CardListPage'),
  built('cardLoad', cardIssue.cardLoad, 'CardLoadPage'),
  built('bulkUpload', bulk.upload, 'BulkUploadPage'),
  built('notifications', content.notifications, 'NotificationsPage'),
  built('faqs', content.faqs, 'FaqsPage'),
  built('contact', content.contact, 'ContactPage'),
  built('paymentManager', orders.paymentManager, 'PaymentManagerPage'),
  built('finance', orders.finance, 'FinancePage'),
  built('logout', identity.logout, 'LogoutPage'),
  built('login', identity.login, 'LoginPage'),
  built('reset', identity.reset, 'ResetPage'),
  built('forgot', identity.forgot, 'ForgotPage'),
  built('merchant', merchants.home, 'MerchantPortalHomePage'),
  built('merchantStores', merchants.stores, 'MerchantStoresPage'),
  built('merchantBalanceSheet', merchants.balanceSheet, 'BalanceSheetPage'),
  built('merchantRedeemerProfile', merchants.redeemerProfile, 'MerchantRedeemerProfilePage'),
  built('merchantFaqs', content.merchantFaqs, 'MerchantFaqsPage'),
  built('merchantPaymentPage', merchants.paymentPage, 'MerchantPaymentPage'),
  built('merchantNotifications', merchants.notifications, 'MerchantNotificationsPage'),
  built('merchantPaymentSuccess', merchants.paymentSuccess, 'MerchantPaymentSuccessPage'),
  built('merchantPaymentFailure', merchants.paymentFailure, 'MerchantPaymentFailurePage'),
  built('page', content.cmsPage, 'CmsPage'),
  built('notFound', content.notFound, 'NotFoundPage'),
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

function localeRoutes(): RouteObject[] {
  const toRoute = (route: PageRoute): RouteObject => {
    const common = { lazy: route.lazy, handle: route.handle, ErrorBoundary: RouteErrorBoundary };
    return route.pattern === '' ? { index: true, ...common } : { path: route.pattern, ...common };
  };
  return [
    {
      lazy: accountLayout,
      ErrorBoundary: RouteErrorBoundary,
      children: PAGES.filter(isAccountPage).map(toRoute),
    },
    ...PAGES.filter((route) => !isAccountPage(route)).map(toRoute),
  ];
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback,
    children: [
      { path: '/', children: localeRoutes() },
      { path: '/en', children: localeRoutes() },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
