import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once: none of ours depends on the request (no
 * nonces, no per-request directives), so every response can carry the same set.
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return headers;
}

/**
 * The security headers of every response (CSP, HSTS, frame, referrer and friends), by helmet, and
 * the request's id (`x-request-id`, which error bodies repeat), set
 * through Fastify's reply so they go out with its own headers in one piece. `@fastify/helmet` ran
 * helmet again — parsing the CSP directives — on every request and set each header on the raw
 * response, which cost more than the health route itself (issue 17's profile). A route that hijacks
 * its reply copies the reply's headers to the raw response (the OpenID provider does).
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  isAsset: (url: string) => boolean = () => false,
  transport: {
    /**
     * Also send HSTS on an answer to a request that came over https — on a TLS socket, or through
     * a proxy TRUST_PROXY names (Fastify's `request.protocol`) — when `options` does not send it
     * on every answer (production without an https PUBLIC_URL; issue 33 §8).
     */
    hstsOverHttps?: boolean;
  } = {},
): void {
  const headers = securityHeadersOf(options);
  const assetHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => ASSET_HEADERS.has(name)),
  );
  const hsts =
    transport.hstsOverHttps && !headers['strict-transport-security']
      ? // helmet's default HSTS (a year, subdomains included), as `hsts: true` would send it.
        securityHeadersOf({})['strict-transport-security']
      : undefined;
  // A health probe (route config `probe`) is read by a load balancer or a monitor, never shown:
  // the headers of a built file and a CSP that allows nothing, not the document's set (ADR 053).
  const probeHeaders = { ...assetHeaders, 'content-security-policy': PROBE_CSP };
  // One hook for every header known when the request arrives: each hook costs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      request.routeOptions.config.probe ? probeHeaders : isAsset(request.url) ? assetHeaders : headers,
    );
    if (hsts && request.protocol === 'https') reply.header('strict-transport-security', hsts);
    reply.header('x-request-id', request.id);
    done();
  });
}

/** The CSP of an answer nothing renders: no source of anything, no framing. */
const PROBE_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The headers that mean something on a built script, style or image: the rest (CSP, frame,
 * opener, referrer and the legacy ones) govern documents, and on each of the first load's files
 * they were half a kilobyte over the wire for nothing (issue 17's initial-JavaScript budget).
 */
const ASSET_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);
