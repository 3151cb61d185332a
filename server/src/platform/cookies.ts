/**
 * The portal's cookie names. With secure cookies (production, or an https public address) the
 * session and CSRF cookies carry the `__Host-` prefix, so the browser keeps them only when they are
 * `Secure`, host-only and for path `/` (a sibling subdomain cannot plant them; issue 12 §7). The
 * pending sign-in cookie is scoped to the callback path, so it can only take `__Secure-`.
 */
export type CookieNames = {
  session: string;
  csrf: string;
  pendingSignIn: string;
  /** The browser's id for new-device notices (ADR 033), a year. */
  device: string;
  /** A device remembered after a second factor (ADR 031), signed, 30 days. */
  trustedDevice: string;
};

/** The device cookie lives a year (ADR 033): a browser unseen for longer is new again. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

export function cookieNames(secure: boolean): CookieNames {
  return secure
    ? {
        session: '__Host-tessera.session',
        csrf: '__Host-tessera.csrf',
        pendingSignIn: '__Secure-tessera.signin',
        device: '__Host-tessera.device',
        trustedDevice: '__Host-tessera.trusted',
      }
    : {
        session: 'tessera.session',
        csrf: 'tessera.csrf',
        pendingSignIn: 'tessera.signin',
        device: 'tessera.device',
        trustedDevice: 'tessera.trusted',
      };
}

/** The names outside production on http: what tests and local tools send. */
export const PLAIN_COOKIES = cookieNames(false);
