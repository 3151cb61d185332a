import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** What a terminal's access token says: the terminal, its merchant and its MID. */
export type TerminalClaims = { terminalId: string; merchantId: string; mid: string };

export const TERMINAL_SCOPE = 'terminal';
/** Terminals whose tokens are kept verified at once; past it the list starts over. */
const MAX_VERIFIED = 20_000;
const ISSUER = 'tessera';
const AUDIENCE = 'tessera-terminal-api';

/**
 * Short-lived signed access tokens of the terminal API (OAuth 2 client credentials, RFC 6749 §4.4;
 * ADR 016): an HS256 JWT under a key derived from the server's secret, so checking one needs no
 * database read. Its audience is the terminal API only: the portal never accepts it.
 */
export function createTerminalTokens(options: { secret: string; lifetimeSeconds: number }) {
  const key = createHmac('sha256', options.secret).update('tessera terminal access tokens').digest();
  /** Tokens whose signature and claims were verified, until they expire. */
  const verified = new Map<string, { claims: TerminalClaims; expiresAtMs: number }>();
  /**
   * The claims of a valid token, or why it is refused: `expired` (a well-signed token past its
   * lifetime: the terminal takes a new one) or `invalid` (anything else). The terminal API says
   * which in its Bearer error's description (RFC 6750 §3.1, ADR 044).
   */
  async function check(
    token: string,
  ): Promise<{ ok: true; claims: TerminalClaims } | { ok: false; problem: 'expired' | 'invalid' }> {
    // A token checked once is the same token until it expires: a terminal sends one for every call
    // of its lifetime, so its signature is verified once, not on each purchase (ADR 053).
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return { ok: true, claims: known.claims };
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const { sub, mer, mid, scope } = payload;
      if (
        scope !== TERMINAL_SCOPE ||
        typeof sub !== 'string' ||
        typeof mer !== 'string' ||
        typeof mid !== 'string'
      ) {
        return { ok: false, problem: 'invalid' };
      }
      const claims = { terminalId: sub, merchantId: mer, mid };
      if (typeof payload.exp === 'number') {
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return { ok: true, claims };
    } catch (error) {
      return { ok: false, problem: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
  return {
    lifetimeSeconds: options.lifetimeSeconds,
    check,
    async issue(claims: TerminalClaims): Promise<string> {
      return new SignJWT({ mer: claims.merchantId, mid: claims.mid, scope: TERMINAL_SCOPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(claims.terminalId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${options.lifetimeSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null (bad signature, expired, another audience). */
    async verify(token: string): Promise<TerminalClaims | null> {
      const checked = await check(token);
      return checked.ok ? checked.claims : null;
    },
  };
}
export type TerminalTokens = ReturnType<typeof createTerminalTokens>;
