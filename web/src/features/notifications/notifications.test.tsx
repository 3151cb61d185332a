import { screen, waitFor, within } from '@testing-library/react';
import type { PortalNotification } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, notificationsContent, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

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

  it('applies what the user read on another browser', async () => {
    withCompanyNotifications(['n1']);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 2 μη αναγνωσμένες' })).toBeTruthy();
  });
});
