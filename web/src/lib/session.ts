import {
  AUTH_PROVIDER_ID,
  COMPANY_ROLES,
  localePath,
  type Locale,
  type ProvidersResponse,
  type SessionUser,
  type UrlResponse,
} from '@tessera/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { browser } from './browser';
import { logWarning } from './client-log';
import { currentLocale, request } from './request';
import { readStore, removeStore, writeStore } from './storage';
import { SESSION_QUERY_KEY } from './query-keys';

/**
 * The session client (SPEC §3, §4, §7, §8; ARCHITECTURE §6). The portal's server keeps the tokens
 * (backend for frontend); the browser reads `GET /api/auth/session`, which answers `{}` when signed
 * out and `{ user, expires, companyId? }` otherwise.
 *
 * - Status goes loading → authenticated | unauthenticated (`useSession`).
 * - The session is read again on tab focus, on `storage` events from other tabs, on an optional
 *   polling interval (`VITE_SESSION_POLL_SECONDS`, unset = off), when it expires, and whenever a
 *   request finds it gone (`SessionSync` in the app wires these).
 * - `signIn` and `signOut` follow the next-auth client the specification describes; sign-out is
 *   broadcast to the other tabs through a localStorage key.
 */

export type { SessionUser };
export type Session = {
  user: SessionUser;
  expires: string;
  companyId?: string;
  /** Provider staff acting for a company or merchant: which, why and since when (issue 18). */
  acting?: { companyId: string | null; merchantId: string | null; reason: string; since: string };
};

export type SessionState =
  | { status: 'loading'; data: null }
  | { status: 'authenticated'; data: Session }
  | { status: 'unauthenticated'; data: null };

export const SESSION_PATH = '/api/auth/session';
export const PROVIDERS_PATH = '/api/auth/providers';
export const SIGN_IN_PATH = `/api/auth/signin/${AUTH_PROVIDER_ID}`;
export const SIGN_OUT_PATH = '/api/auth/signout';
export const REVOKE_PATH = '/api/revoke';

/** The localStorage key whose change tells the other tabs that this one signed out (SPEC §4). */
export const SESSION_EVENT_KEY = 'tessera.sessionEvent';

/** SPEC §4, §9: the poll interval is configurable (`VITE_SESSION_POLL_SECONDS`); unset means off. */
export function pollIntervalMs(raw: unknown): number | false {
  const seconds = Number(raw ?? 0);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : false;
}
export const SESSION_POLL_MS = pollIntervalMs(import.meta.env.VITE_SESSION_POLL_SECONDS);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the session: the session, or `null` when the server says there is none. Throws when the
 * server could not answer, so a hiccup keeps the last known session instead of signing the user
 * out. Never raises the global error.
 */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  const result = await request<unknown>(SESSION_PATH, { signal, suppressGlobalError: true });
  if (result.error) {
    if (!result.aborted) logWarning('there was an error loading the session', result.status);
    throw new Error(`The session could not be read (status ${result.status})`);
  }
  const body = result.data;
  if (!isRecord(body) || !isRecord(body.user)) return null;
  return body as unknown as Session;
}

/**
 * A company-side user with exactly one related company acts for it from the first request: its id
 * is remembered as soon as the session is read, before any page asks for company data (the name
 * and VAT follow from the auto-selection of SPEC §4 in SessionSync).
 */
function rememberOnlyCompany(session: Session | null): void {
  const user = session?.user;
  if (!user || !(COMPANY_ROLES as readonly number[]).includes(user.userRoleId)) return;
  if (user.relatedCompanies.length !== 1) return;
  if (readStore('companyData') === null && readStore('lastCompanyId') === null) {
    writeStore('lastCompanyId', user.relatedCompanies[0]!.companyId);
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ signal }) => {
    const session = await getSession(signal);
    rememberOnlyCompany(session);
    return session;
  },
  // Focus, storage events, expiry and lost sessions refetch explicitly (SessionSync); components
  // mounting during navigation share the last answer.
  staleTime: 30_000,
  refetchOnWindowFocus: false,
  refetchInterval: SESSION_POLL_MS,
  refetchIntervalInBackground: false,
});

/** The session and its status. A session that could not be read at all counts as signed out. */
export function useSession(): SessionState {
  const query = useQuery(sessionQueryOptions);
  if (query.data) return { status: 'authenticated', data: query.data };
  if (query.data === null || query.isError) return { status: 'unauthenticated', data: null };
  return { status: 'loading', data: null };
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export type SignInResult = { error: string | null };

/** One sign-in at a time: a second start would overwrite the first one's state cookie. */
let pendingSignIn: Promise<SignInResult> | null = null;

/** The `error` a sign-in answer carries in its URL (SPEC §8), or null. */
export function errorOfUrl(url: string): string | null {
  try {
    return new URL(url, window.location.origin).searchParams.get('error');
  } catch {
    return null;
  }
}

async function startSignIn(callbackUrl: string, locale: Locale): Promise<SignInResult> {
  const loginPage = localePath(locale, '/user/login');
  const providers = await request<ProvidersResponse>(PROVIDERS_PATH, { locale, suppressGlobalError: true });
  if (providers.error) {
    // SPEC §8: a failed providers fetch sends the browser to the error page (the sign-in page
    // showing the error, which does not start a new attempt by itself).
    logWarning('there was an error loading the sign-in providers', providers.status);
    browser.assign(`${loginPage}?error=Configuration`);
    return { error: 'Configuration' };
  }
  if (!providers.data[AUTH_PROVIDER_ID]) {
    // SPEC §8: an unknown provider sends the browser to the session client's sign-in page.
    browser.assign(`/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    return { error: null };
  }
  const result = await request<UrlResponse>(SIGN_IN_PATH, {
    method: 'POST',
    locale,
    body: { callbackUrl, json: true },
    suppressGlobalError: (failure) => failure.status < 500,
  });
  if (result.error) {
    const code = result.error === true ? 0 : result.error.errorCode;
    return { error: code === 7 || result.status === 429 ? 'RateLimited' : 'SignInFailed' };
  }
  const error = errorOfUrl(result.data.url);
  if (error) return { error };
  browser.assign(result.data.url);
  return { error: null };
}

/**
 * Starts signing in through the portal's provider (`POST /api/auth/signin/tessera` with the json
 * flag) and sends the browser to the URL it answers; after the password the browser comes back to
 * `callbackUrl` (a same-origin path). Resolves with the error when there is one.
 */
export function signIn(callbackUrl = '/', locale: Locale = currentLocale()): Promise<SignInResult> {
  pendingSignIn ??= startSignIn(callbackUrl, locale).then((result) => {
    // After a navigation the page unloads; only a failed start may be tried again.
    if (result.error) pendingSignIn = null;
    return result;
  });
  return pendingSignIn;
}

// ---------------------------------------------------------------------------------------------
// Sign-out

let signingOut = false;

/** True from the start of `signOut` until the browser leaves: guards must not redirect meanwhile. */
export function isSigningOut(): boolean {
  return signingOut;
}

/** Tells the other tabs that the session changed (they read it again on the `storage` event). */
export function broadcastSessionEvent(event: 'signout'): void {
  try {
    window.localStorage.setItem(SESSION_EVENT_KEY, JSON.stringify({ event, at: Date.now() }));
  } catch {
    // Storage disabled: other tabs notice at their next focus or poll.
  }
}

/**
 * Signs out (SPEC §4): clears the notification and company stores, revokes the tokens
 * (`POST /api/revoke`), ends the session (`POST /api/auth/signout`) and sends the browser to the
 * provider's end-session page (id token hint, return to `/logout`). The other tabs are told from
 * `/logout`, once the provider has ended its session too: told before, a tab went to sign in again
 * at once, and the provider's session it touched lost the end-session's state, so this tab's
 * sign-out ended on "could not find logout details" instead of `/logout`.
 */
export async function signOut(locale: Locale = currentLocale()): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  const logoutPage = localePath(locale, '/logout');
  removeStore('notifications');
  removeStore('companyData');
  removeStore('lastCompanyId');
  removeStore('draftTotal');
  await request(REVOKE_PATH, { method: 'POST', body: {}, locale, suppressGlobalError: true });
  const result = await request<UrlResponse>(SIGN_OUT_PATH, {
    method: 'POST',
    locale,
    body: { callbackUrl: logoutPage, json: true },
    suppressGlobalError: true,
  });
  if (result.error) logWarning('sign-out failed', result.status);
  browser.assign(result.error ? logoutPage : result.data.url);
}

/** Tests: forget a pending sign-in or sign-out. */
export function resetSessionClient(): void {
  pendingSignIn = null;
  signingOut = false;
}
