import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@tessera/domain';
import http from 'node:http';
import https from 'node:https';
import {
  addressOfHostname,
  guardedLookup,
  nonPublicRange,
  TargetNotPublicError,
  type ResolveHost,
} from '../../platform/outbound-address';
import type { EndpointRow, EventRow } from './repository';
import { signatureHeader } from './signing';

/** The longest excerpt of an answer the delivery log keeps. */
export const EXCERPT_LENGTH = 500;

/** What one attempt came to: the endpoint's status and answer, or why none came. */
export type AttemptResult =
  | { ok: boolean; statusCode: number; excerpt: string; error: null }
  | { ok: false; statusCode: null; excerpt: null; error: string };

/** The body every endpoint gets: the event id (the de-duplication key), its type, time and data. */
export function eventBody(event: EventRow): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    companyId: event.companyId,
    data: event.payload,
  });
}

/**
 * Sends deliveries: POSTs over `http`/`https` agents whose DNS look-up is the outbound guard's
 * (platform/outbound-address.ts). Unless private targets are allowed (development only), a literal
 * address that is not public is refused before connecting, and a name is resolved and judged by
 * the connection's own look-up, so an answer changed since the endpoint was saved (DNS rebinding)
 * opens no connection. Redirects are never followed.
 */
export type DeliveryAgent = {
  /** POSTs `body`; answers the status and the first `limit` characters of the answer. */
  post(
    url: string,
    request: { headers: Record<string, string>; body: string; timeoutMs: number; limit: number },
  ): Promise<{ statusCode: number; excerpt: string }>;
};

export function createDeliveryAgent(options: {
  resolveHost: ResolveHost;
  /** Private, loopback and link-local targets are allowed (development and tests only). */
  allowPrivate: boolean;
}): DeliveryAgent {
  const lookup = guardedLookup(options.resolveHost, { allowPrivate: options.allowPrivate });
  // No keep-alive: every delivery connects anew, through the guarded look-up.
  const agents = { 'http:': new http.Agent({ lookup }), 'https:': new https.Agent({ lookup }) };
  return {
    async post(text, request) {
      const url = new URL(text);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw Object.assign(new Error(`unsupported protocol ${url.protocol}`), { code: 'EPROTO' });
      }
      // A literal address never reaches the look-up: judged here (rows saved before the guard too).
      const literal = addressOfHostname(url.hostname);
      const range = literal === null ? null : nonPublicRange(literal);
      if (range && !options.allowPrivate) throw new TargetNotPublicError(url.hostname, range);
      return new Promise((resolve, reject) => {
        const outgoing = (url.protocol === 'https:' ? https : http).request(
          url,
          {
            method: 'POST',
            agent: agents[url.protocol as 'http:' | 'https:'],
            headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
            signal: AbortSignal.timeout(request.timeoutMs),
          },
          (response) => {
            const decoder = new TextDecoder();
            let excerpt = '';
            const finish = () => {
              response.destroy();
              resolve({ statusCode: response.statusCode ?? 0, excerpt: excerpt.slice(0, request.limit) });
            };
            response.on('data', (chunk: Buffer) => {
              excerpt += decoder.decode(chunk, { stream: true });
              // Reads at most `limit` characters of an answer, then lets the rest go.
              if (excerpt.length >= request.limit) finish();
            });
            response.on('end', finish);
            response.on('error', () => finish());
          },
        );
        outgoing.on('error', reject);
        outgoing.end(request.body);
      });
    },
  };
}

/**
 * POSTs the event to the endpoint, signed at `signedAt`. A 2xx answer is a delivery; anything
 * else (a redirect too: it is not followed), a timeout, a refused connection or a target that is
 * not public is a failure.
 */
export async function sendEvent(
  endpoint: Pick<EndpointRow, 'url' | 'secret'>,
  event: EventRow,
  options: { attempt: number; signedAt: Date; timeoutMs: number; agent: DeliveryAgent },
): Promise<AttemptResult> {
  const body = eventBody(event);
  try {
    const response = await options.agent.post(endpoint.url, {
      timeoutMs: options.timeoutMs,
      limit: EXCERPT_LENGTH,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tessera-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(endpoint.secret, body, options.signedAt),
        [WEBHOOK_EVENT_ID_HEADER]: event.id,
        [WEBHOOK_EVENT_TYPE_HEADER]: event.type,
        'tessera-delivery-attempt': String(options.attempt),
      },
      body,
    });
    return {
      ok: response.statusCode >= 200 && response.statusCode < 300,
      statusCode: response.statusCode,
      excerpt: response.excerpt,
      error: null,
    };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      statusCode: null,
      excerpt: null,
      error: (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 200),
    };
  }
}
