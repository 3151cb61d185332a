import { documentOutcomes, NotAadeXml, parseRequestedDoc, parseResponseDoc } from './aade-xml';
import type {
  CancelInvoiceResult,
  NoAnswer,
  SendInvoicesResult,
  TaxAuthorityGateway,
  TransmittedDocsQuery,
  TransmittedDocsResult,
} from './gateway';

/**
 * AADE's myDATA REST API, ERP channel (API documentation v2.0.1, "ERP" edition): `POST SendInvoices`
 * with an `InvoicesDoc` body, `POST CancelInvoice?mark=…`, `GET RequestTransmittedDocs?mark=…`; each
 * authenticated by the `aade-user-id` and `ocp-apim-subscription-key` headers of the user's
 * subscription, each answered with XML (`ResponseDoc`, `RequestedDoc`). Tested against a local fake
 * AADE in `rest-gateway.test.ts`.
 */

export const MYDATA_BASE_URLS = {
  /** The development environment (register at AADE's developer portal for its credentials). */
  dev: 'https://mydataapidev.aade.gr/',
  production: 'https://mydatapi.aade.gr/myDATA/',
} as const;
export type MydataEnvironment = keyof typeof MYDATA_BASE_URLS;

export type RestGatewayOptions = {
  environment: MydataEnvironment;
  /** `aade-user-id`: the user name of the myDATA REST subscription. */
  userId: string;
  /** `ocp-apim-subscription-key`: the subscription's key. Never logged. */
  subscriptionKey: string;
  /** How long a call may take, connection and answer together, before it counts as unreachable. */
  timeoutMs: number;
  /** Another address than the environment's (a test's fake AADE; a forward proxy). */
  baseUrl?: string;
  fetch?: typeof fetch;
};

/** Keeps a stored or logged answer small: AADE's answers are short, an HTML error page is not. */
const MAX_KEPT_BODY = 64 * 1024;

type Reply = { ok: true; status: number; body: string } | NoAnswer;

/** `YYYY-MM-DD` as myDATA's query parameters write dates: `dd/MM/yyyy`. */
export function queryDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`${date} is not YYYY-MM-DD`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

export function createRestGateway(options: RestGatewayOptions): TaxAuthorityGateway {
  const baseUrl = options.baseUrl ?? MYDATA_BASE_URLS[options.environment];
  const doFetch = options.fetch ?? fetch;

  async function call(
    method: 'GET' | 'POST',
    action: string,
    query: Record<string, string | undefined>,
    body?: string,
  ): Promise<Reply> {
    const url = new URL(action, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(name, value);
    }
    let status: number;
    let text: string;
    try {
      const response = await doFetch(url, {
        method,
        headers: {
          'aade-user-id': options.userId,
          'ocp-apim-subscription-key': options.subscriptionKey,
          ...(body === undefined ? {} : { 'content-type': 'text/xml; charset=utf-8' }),
        },
        ...(body === undefined ? {} : { body }),
        // One deadline for connecting, sending and reading the whole answer.
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        return {
          kind: 'unreachable',
          reason: 'timeout',
          httpStatus: null,
          detail: `no answer in ${options.timeoutMs} ms`,
        };
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return {
        kind: 'unreachable',
        reason: 'network',
        httpStatus: null,
        detail: cause?.code ?? cause?.message ?? (error as Error).message,
      };
    }
    const kept = text.slice(0, MAX_KEPT_BODY);
    if (status === 401 || status === 403) {
      return { kind: 'failed', reason: 'unauthorized', httpStatus: status, detail: kept };
    }
    if (status === 429)
      return { kind: 'unreachable', reason: 'rate-limited', httpStatus: status, detail: kept };
    if (status >= 500)
      return { kind: 'unreachable', reason: 'server-error', httpStatus: status, detail: kept };
    return { ok: true, status, body: kept };
  }

  /** A 2xx (or a 4xx that still carries AADE's XML) read by `read`; anything else is no answer. */
  function answerOf<T>(reply: Reply, read: (body: string, status: number) => T): T | NoAnswer {
    if (!('ok' in reply)) return reply;
    try {
      return read(reply.body, reply.status);
    } catch (error) {
      if (!(error instanceof NotAadeXml)) throw error;
      if (reply.status >= 400) {
        return { kind: 'failed', reason: 'bad-request', httpStatus: reply.status, detail: reply.body };
      }
      return {
        kind: 'unreachable',
        reason: 'unexpected-answer',
        httpStatus: reply.status,
        detail: error.message,
      };
    }
  }

  return {
    name: options.environment === 'production' ? 'aade-production' : 'aade-dev',
    channel: 'erp',

    async sendInvoices(xml: string): Promise<SendInvoicesResult> {
      const reply = await call('POST', 'SendInvoices', {}, xml);
      return answerOf(reply, (body) => ({
        kind: 'answered' as const,
        documents: documentOutcomes(parseResponseDoc(body)),
        raw: body,
      }));
    },

    async cancelInvoice(mark: string): Promise<CancelInvoiceResult> {
      const reply = await call('POST', 'CancelInvoice', { mark });
      return answerOf(reply, (body): CancelInvoiceResult => {
        const [entry] = parseResponseDoc(body);
        if (entry?.statusCode === 'Success' && entry.cancellationMark) {
          return {
            kind: 'answered',
            status: 'cancelled',
            cancellationMark: entry.cancellationMark,
            raw: body,
          };
        }
        return { kind: 'answered', status: 'refused', errors: entry?.errors ?? [], raw: body };
      });
    },

    async requestTransmittedDocs(query: TransmittedDocsQuery = {}): Promise<TransmittedDocsResult> {
      const reply = await call('GET', 'RequestTransmittedDocs', {
        mark: query.mark ?? '0',
        dateFrom: query.dateFrom ? queryDate(query.dateFrom) : undefined,
        dateTo: query.dateTo ? queryDate(query.dateTo) : undefined,
        receiverVatNumber: query.receiverVatNumber,
        invType: query.invoiceType,
        maxMark: query.maxMark,
        nextPartitionKey: query.continuation?.nextPartitionKey,
        nextRowKey: query.continuation?.nextRowKey,
      });
      return answerOf(reply, (body, status): TransmittedDocsResult => {
        try {
          return { kind: 'answered', ...parseRequestedDoc(body), raw: body };
        } catch (error) {
          if (!(error instanceof NotAadeXml)) throw error;
          // AADE refuses a malformed search with a ResponseDoc of errors (103: no mark…).
          const errors = parseResponseDoc(body).flatMap((entry) => entry.errors);
          return {
            kind: 'failed',
            reason: 'bad-request',
            httpStatus: status,
            detail: errors.map((entry) => `${entry.code}: ${entry.message}`).join('; '),
          };
        }
      });
    },
  };
}
