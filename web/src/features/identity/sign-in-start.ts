import { localePath, splitLocalePath, type Locale } from '@tessera/domain';
import { getSession, signIn } from '../../lib/session';

/** Kept for the tab while the browser visits the provider, so the form can still explain why. */
export const NOTE_KEY = 'tessera.signInNote';
export const CALLBACK_KEY = 'tessera.signInCallback';

/** A same-origin path to come back to; anything else is ignored (the server checks it again). */
export function safeCallbackUrl(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** A value this tab kept (session storage), or null. */
export function recalled(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a value for this tab (null forgets it). */
export function remember(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Without session storage the note is simply not repeated on the form.
  }
}

export type SignInStart = { locale: Locale; callbackUrl: string; isSessionRequired: boolean };

/**
 * The sign-in that `/user/login` starts by itself: without an interaction (`uid`) and without an
 * error other than `SessionRequired` (SPEC §2, §8). Null for any other address.
 */
export function signInStartOf(location: { pathname: string; search: string }): SignInStart | null {
  const { locale, path } = splitLocalePath(location.pathname);
  if (path !== '/user/login') return null;
  const params = new URLSearchParams(location.search);
  if (params.get('uid')) return null;
  const error = params.get('error');
  if (error !== null && error !== 'SessionRequired') return null;
  return {
    locale,
    callbackUrl: safeCallbackUrl(params.get('callbackUrl')) ?? localePath(locale, '/'),
    isSessionRequired: error === 'SessionRequired',
  };
}

/** What the form remembers of the start: the note to repeat, the address to come back to. */
export function rememberSignInStart(start: SignInStart): void {
  remember(NOTE_KEY, start.isSessionRequired ? 'SessionRequired' : null);
  remember(CALLBACK_KEY, start.callbackUrl);
}

/**
 * The interaction the server started for this page (ADR 054 amendment): `/user/login` came with the
 * provider's cookies and the form's interaction in a `<meta name="tessera-interaction">` instead of
 * a round trip through the provider. It goes into the address as the provider's redirect would have
 * put it, once (the tag is removed), with the note and the way back remembered as a start in the
 * browser would. True when there was one.
 */
export function adoptStartedSignIn(
  location: Location = window.location,
  head: ParentNode = document.head,
): boolean {
  const tag = head.querySelector<HTMLMetaElement>('meta[name="tessera-interaction"]');
  if (!tag) return false;
  tag.remove();
  const start = signInStartOf(location);
  if (!start || !tag.content) return false;
  rememberSignInStart(start);
  window.history.replaceState(
    window.history.state,
    '',
    `${location.pathname}?uid=${encodeURIComponent(tag.content)}`,
  );
  return true;
}

const LEAVING_TEXT: Record<Locale, string> = {
  el: 'Μετάβαση στη σύνδεση…',
  en: 'Taking you to sign in…',
};

/**
 * Opening `/user/login` directly (a bookmark, a link, a guard's redirect from another page load)
 * only starts signing in. The server usually starts it itself and the page comes with its
 * interaction (`adoptStartedSignIn`: the app boots on the form); else the browser leaves for the
 * provider, which sends it back to `/user/login?uid=…` for the form. Run before the app boots, so that page is the only one that
 * boots it (issue 17: no double boot on the sign-in path; before, the app booted, rendered the
 * shell and the page, read the session, then left and booted again). Resolves true when the browser
 * is leaving; false when the app should boot: another page, a signed-in visitor (the page sends
 * them on), or a failed start (the page shows why, and does not try again by itself).
 */
export async function startSignInBeforeBoot(
  location: Location = window.location,
  container: HTMLElement | null = document.getElementById('root'),
): Promise<boolean> {
  if (adoptStartedSignIn(location)) return false;
  const start = signInStartOf(location);
  if (!start) return false;
  try {
    if (await getSession()) return false;
  } catch {
    return false;
  }
  let note: HTMLElement | null = null;
  if (container) {
    note = document.createElement('p');
    note.setAttribute('role', 'status');
    note.className = 'tessera-spinner tessera-spinner--page';
    note.textContent = LEAVING_TEXT[start.locale];
    // In the static frame's main area when there is one (index.html): the header stays painted.
    (container.querySelector('main') ?? container).replaceChildren(note);
  }
  rememberSignInStart(start);
  const result = await signIn(start.callbackUrl, start.locale);
  if (!result.error) return true;
  note?.remove();
  const params = new URLSearchParams(location.search);
  params.set('error', result.error);
  params.set('callbackUrl', start.callbackUrl);
  window.history.replaceState(window.history.state, '', `${location.pathname}?${params.toString()}`);
  return false;
}
