/**
 * The portal's cookie names. With secure cookies (production, or an https public address) the
 * session and CSRF cookies carry the `__Host-` prefix, so the browser keeps them only when they are
 * `Secure`, host-only and for path `/` (a sibling subdomain cannot plant them; issue 12 §7). The
 * pending sign-in cookie is scoped to the callback path, so it can only take `__Secure-`.
 */
export type CookieNames = { session: string; csrf: string; pendingSignIn: string; device: string };

export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? {
        session: '__Host-tessera.session',
        csrf: '__Host-tessera.csrf',
        pendingSignIn: '__Secure-tessera.signin',
        device: '__Host-tessera.device',
      }
    : {
        session: 'tessera.session',
        csrf: 'tessera.csrf',
        pendingSignIn: 'tessera.signin',
        // Issue 21 (ADR 031): a remembered device, signed, for 30 days.
        device: 'tessera.device',
      };
}

/** The names outside production on http: what tests and local tools send. */
export const PLAIN_COOKIES = cookieNames(false);
