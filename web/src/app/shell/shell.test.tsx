import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStore } from '../../lib/storage';
import { companyResponse, link, minutesAgo, notificationsContent, session } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

describe('language switch', () => {
  it('keeps the page, query and hash when switching to English and back', async () => {
    mockApi();
    const { router, user } = renderApp('/faqs?q=card#top');
    await screen.findByRole('heading', { level: 1, name: 'Συχνές ερωτήσεις' });
    expect(document.documentElement.lang).toBe('el');

    await user.click(screen.getByRole('link', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' });
    expect(router.state.location).toMatchObject({ pathname: '/en/faqs', search: '?q=card', hash: '#top' });
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('link', { name: 'Ελληνικά' }));
    await screen.findByRole('heading', { level: 1, name: 'Συχνές ερωτήσεις' });
    expect(router.state.location).toMatchObject({ pathname: '/faqs', search: '?q=card', hash: '#top' });
  });

  it('keeps English links under /en', async () => {
    mockApi();
    renderApp('/en');
    await screen.findByRole('heading', { level: 1, name: 'Καλώς ήρθατε' });
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'FAQs' })[0]?.getAttribute('href')).toBe('/en/faqs');
    expect(within(header).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/user/login');
  });
});

describe('mobile menu', () => {
  it('slides to a third-level item and back to the menu', async () => {
    mockApi();
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Καλώς ήρθατε' });

    await user.click(screen.getByRole('button', { name: 'Άνοιγμα μενού' }));
    const drawer = await screen.findByRole('dialog', { name: 'Μενού' });

    await user.click(within(drawer).getByRole('button', { name: /^Κάρτες/ }));
    expect(within(drawer).getByRole('heading', { name: 'Κάρτες' })).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: /^Έκδοση/ }));
    expect(within(drawer).getByRole('heading', { name: 'Έκδοση' })).toBeTruthy();
    const thirdLevel = within(drawer).getByRole('link', { name: 'Spendeo' });
    expect(thirdLevel.getAttribute('href')).toBe('/cards/spendeo/issue');
    const breadcrumb = within(drawer).getByRole('navigation', { name: 'Διαδρομή μενού' });
    expect(within(breadcrumb).getByText('Έκδοση').getAttribute('aria-current')).toBe('location');

    await user.click(within(drawer).getByRole('button', { name: 'Πίσω σε: Κάρτες' }));
    expect(within(drawer).getByRole('heading', { name: 'Κάρτες' })).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Spendeo' })).toBeNull();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Έκδοση/));

    await user.click(within(drawer).getByRole('button', { name: 'Πίσω σε: Μενού' }));
    expect(within(drawer).queryByRole('heading', { name: 'Κάρτες' })).toBeNull();
    expect(within(drawer).getByRole('link', { name: 'Παραγγελίες' })).toBeTruthy();
  });

  it('follows a third-level link and closes', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    });
    const { router, user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Καλώς ήρθατε' });
    await user.click(screen.getByRole('button', { name: 'Άνοιγμα μενού' }));
    const drawer = await screen.findByRole('dialog', { name: 'Μενού' });
    await user.click(within(drawer).getByRole('button', { name: /^Κάρτες/ }));
    await user.click(within(drawer).getByRole('button', { name: /^Έκδοση/ }));
    await user.click(within(drawer).getByRole('link', { name: 'Spendeo' }));
    await screen.findByRole('heading', { level: 1, name: 'Κάρτες Spendeo' });
    expect(router.state.location.pathname).toBe('/cards/spendeo/issue');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Μενού' })).toBeNull());
  });
});

describe('notifications bell', () => {
  const withNotifications = () =>
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
      'GET /api/content/notifications': {
        body: notificationsContent([
          {
            notificationId: 'n1',
            title: 'Νέα λειτουργία',
            excerpt: 'Φόρτιση καρτών με ένα κλικ',
            logo: null,
            link: link('/card-load', 'Φόρτιση'),
            notificationDateTime: minutesAgo(5),
            notificationEndDateTime: null,
          },
          {
            notificationId: 'n2',
            title: 'Συντήρηση',
            excerpt: 'Το Σάββατο',
            logo: null,
            link: null,
            notificationDateTime: minutesAgo(180),
            notificationEndDateTime: new Date(Date.now() + 86_400_000).toISOString(),
          },
          {
            notificationId: 'ended',
            title: 'Παλιά ειδοποίηση',
            excerpt: '',
            logo: null,
            link: null,
            notificationDateTime: minutesAgo(5000),
            notificationEndDateTime: minutesAgo(10),
          },
        ]),
      },
    });

  it('shows a red dot while a notification is unread and marks clicked ones read', async () => {
    withNotifications();
    const { router, user } = renderApp('/');
    const bell = await screen.findByRole('button', { name: 'Ειδοποιήσεις: 2 μη αναγνωσμένες' });
    expect(screen.getByTestId('notifications-unread-dot')).toBeTruthy();

    await user.click(bell);
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    expect(within(dropdown).queryByText('Παλιά ειδοποίηση')).toBeNull();
    expect(within(dropdown).getByText('5 λεπτά πριν')).toBeTruthy();
    expect(within(dropdown).getByText('3 ώρες πριν')).toBeTruthy();
    expect(within(dropdown).getAllByText('Μη αναγνωσμένη')).toHaveLength(2);

    await user.click(within(dropdown).getByRole('link', { name: /Νέα λειτουργία/ }));
    expect(readStore('notifications')).toEqual(['n1']);
    // The page loads lazily: the navigation completes once its code is in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-load'));
    const bellAfter = await screen.findByRole('button', { name: 'Ειδοποιήσεις: 1 μη αναγνωσμένη' });

    await user.click(bellAfter);
    const again = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    await user.click(within(again).getByRole('button', { name: /Συντήρηση/ }));
    expect(readStore('notifications')).toEqual(['n1', 'n2']);
    await screen.findByRole('button', { name: 'Ειδοποιήσεις' });
    expect(screen.queryByTestId('notifications-unread-dot')).toBeNull();
  });

  it('shows the CMS empty text on the expiring tab', async () => {
    withNotifications();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /^Ειδοποιήσεις/ }));
    const dropdown = await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    await user.click(within(dropdown).getByRole('tab', { name: 'Λήγουν' }));
    expect(within(dropdown).getByText('Καμία κάρτα δεν λήγει')).toBeTruthy();
  });

  it('closes with Escape and returns focus to the bell', async () => {
    withNotifications();
    const { user } = renderApp('/');
    const bell = await screen.findByRole('button', { name: /^Ειδοποιήσεις/ });
    await user.click(bell);
    await screen.findByRole('dialog', { name: 'Ειδοποιήσεις' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Ειδοποιήσεις' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  it('keeps the read list across renders (persisted store)', async () => {
    window.localStorage.setItem('notifications', JSON.stringify(['n1']));
    withNotifications();
    renderApp('/');
    await act(async () => {});
    expect(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 1 μη αναγνωσμένη' })).toBeTruthy();
  });
});
