import { screen, waitFor, within } from '@testing-library/react';
import type { PortalNotification } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, notificationsContent, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
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

function withCompanyNotifications(readIds: string[] = []) {
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

    await waitFor(() => expect(router.state.location.pathname).toBe('/card-list'));
    expect(router.state.location.search).toContain('expiringSoon=true');
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

  it('applies what the user read on another browser', async () => {
    withCompanyNotifications(['n1']);
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 2 μη αναγνωσμένες' })).toBeTruthy();
  });
});
