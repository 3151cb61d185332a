import { ROLE, type MenuItem } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { footer, link, menu } from '../test/fixtures';
import { paths } from './paths';
import {
  accessOfPath,
  canOpenPath,
  decideAccess,
  homeHrefOf,
  ROUTE_ACCESS,
  type RouteKey,
} from './route-access';
import { ROUTE_TABLE } from './routes';
import {
  footerForRole,
  headerLabelOf,
  isMainMenuVisible,
  menuForRole,
  shellVariantOf,
} from './shell/role-menu';

const user = (userRoleId: (typeof ROLE)[keyof typeof ROLE], companies: string[] = []) => ({
  userRoleId,
  relatedCompanies: companies.map((companyId) => ({ companyId })),
});

const admin = user(ROLE.ADMIN);
const om1 = user(ROLE.ORDER_MANAGER, ['C1001']);
const om3 = user(ROLE.ORDER_MANAGER, ['C1001', 'C1002', 'C1003']);
const finance = user(ROLE.FINANCE_USER, ['C1002']);
const payment = user(ROLE.PAYMENT_MANAGER, ['C1002', 'C1004']);
const merchant = user(ROLE.MERCHANT);

describe('route access table', () => {
  it('gives every route of the route table its allowed roles', () => {
    expect(ROUTE_TABLE.every((route) => route.access !== undefined)).toBe(true);
    const keys = Object.keys(paths).filter((key) => key !== 'merchantContactHours');
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual([...keys, 'notFound'].sort());
  });

  it.each<RouteKey>([
    'home',
    'faqs',
    'contact',
    'videoTutorials',
    'notifications',
    'page',
    'login',
    'reset',
    'forgot',
    'logout',
  ])('%s is public', (key) => expect(ROUTE_ACCESS[key]).toEqual({ kind: 'public' }));

  it('sends a signed-out visitor of a protected page to sign in, and waits while the session loads', () => {
    expect(decideAccess(ROUTE_ACCESS.cardList, null, null)).toEqual({ kind: 'signIn' });
    expect(decideAccess(ROUTE_ACCESS.cardList, undefined, null)).toEqual({ kind: 'loading' });
    expect(decideAccess(ROUTE_ACCESS.faqs, null, null)).toEqual({ kind: 'allow' });
  });

  it('opens recurring loads to every company role, and a new rule to the ordering roles (issue 19)', () => {
    for (const reader of [om1, finance, payment, admin]) {
      expect(decideAccess(accessOfPath('/orders/recurring-rules'), reader, 'C1002').kind).toBe('allow');
      expect(decideAccess(accessOfPath('/orders/recurring-rules/r-1'), reader, 'C1002').kind).toBe('allow');
    }
    expect(decideAccess(accessOfPath('/orders/recurring-rules/new'), om1, 'C1001').kind).toBe('allow');
    expect(decideAccess(accessOfPath('/orders/recurring-rules/new'), admin, 'C1001').kind).toBe('allow');
    expect(decideAccess(accessOfPath('/orders/recurring-rules/new'), finance, 'C1002').kind).toBe(
      'forbidden',
    );
    expect(decideAccess(accessOfPath('/orders/recurring-rules/new'), payment, 'C1002').kind).toBe(
      'forbidden',
    );
    expect(decideAccess(ROUTE_ACCESS.recurringRules, merchant, null).kind).toBe('forbidden');
    expect(paths.recurringRule.href('a/b', { isEditing: true })).toBe(
      '/orders/recurring-rules/a%2Fb?mode=edit',
    );
  });

  it('keeps all companies to provider staff', () => {
    expect(decideAccess(ROUTE_ACCESS.allCompanies, admin, null).kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.allCompanies, user(ROLE.CUSTOMER_CARE), null).kind).toBe('allow');
    for (const other of [om1, finance, payment, merchant]) {
      expect(decideAccess(ROUTE_ACCESS.allCompanies, other, 'C1001').kind).toBe('forbidden');
    }
  });

  it('opens company selection to order and payment managers with more than one company', () => {
    expect(decideAccess(ROUTE_ACCESS.companySelect, om3, null).kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.companySelect, payment, null).kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.companySelect, om1, 'C1001').kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.companySelect, admin, null).kind).toBe('forbidden');
  });

  it('keeps the new delivery point to the order manager, payment and finance pages to their roles', () => {
    expect(decideAccess(ROUTE_ACCESS.deliveryPoints, om1, 'C1001').kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.deliveryPoints, payment, 'C1002').kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.deliveryPoints, admin, 'C1002').kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.paymentManager, payment, 'C1002').kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.paymentManager, finance, 'C1002').kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.finance, finance, 'C1002').kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.finance, om1, 'C1001').kind).toBe('forbidden');
  });

  it('opens the orders pages to every company role, and the payment result pages to payers only', () => {
    for (const key of ['orderHistory', 'orderDetails', 'ordersOverview'] as const) {
      for (const who of [om1, finance, payment]) {
        expect(decideAccess(ROUTE_ACCESS[key], who, 'C1002').kind).toBe('allow');
      }
      expect(decideAccess(ROUTE_ACCESS[key], admin, 'C1002').kind).toBe('allow');
      expect(decideAccess(ROUTE_ACCESS[key], merchant, null).kind).toBe('forbidden');
    }
    for (const key of ['paymentResult', 'paymentSuccess', 'paymentFailure'] as const) {
      expect(decideAccess(ROUTE_ACCESS[key], om1, 'C1001').kind).toBe('allow');
      expect(decideAccess(ROUTE_ACCESS[key], finance, 'C1002').kind).toBe('allow');
      expect(decideAccess(ROUTE_ACCESS[key], payment, 'C1002').kind).toBe('allow');
      // Provider staff never pay for a company (ADR 010).
      expect(decideAccess(ROUTE_ACCESS[key], admin, 'C1002').kind).toBe('forbidden');
    }
    expect(accessOfPath('/orders/payment/result?paymentId=x')).toBe(ROUTE_ACCESS.paymentResult);
  });

  it('opens the bulk page (ADR 011) to the order manager and provider staff acting for a company', () => {
    expect(decideAccess(ROUTE_ACCESS.bulkUpload, om1, 'C1001').kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.bulkUpload, admin, 'C1002').kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.bulkUpload, admin, null)).toEqual({
      kind: 'chooseCompany',
      href: paths.allCompanies.href(),
    });
    expect(decideAccess(ROUTE_ACCESS.bulkUpload, finance, 'C1002').kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.bulkUpload, payment, 'C1002').kind).toBe('forbidden');
    expect(accessOfPath('/card-load/upload?importId=x')).toBe(ROUTE_ACCESS.bulkUpload);
  });

  it('keeps merchant pages to merchants, and company pages away from them', () => {
    expect(decideAccess(ROUTE_ACCESS.merchant, merchant, null).kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.merchantFaqs, om1, 'C1001').kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.cardList, merchant, null).kind).toBe('forbidden');
    expect(decideAccess(ROUTE_ACCESS.accountChangePassword, merchant, null).kind).toBe('allow');
  });

  it('opens the merchant portal’s home to provider staff (for a merchant they name), not its other pages', () => {
    expect(decideAccess(ROUTE_ACCESS.merchant, admin, null).kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.merchant, user(ROLE.CUSTOMER_CARE), null).kind).toBe('allow');
    expect(decideAccess(ROUTE_ACCESS.merchantFaqs, admin, null).kind).toBe('forbidden');
    for (const other of [om1, finance, payment]) {
      expect(decideAccess(ROUTE_ACCESS.merchant, other, 'C1001').kind).toBe('forbidden');
    }
  });

  it('opens the stores, profile and payment pages to merchants and to provider staff, without a company', () => {
    const pages = [
      ROUTE_ACCESS.merchantStores,
      ROUTE_ACCESS.merchantRedeemerProfile,
      ROUTE_ACCESS.merchantPaymentPage,
      ROUTE_ACCESS.merchantPaymentSuccess,
      ROUTE_ACCESS.merchantPaymentFailure,
    ];
    for (const access of pages) {
      for (const allowed of [merchant, admin, user(ROLE.CUSTOMER_CARE)]) {
        expect(decideAccess(access, allowed, null).kind).toBe('allow');
      }
      for (const other of [om1, finance, payment]) {
        expect(decideAccess(access, other, 'C1001').kind).toBe('forbidden');
      }
    }
  });

  it('asks for a company before a company page', () => {
    expect(decideAccess(ROUTE_ACCESS.cardList, admin, null)).toEqual({
      kind: 'chooseCompany',
      href: '/all-companies',
    });
    expect(decideAccess(ROUTE_ACCESS.cardList, om3, null)).toEqual({
      kind: 'chooseCompany',
      href: '/company-select',
    });
    expect(decideAccess(ROUTE_ACCESS.cardList, om3, 'C1002').kind).toBe('allow');
  });

  it('finds the access of a path', () => {
    expect(accessOfPath('/card-issue/info/d-7?x=1')).toBe(ROUTE_ACCESS.cardIssueInfoDraft);
    expect(accessOfPath('/merchant/faqs')).toBe(ROUTE_ACCESS.merchantFaqs);
    expect(accessOfPath('/page/terms')).toBe(ROUTE_ACCESS.page);
  });

  it('says whether a link leads somewhere the user may go (tiles and menus offer no 403)', () => {
    expect(canOpenPath('/card-issue/info', om1)).toBe(true);
    expect(canOpenPath('/card-issue/info', finance)).toBe(false);
    expect(canOpenPath('/card-load', finance)).toBe(false);
    expect(canOpenPath('/card-list', finance)).toBe(true);
    expect(canOpenPath('/finance', finance)).toBe(true);
    expect(canOpenPath('/paymentManager', finance)).toBe(false);
    expect(canOpenPath('/card-list', merchant)).toBe(false);
    expect(canOpenPath('/merchant/stores-list', merchant)).toBe(true);
    // Visitors are offered everything: a protected page asks them to sign in first.
    expect(canOpenPath('/card-issue/info', null)).toBe(true);
    // External links and addresses outside the portal are not the route table's to judge.
    expect(canOpenPath('https://example.com/x', merchant)).toBe(true);
    expect(canOpenPath('tel:+302100000000', merchant)).toBe(true);
  });

  it('lands each role on its own home: merchants on the merchant portal, everyone else on /', () => {
    expect(homeHrefOf(merchant)).toBe('/merchant');
    for (const someone of [admin, om1, om3, finance, payment, null]) expect(homeHrefOf(someone)).toBe('/');
  });
});

describe('the shell per role', () => {
  it('labels the header with the first name, or for provider staff the company acted for', () => {
    expect(headerLabelOf({ userRoleId: ROLE.ORDER_MANAGER, firstName: 'Ελένη' }, 'Ακμή', 'Όλες')).toBe(
      'Ελένη',
    );
    expect(headerLabelOf({ userRoleId: ROLE.PAYMENT_MANAGER, firstName: 'Δημήτρης' }, null, 'Όλες')).toBe(
      'Δημήτρης',
    );
    expect(headerLabelOf({ userRoleId: ROLE.ADMIN, firstName: 'Μαρία' }, 'Ακμή', 'Όλες')).toBe('Ακμή');
    expect(headerLabelOf({ userRoleId: ROLE.CUSTOMER_CARE, firstName: 'Νίκος' }, null, 'Όλες')).toBe('Όλες');
  });

  it('hides the main menu from provider staff and the payment manager until a company is chosen', () => {
    expect(isMainMenuVisible(null, null)).toBe(true);
    expect(isMainMenuVisible(admin, null)).toBe(false);
    expect(isMainMenuVisible(admin, 'C1001')).toBe(true);
    expect(isMainMenuVisible(payment, null)).toBe(false);
    expect(isMainMenuVisible(payment, 'C1002')).toBe(true);
    expect(isMainMenuVisible(om3, null)).toBe(true);
  });

  it('gives merchants the merchant shell on every page', () => {
    expect(shellVariantOf('/faqs', ROLE.MERCHANT)).toBe('merchant');
    expect(shellVariantOf('/faqs', ROLE.ORDER_MANAGER)).toBe('customer');
    expect(shellVariantOf('/merchant/faqs', undefined)).toBe('merchant');
  });

  it('drops menu links the role may not open', () => {
    const texts = (items: MenuItem[]): string[] =>
      items.flatMap((item) => [item.text, ...texts(item.children)]);
    expect(texts(menuForRole(menu.main_menu, om1))).toEqual(texts(menu.main_menu));
    // A finance user does not issue cards ("Έκδοση" and its children go) but sees the card list.
    const forFinance = texts(menuForRole(menu.main_menu, finance));
    expect(forFinance).toContain('Λίστα καρτών');
    expect(forFinance).not.toContain('Έκδοση');
    expect(forFinance).not.toContain('Spendeo');
    // A merchant opens none of the customer pages.
    expect(texts(menuForRole(menu.main_menu, merchant))).toEqual(['Αρχική']);
  });

  it('drops footer links the role may not open, and columns left empty', () => {
    const withCards = {
      ...footer,
      footerColumns: [
        {
          columnTitle: 'Κάρτες',
          columnLinks: [link('/card-issue/info', 'Ticket Restaurant'), link('/card-list', 'Οι κάρτες μου')],
        },
        { columnTitle: 'Φόρτιση', columnLinks: [link('/card-load', 'Φόρτιση καρτών')] },
        ...footer.footerColumns,
      ],
    };
    const titles = (value: typeof withCards) =>
      value.footerColumns.map((column) => [column.columnTitle, column.columnLinks.map((l) => l.title)]);
    expect(titles(footerForRole(withCards, om1))).toEqual(titles(withCards));
    expect(titles(footerForRole(withCards, finance))).toEqual([
      ['Κάρτες', ['Οι κάρτες μου']],
      ['Εταιρεία', ['Ποιοι είμαστε']],
    ]);
    expect(footerForRole(withCards, finance).bottomLinks).toEqual(withCards.bottomLinks);
    expect(footerForRole(withCards, null)).toBe(withCards);
  });
});
