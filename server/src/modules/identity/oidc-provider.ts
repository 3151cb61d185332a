import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import inject from 'light-my-request';
import Provider, {
  type Adapter,
  type AdapterPayload,
  type FindAccount,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import {
  consumeOidcPayload,
  destroyOidcPayload,
  findOidcPayload,
  findOidcPayloadByUid,
  findOidcPayloadByUserCode,
  loadOrCreateSigningKeys,
  revokeOidcPayloadsByGrantId,
  upsertOidcPayload,
} from './repository';

/** Where the provider is mounted; its issuer is the public URL plus this path (STACK: issuer = mount path). */
export const OIDC_PATH = '/api/v2/identity/oidc';
/** The portal's own client (the backend for frontend of the auth module). */
export const PORTAL_CLIENT_ID = 'tessera-portal';

/** Lifetimes in seconds (ADR 005). Tokens stay on the server; the portal session bounds their use. */
export const OIDC_TTL = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  IdToken: 3600,
  Interaction: 3600,
  Grant: 12 * 3600,
  Session: 12 * 3600,
} as const;

/** The scopes of the portal client and the claims each releases (STACK: custom claims need a scope). */
const CLAIMS = {
  // `amr` (RFC 8176): how the user signed in — `otp`/`mfa` with the second factor (issue 21, ADR 031).
  openid: ['sub', 'amr'],
  email: ['email', 'email_verified'],
  profile: [
    'name',
    'given_name',
    'family_name',
    'locale',
    'userRoleId',
    'userId',
    'firstName',
    'lastName',
    'relatedCompanies',
  ],
};
const PORTAL_SCOPE = 'openid profile email';

/** The portal client's secret: derived from the session secret, so nothing else needs configuring. */
export function portalClientSecret(sessionSecret: string): string {
  return createHash('sha256').update(`${sessionSecret}:oidc-client`).digest('base64url');
}

/** A PostgreSQL adapter over `oidc_payloads` (STACK: one table, upsert/find/consume/destroy/revoke). */
export function createPgAdapter(db: Db): new (name: string) => Adapter {
  return class PgAdapter implements Adapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const nested = payload as {
        session?: { accountId?: string };
        result?: { login?: { accountId?: string } };
      };
      const accountId =
        payload.accountId ?? nested.session?.accountId ?? nested.result?.login?.accountId ?? null;
      await upsertOidcPayload(db, {
        type: this.type,
        id,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        accountId,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      });
    }

    find(id: string) {
      return findOidcPayload(db, this.type, id);
    }

    findByUid(uid: string) {
      return findOidcPayloadByUid(db, this.type, uid);
    }

    findByUserCode(userCode: string) {
      return findOidcPayloadByUserCode(db, this.type, userCode);
    }

    consume(id: string) {
      return consumeOidcPayload(db, this.type, id);
    }

    destroy(id: string) {
      return destroyOidcPayload(db, this.type, id);
    }

    revokeByGrantId(grantId: string) {
      return revokeOidcPayloadsByGrantId(db, grantId);
    }
  };
}

/** The signing keys from the database; the first start generates an RS256 key (STACK). */
export function loadSigningKeys(db: Db): Promise<Record<string, unknown>[]> {
  return loadOrCreateSigningKeys(db, () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomUUID();
    return { kid, jwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' } };
  });
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Adds the hash of an inline script to the page's Content-Security-Policy (set by helmet). */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('Content-Security-Policy');
  if (!csp) return;
  const digest = createHash('sha256').update(script).digest('base64');
  ctx.response.set(
    'Content-Security-Policy',
    csp.replace(
      /script-src ([^;]*)/,
      (_whole, sources: string) => `script-src ${sources} 'sha256-${digest}'`,
    ),
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="el"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">${body}</body></html>`;
}

export type ProviderOptions = {
  db: Db;
  publicUrl: string;
  /**
   * PUBLIC_URL was given: the portal's client returns only there. Otherwise it may return to the
   * callback and logout paths of any host, and `mountOidcProvider` holds each request to its own.
   */
  isPublicUrlFixed: boolean;
  sessionSecret: string;
  cookieKeys: string[];
  findAccount: FindAccount;
  log: FastifyBaseLogger;
};

/**
 * The OpenID Connect provider (ARCHITECTURE §6) configured as STACK.md found it works with
 * openid-client in one process: lax cookies with the interaction cookie on `/`, the SPA's
 * `/user/login` as the interaction page, first-party grant without a consent page, custom claims
 * in the id token, and a sign-out page that submits itself.
 */
export async function createOidcProvider(options: ProviderOptions): Promise<Provider> {
  const { publicUrl } = options;
  const keys = await loadSigningKeys(options.db);
  // No `secure` here: each cookie is Secure when its request is https as the provider sees it,
  // which `mountOidcProvider` sets from what the server trusts (issue 33 §8).
  const cookieOptions = { httpOnly: true, sameSite: 'lax', signed: true };

  const provider = new Provider(`${publicUrl}${OIDC_PATH}`, {
    adapter: createPgAdapter(options.db),
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_secret: portalClientSecret(options.sessionSecret),
        client_name: 'Tessera',
        redirect_uris: [`${publicUrl}/api/auth/callback/tessera`],
        post_logout_redirect_uris: [`${publicUrl}/logout`, `${publicUrl}/en/logout`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys },
    cookies: {
      keys: options.cookieKeys,
      names: {
        session: 'tessera.op.session',
        interaction: 'tessera.op.interaction',
        resume: 'tessera.op.resume',
      },
      long: cookieOptions,
      short: { ...cookieOptions, path: '/' },
    },
    claims: CLAIMS,
    conformIdTokenClaims: false,
    findAccount: options.findAccount,
    // The SPA's sign-in page, in English when the portal asked with ui_locales=en (SPEC §2 locale prefix).
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string; params: Record<string, unknown> }) =>
        `${String(interaction.params.ui_locales ?? '').startsWith('en') ? '/en' : ''}/user/login?uid=${interaction.uid}`,
    },
    // First-party client: the grant of the portal's scopes is implied, so no consent page (STACK).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== PORTAL_CLIENT_ID) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(PORTAL_SCOPE);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // No "Do you want to sign out?" page: the form submits itself with logout=yes (STACK).
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          const script = 'document.forms[0].submit();';
          allowInlineScript(ctx, script);
          const withLogout = form.replace(
            '</form>',
            '<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Αποσύνδεση / Sign out</button></noscript></form>',
          );
          ctx.body = page('Αποσύνδεση / Signing out', `${withLogout}<script>${script}</script>`);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.body = page(
            'Tessera',
            `<p>Αποσυνδεθήκατε. / You are signed out.</p><p><a href="${escapeHtml(publicUrl)}/">Tessera</a></p>`,
          );
        },
      },
    },
    ttl: OIDC_TTL,
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = page(
        'Tessera',
        `<h1>Η σύνδεση δεν ολοκληρώθηκε / Sign-in could not be completed</h1><p>${escapeHtml(out.error_description ?? out.error ?? '')}</p><p><a href="${escapeHtml(publicUrl)}/user/login">Σύνδεση</a> · <a href="${escapeHtml(publicUrl)}/en/user/login">Sign in</a></p>`,
      );
    },
  });
  if (!options.isPublicUrlFixed) allowPortalPathsOnAnyHost(provider);
  // The provider reads the scheme and host of a request from X-Forwarded-Proto/-Host, which
  // `mountOidcProvider` replaces with what the server itself trusts: never a client's own claim.
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: unknown) =>
    options.log.error({ err: error }, 'identity provider error'),
  );
  // A listener replaces Koa's default, which prints to the console.
  provider.app.on('error', (error: unknown) =>
    options.log.error({ err: error }, 'identity provider request failed'),
  );
  return provider;
}

const PORTAL_RETURN_PATHS = {
  redirect: ['/api/auth/callback/tessera'],
  postLogout: ['/logout', '/en/logout'],
};

/** Whether `value` is an http(s) URL whose path is one of `paths`, with nothing else after it. */
function isPortalReturn(value: string, paths: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      paths.includes(url.pathname) &&
      url.search === '' &&
      url.hash === '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Without a fixed PUBLIC_URL the portal is opened at whatever address reaches it (`localhost`,
 * `127.0.0.1`, the machine's name on a network; issue 13 §1), and its client must return there:
 * its callback and logout paths are allowed on any host, and `mountOidcProvider` refuses a request
 * whose return address is on another host than the request itself.
 */
function allowPortalPathsOnAnyHost(provider: Provider): void {
  type ClientMethods = {
    clientId: string;
    redirectUriAllowed(value: string): boolean;
    postLogoutRedirectUriAllowed(value: string): boolean;
  };
  // The provider's own Client class (one per provider instance), as oidc-provider's recipes do.
  const prototype = (provider as unknown as { Client: { prototype: ClientMethods } }).Client.prototype;
  const redirectUriAllowed = prototype.redirectUriAllowed;
  const postLogoutRedirectUriAllowed = prototype.postLogoutRedirectUriAllowed;
  prototype.redirectUriAllowed = function (this: typeof prototype, value: string) {
    return (
      redirectUriAllowed.call(this, value) ||
      (this.clientId === PORTAL_CLIENT_ID && isPortalReturn(value, PORTAL_RETURN_PATHS.redirect))
    );
  };
  prototype.postLogoutRedirectUriAllowed = function (this: typeof prototype, value: string) {
    return (
      postLogoutRedirectUriAllowed.call(this, value) ||
      (this.clientId === PORTAL_CLIENT_ID && isPortalReturn(value, PORTAL_RETURN_PATHS.postLogout))
    );
  };
}

/** What the provider answered a request the server made for the browser (`ProviderRequester`). */
export type ProviderAnswer = { statusCode: number; location: string | undefined; setCookies: string[] };

/**
 * A GET of the provider made in the process on behalf of a browser's request, as if the browser had
 * followed a redirect there: its cookies, language and agent, and the scheme, host and address the
 * server trusts (ADR 054 amendment: the sign-in page starts its interaction without a round trip).
 */
export type ProviderRequester = (request: FastifyRequest, pathAndQuery: string) => Promise<ProviderAnswer>;

type OidcRequest = IncomingMessage & { originalUrl?: string };

/**
 * The scheme, host and address the provider (Koa, `proxy` on) sees: https on a TLS socket, behind a
 * proxy TRUST_PROXY names that says so, or with an https PUBLIC_URL — its cookies are then Secure
 * and its URLs https, as the portal's (issue 33 §8). What a client claimed in these headers itself
 * is dropped.
 */
function forwardedHeaders(request: FastifyRequest, isPublicUrlHttps: boolean): Record<string, string> {
  const isHttps = isPublicUrlHttps || request.protocol === 'https';
  return {
    'x-forwarded-proto': isHttps ? 'https' : 'http',
    'x-forwarded-host': request.host,
    'x-forwarded-for': request.ip,
  };
}

/** The provider's own path of a request under OIDC_PATH, the full one kept in `originalUrl`. */
function toProviderPath(raw: OidcRequest, url: string): void {
  raw.originalUrl = url;
  raw.url = url.slice(OIDC_PATH.length) || '/';
}

/** The headers of the browser's request the provider reads on a GET. */
const BROWSER_HEADERS = ['host', 'cookie', 'user-agent', 'accept', 'accept-language'] as const;

/**
 * Hands every request under OIDC_PATH to the provider's Koa callback from a root `onRequest` hook,
 * before Fastify parses the body (STACK: a Fastify route fails POSTs with 415). The prefix is
 * stripped from `url` and kept in `originalUrl`, from which the provider builds its endpoint URLs.
 * Returns the way to ask the provider in the process for a browser (`ProviderRequester`).
 */
export function mountOidcProvider(
  app: FastifyInstance,
  provider: Provider,
  options: {
    isPublicUrlFixed: boolean;
    /** PUBLIC_URL is https: the portal's public face is TLS, whatever a request says. */
    isPublicUrlHttps: boolean;
  },
): ProviderRequester {
  const handle = provider.callback();
  // A callback hook: every request of the portal passes it, and an async one costs each a promise
  // (ADR 053). Nothing in it waits.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    if (!(url === OIDC_PATH || url.startsWith(`${OIDC_PATH}/`) || url.startsWith(`${OIDC_PATH}?`)))
      return done();
    try {
      checkReturnAddresses(request, url, options.isPublicUrlFixed);
    } catch (error) {
      return done(error as Error);
    }
    reply.hijack();
    // Fastify writes nothing of a hijacked reply: the headers set so far (the security headers)
    // go to the raw response, where the provider's pages read and extend the CSP.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    const raw = request.raw as OidcRequest;
    Object.assign(raw.headers, forwardedHeaders(request, options.isPublicUrlHttps));
    toProviderPath(raw, url);
    handle(raw, reply.raw);
    // The reply is hijacked: Fastify runs no later hook nor route for it.
    done();
  });

  return async (request, pathAndQuery) => {
    if (!pathAndQuery.startsWith(`${OIDC_PATH}/`))
      throw new Error(`not a path of the provider: ${pathAndQuery}`);
    checkReturnAddresses(request, pathAndQuery, options.isPublicUrlFixed);
    const headers: Record<string, string> = forwardedHeaders(request, options.isPublicUrlHttps);
    for (const name of BROWSER_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await inject(
      (raw, response) => {
        toProviderPath(raw as OidcRequest, pathAndQuery);
        handle(raw, response);
      },
      { method: 'GET', url: pathAndQuery, headers, remoteAddress: request.ip },
    );
    const setCookie = answer.headers['set-cookie'];
    return {
      statusCode: answer.statusCode,
      location: typeof answer.headers.location === 'string' ? answer.headers.location : undefined,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie],
    };
  };
}

/** Return addresses stay on the host the request came to (see allowPortalPathsOnAnyHost). */
function checkReturnAddresses(request: FastifyRequest, url: string, isPublicUrlFixed: boolean): void {
  if (isPublicUrlFixed) return;
  const query = new URL(url, 'http://x').searchParams;
  const origin = `${request.protocol}://${request.host}`.toLowerCase();
  for (const name of ['redirect_uri', 'post_logout_redirect_uri']) {
    const value = query.get(name);
    if (value !== null && !sameOrigin(value, origin)) {
      throw new AppError('VALIDATION', `${name} on another host than the request`, {
        fields: [{ field: name, key: 'invalidValue' }],
      });
    }
  }
}

function sameOrigin(value: string, origin: string): boolean {
  try {
    return new URL(value).origin.toLowerCase() === origin;
  } catch {
    return false;
  }
}

/** A random opaque token for emailed codes. */
export function randomCode(): string {
  return randomBytes(32).toString('base64url');
}
