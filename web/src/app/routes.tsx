import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { MessageId } from '../i18n/messages';
import { AppRoot } from './app-root';
import type { ComingSoonHandle } from './coming-soon-page';
import { paths } from './paths';
import { HydrateFallback, RootErrorBoundary, RouteErrorBoundary } from './route-error-boundary';

/**
 * The route table (SPEC §2). Every page is lazy so the first load carries only the shell; each page
 * route has its own error boundary. The same pages live at `/` (Greek) and under `/en` (English);
 * there is no automatic language detection.
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

const comingSoonPage = page(
  () => import('./coming-soon-page'),
  (m) => m.ComingSoonPage,
);

export type RouteTableEntry = { pattern: string; status: 'built' | 'coming-soon'; page: string };

type PageRoute = { pattern: string; lazy: Lazy; page: string; handle?: ComingSoonHandle };

const built = (pattern: string, lazy: Lazy, pageName: string): PageRoute => ({
  pattern,
  lazy,
  page: pageName,
});
const soon = (pattern: string, titleId: MessageId): PageRoute => ({
  pattern,
  lazy: comingSoonPage,
  page: `ComingSoonPage(${titleId})`,
  handle: { titleId },
});

const PAGES: PageRoute[] = [
  built(paths.home.pattern, content.home, 'HomePage'),
  soon(paths.accountAdminInformation.pattern, 'pages.accountAdminInformation'),
  soon(paths.accountAbout.pattern, 'pages.accountAbout'),
  soon(paths.accountCardPrinting.pattern, 'pages.accountCardPrinting'),
  soon(paths.accountDeliveryPoints.pattern, 'pages.accountDeliveryPoints'),
  soon(paths.accountChangePassword.pattern, 'pages.accountChangePassword'),
  built(paths.videoTutorials.pattern, content.videoTutorials, 'VideoTutorialsPage'),
  soon(paths.allCompanies.pattern, 'pages.allCompanies'),
  soon(paths.companySelect.pattern, 'pages.companySelect'),
  soon(paths.deliveryPoints.pattern, 'pages.deliveryPoints'),
  soon(paths.draftOrders.pattern, 'pages.draftOrders'),
  soon(paths.cardIssueInfo.pattern, 'pages.cardIssue'),
  soon(paths.cardIssueInfoDraft.pattern, 'pages.cardIssue'),
  soon(paths.spendeoIssue.pattern, 'pages.spendeoIssue'),
  soon(paths.myBenefitsIssue.pattern, 'pages.myBenefitsIssue'),
  soon(paths.orderHistory.pattern, 'pages.orderHistory'),
  soon(paths.orderDetails.pattern, 'pages.orderDetails'),
  soon(paths.ordersOverview.pattern, 'pages.ordersOverview'),
  soon(paths.cardList.pattern, 'pages.cardList'),
  soon(paths.cardLoad.pattern, 'pages.cardLoad'),
  built(paths.notifications.pattern, content.notifications, 'NotificationsPage'),
  built(paths.faqs.pattern, content.faqs, 'FaqsPage'),
  built(paths.contact.pattern, content.contact, 'ContactPage'),
  soon(paths.paymentManager.pattern, 'pages.paymentManager'),
  soon(paths.finance.pattern, 'pages.finance'),
  soon(paths.logout.pattern, 'pages.logout'),
  soon(paths.login.pattern, 'pages.login'),
  soon(paths.reset.pattern, 'pages.reset'),
  soon(paths.forgot.pattern, 'pages.forgot'),
  soon(paths.merchant.pattern, 'pages.merchant'),
  soon(paths.merchantStores.pattern, 'pages.merchantStores'),
  soon(paths.merchantBalanceSheet.pattern, 'pages.merchantBalanceSheet'),
  soon(paths.merchantRedeemerProfile.pattern, 'pages.merchantRedeemerProfile'),
  built(paths.merchantFaqs.pattern, content.merchantFaqs, 'MerchantFaqsPage'),
  soon(paths.merchantPaymentPage.pattern, 'pages.merchantPaymentPage'),
  soon(paths.merchantNotifications.pattern, 'pages.merchantNotifications'),
  soon(paths.merchantPaymentSuccess.pattern, 'pages.merchantPaymentSuccess'),
  soon(paths.merchantPaymentFailure.pattern, 'pages.merchantPaymentFailure'),
  built(paths.page.pattern, content.cmsPage, 'CmsPage'),
  built('*', content.notFound, 'NotFoundPage'),
];

/** The table of routes (for documentation and tests). */
export const ROUTE_TABLE: readonly RouteTableEntry[] = PAGES.map((route) => ({
  pattern: route.pattern,
  status: route.lazy === comingSoonPage ? 'coming-soon' : 'built',
  page: route.page,
}));

function localeRoutes(): RouteObject[] {
  return PAGES.map((route): RouteObject => {
    const common = { lazy: route.lazy, handle: route.handle, ErrorBoundary: RouteErrorBoundary };
    return route.pattern === '' ? { index: true, ...common } : { path: route.pattern, ...common };
  });
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
