import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';

export type OidcClient = {
  /** The provider's discovered configuration, fetched on first use and kept (STACK: lazy, memoised). */
  configuration(): Promise<client.Configuration>;
};

/**
 * The portal as OpenID client of its own provider (ARCHITECTURE §6). Every back-channel call
 * (discovery, token, revocation) goes through `app.inject()`: no port is needed, so the flow works
 * in tests and behind any proxy. The `Host` and `X-Forwarded-Proto` of the public URL are sent so
 * the provider builds its URLs for the browser (STACK).
 */
export function createOidcClient(options: {
  app: FastifyInstance;
  issuer: string;
  publicUrl: string;
  clientId: string;
  clientSecret: string;
}): OidcClient {
  const base = new URL(options.publicUrl);
  const isHttp = base.protocol === 'http:';

  const fetchThroughApp: client.CustomFetch = async (url, request) => {
    const target = new URL(url);
    const body = request.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : Buffer.from(
                await new Response(body as ConstructorParameters<typeof Response>[0]).arrayBuffer(),
              );
    const response = await options.app.inject({
      method: request.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...request.headers, host: base.host, 'x-forwarded-proto': base.protocol.slice(0, -1) },
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    const hasBody = ![204, 205, 304].includes(response.statusCode);
    return new Response(hasBody ? response.rawPayload : null, { status: response.statusCode, headers });
  };

  let pending: Promise<client.Configuration> | undefined;
  return {
    configuration() {
      pending ??= client
        .discovery(
          new URL(options.issuer),
          options.clientId,
          undefined,
          client.ClientSecretBasic(options.clientSecret),
          {
            // Plain http only where the public URL is http (development and tests).
            execute: isHttp ? [client.allowInsecureRequests] : [],
            [client.customFetch]: fetchThroughApp,
          },
        )
        .catch((error: unknown) => {
          pending = undefined;
          throw error;
        });
      return pending;
    },
  };
}
