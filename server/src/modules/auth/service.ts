import {
  AUTH_PROVIDER_ID,
  COMPANY_ROLES,
  splitLocalePath,
  type Locale,
  type RoleId,
  type AccountSession,
  type SessionResponse,
} from '@tessera/domain';
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { SessionPrincipal } from '../../platform/auth-guard';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/policy';

/** Who signs out their own sessions: the user, the session asking and the request. */
type SessionActor = Pick<Actor, 'userId' | 'sessionIdHash' | 'requestId'>;
import type { IdentityService } from '../identity';
import type { OidcClient } from './oidc-client';
import type { PortalSessionWithUserRow } from './repository';
import { sessionRef, type PortalSessionStore } from './sessions';
import { describeUserAgent, deviceLine } from './user-agent';

/** The browser at the callback: its User-Agent, address and device cookie (if it has one). */
export type SignInClient = { userAgent?: string | null; address?: string | null; deviceId?: string | null };

/** A device id as this server issues them: 256 random bits, base64url. */
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

export type AuthService = ReturnType<typeof createAuthService>;

/** What the browser keeps between sign-in and callback, in a signed short-lived cookie. */
export type PendingSignIn = { state: string; verifier: string; callbackUrl: string; at: number };

/** Pending sign-ins older than this are refused at the callback. */
export const PENDING_SIGN_IN_SECONDS = 600;

/**
 * A same-origin path to return to after sign-in: absolute URLs of the portal are reduced to their
 * path; anything else (another origin, `//host`, `/\\host`, javascript:) becomes `/`.
 */
export function safeCallbackPath(callbackUrl: string | undefined, publicUrl: string): string {
  if (!callbackUrl) return '/';
  try {
    const base = new URL(publicUrl);
    const url = new URL(callbackUrl, base);
    if (url.origin !== base.origin) return '/';
    if (!callbackUrl.startsWith('/') && !callbackUrl.startsWith(base.origin)) return '/';
    if (/^[/\\]{2}/.test(callbackUrl) || callbackUrl.startsWith('/\\')) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('/') && !path.startsWith('//') ? path : '/';
  } catch {
    return '/';
  }
}

/**
 * The same URL on `origin`: the provider's endpoints as discovered name the public URL's host, but
 * the browser must stay on the host it opened (its cookies live there; issue 13 §1).
 */
function onOrigin(url: URL, origin: string): string {
  const target = new URL(origin);
  url.protocol = target.protocol;
  url.host = target.host;
  // Setting `host` without a port keeps the old one: https://portal.example behind a TLS proxy
  // must not become https://portal.example:3000, the server's own port.
  url.port = target.port;
  return url.href;
}

/** The locale of a return path (`/en/...` → en). */
export function localeOfPath(path: string): Locale {
  return splitLocalePath(path.split(/[?#]/)[0] ?? '/').locale;
}

/**
 * The backend for frontend (ARCHITECTURE §6): signs the browser in through the provider with
 * authorisation code + PKCE, keeps the tokens in the portal session and serves the session client
 * of SPEC §7.
 */
export function createAuthService(deps: {
  identity: IdentityService;
  sessions: PortalSessionStore;
  oidc: OidcClient;
  /** Where the audit entries of signing out sessions go. */
  db: Db;
  clientId: string;
}) {
  /** Where the provider sends the browser back, on the origin it signs in from. */
  const redirectUriOf = (origin: string) => `${origin}/api/auth/callback/${AUTH_PROVIDER_ID}`;

  /**
   * The principal of a live session, from the session row and its user as read together; a locked,
   * unconfirmed or removed user ends the session.
   */
  async function toPrincipal(row: PortalSessionWithUserRow): Promise<SessionPrincipal | null> {
    const { user } = row;
    if (!user || user.isLocked || !user.isConfirmed) {
      await deps.sessions.end(row.idHash);
      return null;
    }
    return {
      sessionIdHash: row.idHash,
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roleId: user.roleId as RoleId,
      // Copies: the row may be the process's cached one (ADR 050), and a principal is the request's.
      relatedCompanyIds: [...user.companyIds],
      preferredLanguage: user.preferredLanguage,
      companyId: row.companyId,
      acting:
        row.actingReason && (row.companyId || row.actingMerchantId)
          ? {
              companyId: row.actingMerchantId ? null : row.companyId,
              merchantId: row.actingMerchantId,
              reason: row.actingReason,
              since: row.actingSince ?? row.createdAt,
            }
          : null,
      createdAt: row.createdAt,
      expiresAt: deps.sessions.expiresAt(row),
      amr: [...row.amr],
      secondFactorAt: row.secondFactorAt,
      isSecondFactorRequired: user.isSecondFactorRequired,
      hasSecondFactor: user.hasSecondFactor,
    };
  }

  return {
    /** The session client's providers, with addresses on `origin` (the browser's). */
    providers(origin: string) {
      return {
        [AUTH_PROVIDER_ID]: {
          id: AUTH_PROVIDER_ID,
          name: 'Tessera',
          type: 'oidc' as const,
          signinUrl: `${origin}/api/auth/signin/${AUTH_PROVIDER_ID}`,
          callbackUrl: redirectUriOf(origin),
        },
      };
    },

    /** The principal of a session cookie value, or null (unknown, expired, or its user locked). */
    async resolve(sessionId: string | undefined): Promise<SessionPrincipal | null> {
      const row = await deps.sessions.resolve(sessionId);
      return row ? toPrincipal(row) : null;
    },

    /** `GET /api/auth/session`: next-auth's shape; `{}` when signed out. No token leaves the server. */
    sessionResponse(principal: SessionPrincipal | null): SessionResponse {
      if (!principal) return {};
      return {
        user: {
          name: `${principal.firstName} ${principal.lastName}`,
          email: principal.email,
          userRoleId: principal.roleId,
          userId: principal.userId,
          firstName: principal.firstName,
          lastName: principal.lastName,
          relatedCompanies: principal.relatedCompanyIds.map((companyId) => ({ companyId })),
          preferredLanguage: principal.preferredLanguage,
        },
        expires: principal.expiresAt.toISOString(),
        ...(principal.companyId ? { companyId: principal.companyId } : {}),
        ...(principal.acting
          ? {
              acting: {
                companyId: principal.acting.companyId,
                merchantId: principal.acting.merchantId,
                reason: principal.acting.reason,
                since: principal.acting.since.toISOString(),
              },
            }
          : {}),
      };
    },

    /**
     * Starts a sign-in: PKCE verifier and state for the pending cookie, and the provider's
     * authorisation URL. `prompt=login` always asks for the password, so an idle portal session
     * cannot be revived silently through a longer-lived provider session. Every address is on
     * `origin`, the one the browser opened.
     */
    async startSignIn(
      callbackUrl: string | undefined,
      origin: string,
    ): Promise<{ url: string; pending: PendingSignIn }> {
      const configuration = await deps.oidc.configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const path = safeCallbackPath(callbackUrl, origin);
      const locale: Locale = localeOfPath(path);
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUriOf(origin),
        scope: 'openid profile email',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        prompt: 'login',
        ui_locales: locale,
      });
      return { url: onOrigin(url, origin), pending: { state, verifier, callbackUrl: path, at: Date.now() } };
    },

    /**
     * Completes a sign-in at the callback: exchanges the code (state and PKCE checked), and starts
     * a new portal session holding the tokens. Order and payment managers with exactly one related
     * company act for it at once (SPEC §4).
     */
    async finishSignIn(currentUrl: URL, pending: PendingSignIn | null, browser: SignInClient = {}) {
      if (!pending || Date.now() - pending.at > PENDING_SIGN_IN_SECONDS * 1000) {
        throw new AppError('UNAUTHENTICATED', 'no pending sign-in for this callback');
      }
      const configuration = await deps.oidc.configuration();
      const tokens = await client
        .authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
        })
        .catch((error: unknown) => {
          throw new AppError('UNAUTHENTICATED', 'code exchange failed', { cause: error });
        });
      const claims = tokens.claims();
      const userId = claims?.sub;
      const user = userId ? await deps.identity.getSessionUser(userId) : undefined;
      if (!user) throw new AppError('UNAUTHENTICATED', 'token subject is no user');
      const isCompanyRole = (COMPANY_ROLES as readonly number[]).includes(user.roleId);
      // The provider's `amr` (issue 21, ADR 031): a typed code counts as a fresh second factor.
      const amr = Array.isArray(claims?.amr) ? claims.amr.filter((value) => typeof value === 'string') : [];
      const session = await deps.sessions.create(user.id, {
        amr,
        secondFactorAt: amr.includes('otp') ? new Date() : null,
        companyId: isCompanyRole && user.companyIds.length === 1 ? user.companyIds[0]! : null,
        tokens: {
          idToken: tokens.id_token ?? null,
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? null,
          accessTokenExpiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
        },
        client: { userAgent: browser.userAgent, address: browser.address },
      });
      // The browser's device id (a new one when it brings none, or a malformed one); a browser new
      // to the account mails the user, unless the account has never had one (ADR 033).
      const deviceId =
        browser.deviceId && DEVICE_ID.test(browser.deviceId)
          ? browser.deviceId
          : randomBytes(32).toString('base64url');
      const device = await deps.sessions.recordDevice(user.id, deviceId, browser.userAgent);
      if (device.isNew && !device.isFirst) {
        deps.identity.sendNewDeviceEmail(user.id, {
          at: session.row.createdAt,
          device: deviceLine(describeUserAgent(browser.userAgent)),
          address: browser.address ?? null,
        });
      }
      return { sessionId: session.id, callbackUrl: pending.callbackUrl, deviceId };
    },

    /**
     * Signs out (SPEC §4): revokes every token and session of the user, and returns the provider's
     * end-session URL with the id token hint and a return to `/logout` in the caller's language.
     */
    async signOut(
      principal: SessionPrincipal | null,
      callbackUrl: string | undefined,
      origin: string,
    ): Promise<{ url: string }> {
      const path = safeCallbackPath(callbackUrl, origin);
      const logoutPath = localeOfPath(path) === 'en' ? '/en/logout' : '/logout';
      const postLogout = `${origin}${logoutPath}`;
      if (!principal) return { url: postLogout };
      const ended = await deps.sessions.end(principal.sessionIdHash);
      await deps.identity.revokeUserTokens(principal.userId);
      const configuration = await deps.oidc.configuration();
      const url = client.buildEndSessionUrl(configuration, {
        post_logout_redirect_uri: postLogout,
        client_id: deps.clientId,
        ...(ended?.idToken ? { id_token_hint: ended.idToken } : {}),
      });
      return { url: onOrigin(url, origin) };
    },

    /** The user's live sessions with what each browser said of itself (ADR 033), the asking one marked. */
    async listSessions(
      principal: Pick<SessionPrincipal, 'userId' | 'sessionIdHash'>,
    ): Promise<AccountSession[]> {
      const rows = await deps.sessions.listOfUser(principal.userId);
      return rows.map((row) => ({
        sessionId: sessionRef(row.idHash),
        ...describeUserAgent(row.userAgent),
        address: row.clientAddress,
        signedInAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastSeenAt.toISOString(),
        isCurrent: row.idHash === principal.sessionIdHash,
      }));
    },

    /**
     * Signs out one of the user's own sessions (any of them, the current one too); another user's
     * session, or one that has ended, is NOT_FOUND. Audited.
     */
    async endOwnSession(actor: SessionActor, sessionId: string): Promise<void> {
      const ended = await deps.sessions.endOfUser(actor.userId, sessionId);
      if (!ended) throw new AppError('NOT_FOUND', `no session ${sessionId} of this user`);
      await writeAudit(deps.db, {
        actorUserId: actor.userId,
        action: 'session.end',
        entity: 'user',
        entityId: actor.userId,
        after: { sessionId, isCurrent: ended.idHash === actor.sessionIdHash, endedSessions: 1 },
        requestId: actor.requestId ?? null,
      });
    },

    /**
     * Signs out every other session of the user, and the provider's sessions and grants (so no
     * browser gets a new portal session without the password). Audited; returns how many ended.
     */
    async endOtherSessions(actor: SessionActor): Promise<number> {
      const ended = await deps.sessions.endAllOfUser(actor.userId, actor.sessionIdHash);
      await deps.identity.revokeUserTokens(actor.userId, { keepSessionIdHash: actor.sessionIdHash });
      await writeAudit(deps.db, {
        actorUserId: actor.userId,
        action: 'session.end_others',
        entity: 'user',
        entityId: actor.userId,
        after: { endedSessions: ended },
        requestId: actor.requestId ?? null,
      });
      return ended;
    },

    /** Ends one portal session (the one a browser brought to a new sign-in). */
    async endSession(principal: SessionPrincipal): Promise<void> {
      await deps.sessions.end(principal.sessionIdHash);
    },

    /**
     * `POST /api/revoke` (SPEC §7, called before sign-out): revokes the user's provider tokens and
     * every other portal session; the current one stays until sign-out, which needs its id token.
     */
    async revoke(principal: Pick<SessionPrincipal, 'userId' | 'sessionIdHash'>): Promise<void> {
      await deps.identity.revokeUserTokens(principal.userId, { keepSessionIdHash: principal.sessionIdHash });
    },
  };
}
