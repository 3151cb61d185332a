import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** What a terminal's access token says: the terminal, its merchant and its MID. */
export type TerminalClaims = { terminalId: string; merchantId: string; mid: string };

export const TERMINAL_SCOPE = 'terminal';
const ISSUER = 'tessera';
const AUDIENCE = 'tessera-terminal-api';

/**
 * Short-lived signed access tokens of the terminal API (OAuth 2 client credentials, RFC 6749 §4.4;
 * ADR 016): an HS256 JWT under a key derived from the server's secret, so checking one needs no
 * database read. Its audience is the terminal API only: the portal never accepts it.
 */
export function createTerminalTokens(options: { secret: string; lifetimeSeconds: number }) {
  const key = createHmac('sha256', options.secret).update('tessera terminal access tokens').digest();
  return {
    lifetimeSeconds: options.lifetimeSeconds,
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
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (payload.scope !== TERMINAL_SCOPE || typeof payload.sub !== 'string') return null;
        if (typeof payload.mer !== 'string' || typeof payload.mid !== 'string') return null;
        return { terminalId: payload.sub, merchantId: payload.mer, mid: payload.mid };
      } catch {
        return null;
      }
    },
  };
}
export type TerminalTokens = ReturnType<typeof createTerminalTokens>;
