import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { mockApi, requestsTo } from '../../test/mock-api';
import {
  adoptStartedSignIn,
  CALLBACK_KEY,
  NOTE_KEY,
  signInStartOf,
  startSignInBeforeBoot,
} from './sign-in-start';

const at = (url: string) => new URL(url, 'http://localhost') as unknown as Location;
const PROVIDERS = { 'GET /api/auth/providers': { body: { tessera: { id: 'tessera' } } } };
const PROVIDER_URL = 'http://localhost/api/v2/identity/oidc/auth?x=1';

describe('the sign-in that /user/login starts before the app boots (issue 17)', () => {
  it('is only that of /user/login without an interaction or an error other than SessionRequired', () => {
    expect(signInStartOf(at('/user/login'))).toEqual({
      locale: 'el',
      callbackUrl: '/',
      isSessionRequired: false,
    });
    expect(signInStartOf(at('/en/user/login?error=SessionRequired&callbackUrl=%2Fen%2Fcard-list'))).toEqual({
      locale: 'en',
      callbackUrl: '/en/card-list',
      isSessionRequired: true,
    });
    expect(signInStartOf(at('/user/login?callbackUrl=https%3A%2F%2Fevil.example'))?.callbackUrl).toBe('/');
    for (const url of ['/user/login?uid=abc', '/user/login?error=Expired', '/', '/en', '/card-list']) {
      expect(signInStartOf(at(url)), url).toBeNull();
    }
  });

  it('leaves for the provider without booting the app, remembering the note and the way back', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockApi({
      ...PROVIDERS,
      'POST /api/auth/signin/tessera': { body: { url: PROVIDER_URL } },
    });
    const root = document.createElement('div');
    const location = at('/en/user/login?error=SessionRequired&callbackUrl=%2Fen%2Forders');
    await expect(startSignInBeforeBoot(location, root)).resolves.toBe(true);
    expect(assign).toHaveBeenCalledWith(PROVIDER_URL);
    expect(requestsTo(fetchMock, '/api/auth/session')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/api/auth/signin/tessera')[0]?.body).toEqual({
      callbackUrl: '/en/orders',
      json: true,
    });
    expect(window.sessionStorage.getItem(NOTE_KEY)).toBe('SessionRequired');
    expect(window.sessionStorage.getItem(CALLBACK_KEY)).toBe('/en/orders');
    expect(root.textContent).toBe('Taking you to sign in…');
  });

  it('boots the app for a signed-in visitor and for any other page, without asking the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockApi({
      'GET /api/auth/session': {
        body: {
          user: { userId: 'u1', userRoleId: 1, relatedCompanies: [] },
          expires: '2030-01-01T00:00:00Z',
        },
      },
    });
    await expect(startSignInBeforeBoot(at('/user/login'), null)).resolves.toBe(false);
    await expect(startSignInBeforeBoot(at('/card-list'), null)).resolves.toBe(false);
    expect(requestsTo(fetchMock, '/api/auth/signin/tessera')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('boots the app showing why when the start fails, instead of trying again', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      ...PROVIDERS,
      'POST /api/auth/signin/tessera': { body: { url: 'http://localhost/user/login?error=AccessDenied' } },
    });
    window.history.replaceState(null, '', '/user/login');
    await expect(startSignInBeforeBoot(window.location, null)).resolves.toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search).toBe(
      '/user/login?error=AccessDenied&callbackUrl=%2F',
    );
  });

  it('boots on the form of the interaction the server started, once, remembering the note and the way back', async () => {
    const fetchMock = mockApi({});
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/en/user/login?error=SessionRequired&callbackUrl=%2Fen%2Forders');
    const tag = document.createElement('meta');
    tag.name = 'tessera-interaction';
    tag.content = 'Ab_12-x';
    document.head.append(tag);
    await expect(startSignInBeforeBoot(window.location, null)).resolves.toBe(false);
    expect(window.location.pathname + window.location.search).toBe('/en/user/login?uid=Ab_12-x');
    expect(document.head.querySelector('meta[name="tessera-interaction"]')).toBeNull();
    expect(window.sessionStorage.getItem(NOTE_KEY)).toBe('SessionRequired');
    expect(window.sessionStorage.getItem(CALLBACK_KEY)).toBe('/en/orders');
    // Nothing asked of the server: no session read, no sign-in started.
    expect(fetchMock).not.toHaveBeenCalled();
    // A later visit of the page (no tag) is a start of its own.
    expect(adoptStartedSignIn(window.location)).toBe(false);
  });

  it('ignores a tag on any other page than the start of a sign-in', () => {
    window.history.replaceState(null, '', '/card-list');
    const tag = document.createElement('meta');
    tag.name = 'tessera-interaction';
    tag.content = 'abc';
    document.head.append(tag);
    expect(adoptStartedSignIn(window.location)).toBe(false);
    expect(window.location.pathname + window.location.search).toBe('/card-list');
    expect(document.head.querySelector('meta[name="tessera-interaction"]')).toBeNull();
  });
});
