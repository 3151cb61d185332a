import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_EVENT_TYPE_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '@tessera/domain';
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

/** Reads at most `limit` characters of an answer, then lets the rest go. */
async function excerptOf(response: Response, limit: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (text.length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel().catch(() => undefined);
  return text.slice(0, limit);
}

/**
 * POSTs the event to the endpoint, signed at `signedAt`. A 2xx answer is a delivery; anything
 * else (a redirect too: it is not followed), a timeout or a refused connection is a failure.
 */
export async function sendEvent(
  endpoint: Pick<EndpointRow, 'url' | 'secret'>,
  event: EventRow,
  options: { attempt: number; signedAt: Date; timeoutMs: number; fetch?: typeof fetch },
): Promise<AttemptResult> {
  const body = eventBody(event);
  try {
    const response = await (options.fetch ?? fetch)(endpoint.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
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
    const excerpt = await excerptOf(response, EXCERPT_LENGTH).catch(() => '');
    return {
      ok: response.status >= 200 && response.status < 300,
      statusCode: response.status,
      excerpt,
      error: null,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      statusCode: null,
      excerpt: null,
      error: (cause ? `${cause}: ${message}` : message).slice(0, 200),
    };
  }
}
