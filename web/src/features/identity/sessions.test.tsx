import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const CURRENT = {
  sessionId: 'a'.repeat(32),
  deviceType: 'desktop',
  os: 'Windows 10',
  browser: 'Firefox 128',
  address: '203.0.113.7',
  signedInAt: '2026-03-02T08:05:00.000Z',
  lastUsedAt: '2026-03-02T09:40:00.000Z',
  isCurrent: true,
};
const PHONE = {
  sessionId: 'b'.repeat(32),
  deviceType: 'mobile',
  os: 'iOS 17',
  browser: 'Safari 17',
  address: '198.51.100.23',
  signedInAt: '2026-03-01T17:30:00.000Z',
  lastUsedAt: '2026-03-01T18:00:00.000Z',
  isCurrent: false,
};
const TABLET = {
  ...PHONE,
  sessionId: 'c'.repeat(32),
  deviceType: 'tablet',
  os: null,
  browser: null,
  address: null,
};

describe('the sessions page (/account/sessions)', () => {
  it('lists the sessions with device, address and times, this one marked and without a sign-out', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'GET /api/auth/sessions': { body: { success: true, sessions: [CURRENT, PHONE, TABLET] } },
    });
    renderApp('/account/sessions');
    expect(await screen.findByRole('heading', { name: 'Συνδεδεμένες συσκευές', level: 1 })).toBeTruthy();
    const items = await screen.findAllByRole('listitem', { name: /·|Άγνωστο/ });
    expect(items).toHaveLength(3);
    const [current, phone, tablet] = items;
    expect(within(current!).getByText('Firefox 128 · Windows 10')).toBeTruthy();
    expect(within(current!).getByText('Αυτή η σύνδεση')).toBeTruthy();
    expect(within(current!).getByText('Υπολογιστής')).toBeTruthy();
    expect(within(current!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(within(phone!).getByText('Κινητό τηλέφωνο')).toBeTruthy();
    expect(within(phone!).getByRole('button', { name: 'Αποσύνδεση: Safari 17 · iOS 17' })).toBeTruthy();
    // Sessions from before addresses were kept, or from browsers that do not say what they are.
    expect(within(tablet!).getAllByText('Άγνωστο')).toHaveLength(2);
    expect(screen.getByText('3 συνδέσεις')).toBeTruthy();
  });

  it('signs out one other session, then all others, in English', async () => {
    let sessions = [CURRENT, PHONE, TABLET];
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'GET /api/auth/sessions': () => ({ body: { success: true, sessions } }),
      [`POST /api/auth/sessions/${PHONE.sessionId}/end`]: () => {
        sessions = [CURRENT, TABLET];
        return { body: { success: true, endedSessions: 1 } };
      },
      'POST /api/auth/sessions/end-others': () => {
        sessions = [CURRENT];
        return { body: { success: true, endedSessions: 1 } };
      },
    });
    const { user } = renderApp('/en/account/sessions');
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari 17 · iOS 17' }));
    expect(await screen.findByText('The session was signed out.')).toBeTruthy();
    expect(requestsTo(fetchMock, `/api/auth/sessions/${PHONE.sessionId}/end`)).toHaveLength(1);
    expect(await screen.findByText('2 sessions')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('1 other session was signed out.')).toBeTruthy();
    expect(await screen.findByText('1 session')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out all other sessions' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('is linked from the account menu', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'GET /api/auth/sessions': { body: { success: true, sessions: [CURRENT] } },
    });
    renderApp('/en/account/sessions');
    const nav = await screen.findByRole('navigation', { name: /account/i });
    const link = within(nav).getByRole('link', { name: 'Signed-in devices' });
    expect(link.getAttribute('href')).toBe('/en/account/sessions');
    expect(link.getAttribute('aria-current')).toBe('page');
  });
});
