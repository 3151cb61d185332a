import { createHmac } from 'node:crypto';
import { API_SCOPES, type ApiScope } from '@tessera/domain';
import { jwtVerify, SignJWT } from 'jose';

/**
 * What a public API access token says: the client (its public id), its company, the scopes granted,
 * and the secret it was bought with (`sid`): the token works only while that secret does (issue 33
 * §7), so a rotation without overlap ends it at once, as a revocation does.
 */
export type ApiTokenClaims = { clientId: string; companyId: string; scopes: ApiScope[]; secretId: string };

const ISSUER = 'tessera';
const AUDIENCE = 'tessera-public-api';

/**
 * Access tokens of the public API (ADR 034), as the terminal API's (ADR 016): HS256 JWTs under a key
 * derived from the server's secret, for their own audience only, so a terminal's token is no API
 * client's and neither opens the portal. The guard still reads the client's row on every call, so a
 * revocation takes effect at once.
 */
export function createApiTokens(options: { secret: string; lifetimeSeconds: number }) {
  const key = createHmac('sha256', options.secret).update('tessera public api access tokens').digest();
  return {
    lifetimeSeconds: options.lifetimeSeconds,
    async issue(claims: ApiTokenClaims): Promise<string> {
      return new SignJWT({ cid: claims.companyId, scope: claims.scopes.join(' '), sid: claims.secretId })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(claims.clientId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${options.lifetimeSeconds}s`)
        .sign(key);
    },
    /** The claims of a valid token, or null (bad signature, expired, another audience). */
    async verify(token: string): Promise<ApiTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') return null;
        // A token without its secret (issued before tokens named it) is refused: the client takes a new one.
        if (typeof payload.scope !== 'string' || typeof payload.sid !== 'string') return null;
        const scopes = payload.scope
          .split(' ')
          .filter((scope): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope));
        return { clientId: payload.sub, companyId: payload.cid, scopes, secretId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type ApiTokens = ReturnType<typeof createApiTokens>;
