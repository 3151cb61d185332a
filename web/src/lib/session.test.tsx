// @vitest-environment jsdom
// (happy-dom: spying on Storage.prototype.setItem does not see localStorage writes.)
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SessionSync } from '../app/session-sync';
import { companyResponse, session } from '../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../test/mock-api';
import { browser } from './browser';
import { getGlobalError } from './global-error';
import { createQueryClient } from './query-client';
import { request } from './request';
import { pollIntervalMs, SESSION_EVENT_KEY, signIn, signOut, useSession } from './session';
import { readStore, writeStore } from './storage';

/** Renders `useSession` with the app's session upkeep mounted, as the portal does. */
function renderSession() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionSync />
      {children}
    </QueryClientProvider>
  );
  return renderHook(() => useSession(), { wrapper });
}

/** A session endpoint whose answer the test changes as it goes. */
function switchableSession(initial: unknown) {
  let current = initial;
  const handler: MockHandler = () => ({ body: current });
  return { handler, set: (next: unknown) => (current = next) };
}

describe('useSession', () => {
  it('is loading, then unauthenticated for an empty session', async () => {
    mockApi({ 'GET /api/auth/session': { body: {} } }, { withShell: false });
    const { result } = renderSession();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'unauthenticated', data: null }));
  });

  it('is authenticated with a user', async () => {
    const om3 = session('om3');
    mockApi({ 'GET /api/auth/session': { body: om3 } }, { withShell: false });
    const { result } = renderSession();
    await waitFor(() => expect(result.current).toEqual({ status: 'authenticated', data: om3 }));
  });

  it('never raises the global error, and an unreadable first answer counts as signed out', async () => {
    mockApi({ 'GET /api/auth/session': { status: 500 } }, { withShell: false });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    expect(getGlobalError()).toBeNull();
  });

  it('reads the session again when the tab gets focus', async () => {
    const endpoint = switchableSession({});
    const fetchMock = mockApi({ 'GET /api/auth/session': endpoint.handler }, { withShell: false });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));

    endpoint.set(session('om3'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    expect(requestsTo(fetchMock, '/api/auth/session').length).toBeGreaterThanOrEqual(2);
  });

  it('signs this tab out when another tab signs out (storage event), clearing local storage', async () => {
    const endpoint = switchableSession(session('om3'));
    mockApi({ 'GET /api/auth/session': endpoint.handler }, { withShell: false });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    writeStore('companyData', { companyId: 'C1002', name: 'Ελαιώνας', vat: '800123456' });
    writeStore('notifications', ['n1']);

    // The other tab ended the session on the server, then wrote the broadcast key.
    endpoint.set({});
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: SESSION_EVENT_KEY, newValue: '{"event":"signout"}' }),
      );
    });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    await waitFor(() => expect(window.localStorage.length).toBe(0));
  });

  it('clears company and draft data found without a session, but keeps an anonymous read list', async () => {
    window.localStorage.setItem('notifications', JSON.stringify(['n1']));
    mockApi({ 'GET /api/auth/session': { body: {} } }, { withShell: false });
    const first = renderSession();
    await waitFor(() => expect(first.result.current.status).toBe('unauthenticated'));
    expect(readStore('notifications')).toEqual(['n1']);
    first.unmount();

    writeStore('companyData', { companyId: 'C1001', name: 'Ακμή', vat: '094019245' });
    writeStore('draftTotal', { total: 3, isMaxReached: false });
    const second = renderSession();
    await waitFor(() => expect(second.result.current.status).toBe('unauthenticated'));
    await waitFor(() => expect(window.localStorage.length).toBe(0));
  });

  it('reads the session again when any request finds it gone (401, code 3)', async () => {
    const endpoint = switchableSession(session('om3'));
    mockApi(
      {
        'GET /api/auth/session': endpoint.handler,
        'GET /api/v1/anything': {
          status: 401,
          body: { success: false, errorCode: 3, errorLevel: 'error', errorMessage: 'Please sign in' },
        },
      },
      { withShell: false },
    );
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    endpoint.set({});
    await act(async () => {
      await request('/api/v1/anything');
    });
    await waitFor(() => expect(result.current.status).toBe('unauthenticated'));
    // The sign-in redirect explains it; no error modal on top.
    expect(getGlobalError()).toBeNull();
  });

  it('selects the only company of an order manager at sign-in (SPEC §4)', async () => {
    const fetchMock = mockApi(
      {
        'GET /api/auth/session': { body: session('om1') },
        'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
        'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [{}, {}] } },
      },
      { withShell: false },
    );
    renderSession();
    await waitFor(() =>
      expect(readStore('companyData')).toEqual({
        companyId: 'C1001',
        name: 'Ακμή Τροφίμων Α.Ε.',
        vat: '094019245',
      }),
    );
    expect(readStore('lastCompanyId')).toBe('C1001');
    await waitFor(() => expect(readStore('draftTotal')).toEqual({ total: 2, isMaxReached: false }));
    expect(requestsTo(fetchMock, '/api/v1/accounts/getCompanyById')[0]?.body).toEqual({ companyId: 'C1001' });
  });

  it('forgets a company stored for another user', async () => {
    writeStore('companyData', { companyId: 'C1005', name: 'Νηρέας', vat: '994455661' });
    mockApi({ 'GET /api/auth/session': { body: session('om3') } }, { withShell: false });
    const { result } = renderSession();
    await waitFor(() => expect(result.current.status).toBe('authenticated'));
    await waitFor(() => expect(readStore('companyData')).toBeNull());
  });
});

describe('polling interval', () => {
  it('is off unless VITE_SESSION_POLL_SECONDS is a positive number', () => {
    expect(pollIntervalMs(undefined)).toBe(false);
    expect(pollIntervalMs('')).toBe(false);
    expect(pollIntervalMs('0')).toBe(false);
    expect(pollIntervalMs('abc')).toBe(false);
    expect(pollIntervalMs('30')).toBe(30_000);
  });
});

describe('signIn', () => {
  it('posts the callback URL with the json flag and goes to the URL it answers', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockApi({
      'GET /api/auth/providers': { body: { tessera: { id: 'tessera', name: 'Tessera', type: 'oidc' } } },
      'POST /api/auth/signin/tessera': { body: { url: 'http://localhost/api/v2/identity/oidc/auth?x=1' } },
    });
    await expect(signIn('/en/card-list')).resolves.toEqual({ error: null });
    const [post] = requestsTo(fetchMock, '/api/auth/signin/tessera');
    expect(post?.body).toEqual({ callbackUrl: '/en/card-list', json: true });
    expect(post?.headers.get('X-CSRF-Token')).toBe('csrf-1');
    expect(assign).toHaveBeenCalledWith('http://localhost/api/v2/identity/oidc/auth?x=1');
  });

  it('reads an error from the URL it answers instead of going there', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /api/auth/providers': { body: { tessera: { id: 'tessera' } } },
      'POST /api/auth/signin/tessera': { body: { url: 'http://localhost/user/login?error=AccessDenied' } },
    });
    await expect(signIn('/')).resolves.toEqual({ error: 'AccessDenied' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends the browser to the error page when the providers cannot be read', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/providers': { status: 500 } });
    await signIn('/', 'en');
    expect(assign).toHaveBeenCalledWith('/en/user/login?error=Configuration');
    expect(getGlobalError()).toBeNull();
  });

  it('sends an unknown provider to the session client sign-in page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({ 'GET /api/auth/providers': { body: {} } });
    await signIn('/faqs');
    expect(assign).toHaveBeenCalledWith('/api/auth/signin?callbackUrl=%2Ffaqs');
  });
});

describe('signOut', () => {
  it('clears the stores, revokes, ends the session, tells other tabs and goes to the end-session page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    writeStore('notifications', ['n1']);
    writeStore('companyData', { companyId: 'C1001', name: 'Ακμή', vat: '094019245' });
    writeStore('lastCompanyId', 'C1001');
    const calls: string[] = [];
    const fetchMock = mockApi({
      'POST /api/revoke': () => {
        calls.push('revoke');
        return { body: { success: true } };
      },
      'POST /api/auth/signout': () => {
        calls.push('signout');
        return { body: { url: 'http://localhost/api/v2/identity/oidc/session/end?id_token_hint=t' } };
      },
    });
    await signOut('en');
    expect(readStore('notifications')).toBeNull();
    expect(readStore('companyData')).toBeNull();
    expect(readStore('lastCompanyId')).toBeNull();
    expect(calls).toEqual(['revoke', 'signout']);
    expect(requestsTo(fetchMock, '/api/revoke')[0]?.body).toEqual({});
    expect(requestsTo(fetchMock, '/api/auth/signout')[0]?.body).toEqual({
      callbackUrl: '/en/logout',
      json: true,
    });
    // The other tabs are told from /logout, once the provider's session has ended too.
    expect(setItem).not.toHaveBeenCalledWith(SESSION_EVENT_KEY, expect.anything());
    expect(assign).toHaveBeenCalledWith('http://localhost/api/v2/identity/oidc/session/end?id_token_hint=t');
  });
});
