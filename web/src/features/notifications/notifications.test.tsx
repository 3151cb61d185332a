import { configure, screen, waitFor, within } from '@testing-library/react';
import type { PortalNotification } from '@tessera/domain';
import { describe, expect, it, vi } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, notificationsContent, page, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Lazy pages load on first visit: on a busy machine that takes longer than the defaults.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function serviceNotification(nid: string, expiring: boolean, title: string): PortalNotification {
  return {
    nid,
    expiring,
    logo: 'ticket-restaurant',
    title,
    excerpt: `${title}: 3`,
    link: {
      id: nid,
      pageType: 'cardList',
      title,
      url: '/card-list?expiringSoon=true&product=TICKET_RESTAURANT&family=plastic',
      href: '/card-list?expiringSoon=true&product=TICKET_RESTAURANT&family=plastic',
      target: '_self',
      isExternalPage: false,
    },
    read: false,
    notificationDateTime: minutesAgo(30),
    count: 3,
  };
}

function withCompanyNotifications(readIds: string[] = [], handlers: Record<string, MockHandler> = {}) {
  writeStore('companyData', COMPANIES.C1001);
  return mockApi({
    'GET /api/auth/session': { body: session('om1') },
    'GET /api/content/notifications': {
      body: notificationsContent([
        {
          notificationId: 'n1',
          logo: null,
          title: 'Νέα λειτουργία',
          excerpt: 'Φόρτιση με αρχείο',
          link: null,
          notificationDateTime: minutesAgo(5),
          notificationEndDateTime: null,
        },
      ]),
    },
    'GET /api/v1/accounts/retrieveNotifications': {
      body: {
        success: true,
        notifications: [
          serviceNotification('expTrc', true, 'Κάρτες Ticket Restaurant που λήγουν'),
          serviceNotification('topUpTrc', false, 'Κάρτες έτοιμες για φόρτιση'),
        ],
      },
    },
    'GET /api/v1/accounts/notifications/read': { body: { success: true, readIds } },
    'POST /api/v1/accounts/notifications/mark-read': { body: { success: true } },
    ...handlers,
  });
}

describe('service notifications in the bell (SPEC §3, issue 4)', () => {
  it('shows the company’s expiring cards under the expiring tab and records the read on the server', async () => {
    const fetchMock = withCompanyNotifications();
    const { user, router } = renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Ειδοποιήσεις: 3 μη αναγνωσμένες' });
    await user.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    await user.click(within(dropdown).getByRole('tab', { name: 'Λήγουν' }));
    const expiringPanel = within(dropdown).getByRole('tabpanel');
    expect(within(expiringPanel).queryByText('Κάρτες έτοιμες για φόρτιση')).toBeNull();
    await user.click(
      within(expiringPanel).getByRole('link', { name: /Κάρτες Ticket Restaurant που λήγουν/ }),
    );

    // Expiring Ticket Restaurant cards start the expired flow (SPEC §4).
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-issue/info'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/v1/accounts/notifications/mark-read')[0]?.body).toEqual({
        ids: ['expTrc'],
      }),
    );
    expect(readStore('notifications')?.[0]).toMatch(/^expTrc@/);
    expect(requestsTo(fetchMock, '/api/v1/accounts/retrieveNotifications')[0]?.headers.get('companyId')).toBe(
      'C1001',
    );
  });

  it('starts the expiring flow from expTrc: an expiring-trc draft that ends in 60 days', async () => {
    withCompanyNotifications();
    writeStore('bulkOrderCards', [{ tempCardId: 'old' }]);
    const { user, router } = renderApp('/en');
    await user.click(await screen.findByRole('button', { name: /Notifications: 3 unread/ }));
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    const link = within(dropdown).getByRole('link', { name: /Κάρτες Ticket Restaurant που λήγουν/ });
    expect(link.getAttribute('href')).toBe('/en/card-issue/info');
    await user.click(link);

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/card-issue/info'));
    const draft = readStore('orderDraft');
    expect(draft).toMatchObject({
      reason: 'expiring-trc',
      orderType: 'EXPIRED',
      selectedOption: 'TICKET_RESTAURANT:plastic',
    });
    const inSixtyDays = Date.now() + 60 * 86_400_000;
    expect(Math.abs(new Date(draft?.expiringDate ?? 0).getTime() - inSixtyDays)).toBeLessThan(60_000);
    expect(readStore('bulkOrderCards')).toBeNull();
    expect(readStore('notifications')?.[0]).toMatch(/^expTrc@/);
  });

  it('makes a ready-to-top-up draft from topUpTrc and opens it', async () => {
    const draftId = '7d1f3c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b';
    const fetchMock = withCompanyNotifications([], {
      'POST /api/v1/orders/readyToTopUp': { body: { success: true, draftId } },
    });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 3 μη αναγνωσμένες' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    await user.click(within(dropdown).getByRole('link', { name: /Κάρτες έτοιμες για φόρτιση/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/card-issue/info/${draftId}`));
    const posts = requestsTo(fetchMock, '/api/v1/orders/readyToTopUp');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.method).toBe('POST');
    // Ticket Restaurant comes in two families: topUpTrc is the plastic one.
    expect(posts[0]?.body).toEqual({ product: 'TICKET_RESTAURANT', family: 'plastic' });
    expect(posts[0]?.headers.get('companyId')).toBe('C1001');
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/v1/accounts/notifications/mark-read')[0]?.body).toEqual({
        ids: ['topUpTrc'],
      }),
    );
  });

  it('offers a finance user the cards concerned instead of an order they may not start', async () => {
    const fetchMock = withCompanyNotifications([], {
      'GET /api/auth/session': { body: session('finance') },
      'GET /api/content/notifications': {
        body: notificationsContent([
          {
            notificationId: 'iris',
            logo: null,
            title: 'Πληρωμή με IRIS',
            excerpt: 'Πληρώστε τις παραγγελίες σας άμεσα.',
            link: {
              id: 'iris-link',
              pageType: 'contentPage',
              title: 'Φόρτιση καρτών',
              url: '/card-load',
              target: '_self',
              isExternalPage: false,
            },
            notificationDateTime: minutesAgo(5),
            notificationEndDateTime: null,
          },
        ]),
      },
    });
    writeStore('companyData', COMPANIES.C1002);
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 3 μη αναγνωσμένες' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    const cardList = '/card-list?expiringSoon=true&product=TICKET_RESTAURANT&family=plastic';
    // Expiring cards: the card list filtered to them, not the order flow (a 403 for this role).
    expect(
      within(dropdown)
        .getByRole('link', { name: /Κάρτες Ticket Restaurant που λήγουν/ })
        .getAttribute('href'),
    ).toBe(cardList);
    // The CMS news stays, without its link to a page the role may not open.
    expect(within(dropdown).getByRole('button', { name: /Πληρωμή με IRIS/ })).toBeTruthy();
    expect(within(dropdown).queryByRole('link', { name: /Πληρωμή με IRIS/ })).toBeNull();
    // Cards ready to top up: their list too, and no draft is made.
    await user.click(within(dropdown).getByRole('link', { name: /Κάρτες έτοιμες για φόρτιση/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-list'));
    expect(requestsTo(fetchMock, '/api/v1/orders/readyToTopUp')).toHaveLength(0);
  });

  it('applies what the user read on another browser', async () => {
    withCompanyNotifications(['n1']);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 2 μη αναγνωσμένες' })).toBeTruthy();
  });
});

describe('the bell per audience (issue 13)', () => {
  const COMPANY_NEWS = 'Νέες δυνατότητες για τις κάρτες Spendeo';
  const MERCHANT_NEWS = 'Νέο πρόγραμμα εκκαθαρίσεων για καταστήματα';
  const MERCHANT_PAYOUT = 'Η πληρωμή σας στάλθηκε';

  /** CMS notifications as the server keeps them: one list for companies, another for merchants. */
  function perAudience(role: 'merchant' | 'om1') {
    if (role === 'om1') writeStore('companyData', COMPANIES.C1001);
    const cms = (notificationId: string, title: string) => ({
      notificationId,
      logo: null,
      title,
      excerpt: `${notificationId}: περισσότερα`,
      link: null,
      notificationDateTime: minutesAgo(5),
      notificationEndDateTime: null,
    });
    return mockApi({
      'GET /api/auth/session': { body: session(role) },
      'GET /api/content/notifications': ({ url }) => ({
        body: notificationsContent(
          url.searchParams.get('audience') === 'merchant'
            ? [cms('m1', MERCHANT_NEWS)]
            : [cms('c1', COMPANY_NEWS)],
        ),
      }),
      'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
      'GET /api/v1/accounts/notifications/read': { body: { success: true, readIds: [] } },
      'GET /api/content/pages/merchant-home': { body: page('merchant-home', { title: 'Πύλη συνεργατών' }) },
      // The merchant's own notifications (issue 16): what a merchant's bell shows.
      'GET /api/v1/merchants/retrieveMerchantNotifications': {
        body: {
          success: true,
          unread: 1,
          notifications: [
            {
              notificationId: '6f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a10',
              kind: 'payoutSent',
              title: MERCHANT_PAYOUT,
              body: '57,59 € στάλθηκαν στον λογαριασμό σας.',
              createdAt: minutesAgo(5),
              read: false,
            },
          ],
        },
      },
    });
  }

  it('shows a merchant the merchant notifications, never the company ones, on any page', async () => {
    const fetchMock = perAudience('merchant');
    const { user, unmount } = renderApp('/merchant');
    // The bell: the merchant's own notifications (payouts, MIDs, declines: issue 16).
    await user.click(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 1 μη αναγνωσμένη' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    expect(await within(dropdown).findByText(MERCHANT_PAYOUT)).toBeTruthy();
    expect(within(dropdown).queryByText(COMPANY_NEWS)).toBeNull();
    unmount();

    // The company notifications page a merchant may still type in lists the merchant's too.
    renderApp('/notifications');
    expect(await screen.findByText(MERCHANT_NEWS)).toBeTruthy();
    expect(screen.queryByText(COMPANY_NEWS)).toBeNull();
    const audiences = requestsTo(fetchMock, '/api/content/notifications').map((request) =>
      request.url.searchParams.get('audience'),
    );
    expect(new Set(audiences)).toEqual(new Set(['merchant']));
    // A merchant acts for no company: the company's service notifications are never asked for.
    expect(requestsTo(fetchMock, '/api/v1/accounts/retrieveNotifications')).toHaveLength(0);
  });

  it('shows a company user the company notifications', async () => {
    const fetchMock = perAudience('om1');
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 1 μη αναγνωσμένη' }));
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    expect(await within(dropdown).findByText(COMPANY_NEWS)).toBeTruthy();
    expect(within(dropdown).queryByText(MERCHANT_NEWS)).toBeNull();
    expect(
      requestsTo(fetchMock, '/api/content/notifications').map((request) =>
        request.url.searchParams.get('audience'),
      ),
    ).not.toContain('merchant');
  });
});
