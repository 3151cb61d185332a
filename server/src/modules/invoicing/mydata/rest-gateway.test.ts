import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { documentOf, orderFeeLines } from '../../../../test/invoicing-helper';
import { parseInvoicesDoc } from './aade-xml';
import { invoicesDocXml } from './invoices-doc';
import { createRestGateway, MYDATA_BASE_URLS, queryDate } from './rest-gateway';
import { mydataUid } from './uid';
import { validateMydataXml } from './xsd';

/**
 * Issue 37 §2: the REST adapter of AADE's myDATA against a fake AADE on a free local port, which
 * answers as AADE's documentation (and what AADE is seen to send) shows: success, validation
 * errors, a 500, a connection that never answers, a refused subscription key, and
 * RequestTransmittedDocs answering back what was sent.
 */

const USER = 'tessera-erp';
const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

type Seen = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
};
type Handler = (request: Seen, response: ServerResponse) => void;

let server: Server;
let base: string;
let seen: Seen[] = [];
let handler: Handler;
/** What the fake AADE holds: the `<invoice>` elements it accepted, with the UID and MARK it gave. */
let held: { uid: string; mark: string; xml: string }[] = [];
let nextMark = 400001000000001n;

const APIM_DENIED =
  '{ "statusCode": 401, "message": "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription." }';

function xml(response: ServerResponse, body: string, status = 200) {
  response.writeHead(status, { 'content-type': 'application/xml; charset=utf-8' });
  response.end(body);
}

/** AADE as documented: the headers checked first, then each document answered. */
const aade: Handler = (request, response) => {
  if (request.headers['aade-user-id'] !== USER || request.headers['ocp-apim-subscription-key'] !== KEY) {
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(APIM_DENIED);
    return;
  }
  if (request.method === 'POST' && request.path === '/SendInvoices') {
    const answers = parseInvoicesDoc(request.body).map((invoice, position) => {
      const uid = mydataUid({ ...invoice, branch: invoice.issuerBranch });
      const mark = String(nextMark++);
      held.push({ uid, mark, xml: invoice.xml });
      return `<response><index>${position + 1}</index><invoiceUid>${uid}</invoiceUid><invoiceMark>${mark}</invoiceMark><qrUrl>https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=sSsx%2bThUx5i3%3d</qrUrl><statusCode>Success</statusCode></response>`;
    });
    xml(
      response,
      `<?xml version="1.0" encoding="utf-8"?><ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">${answers.join('')}</ResponseDoc>`,
    );
    return;
  }
  if (request.method === 'POST' && request.path === '/CancelInvoice') {
    const found = held.find((document) => document.mark === request.query.get('mark'));
    xml(
      response,
      found
        ? `<?xml version="1.0" encoding="utf-8"?><ResponseDoc><response><cancellationMark>${nextMark++}</cancellationMark><statusCode>Success</statusCode></response></ResponseDoc>`
        : `<?xml version="1.0" encoding="utf-8"?><ResponseDoc><response><statusCode>ValidationError</statusCode><errors><error><message>Requested Invoice was not found</message><code>104</code></error></errors></response></ResponseDoc>`,
    );
    return;
  }
  if (request.method === 'GET' && request.path === '/RequestTransmittedDocs') {
    const after = BigInt(request.query.get('mark') ?? '-1');
    if (after < 0n) {
      xml(
        response,
        `<?xml version="1.0" encoding="utf-8"?><ResponseDoc><response><statusCode>ValidationError</statusCode><errors><error><message>Please pass mark in the request parameters</message><code>103</code></error></errors></response></ResponseDoc>`,
        400,
      );
      return;
    }
    const invoices = held
      .filter((document) => BigInt(document.mark) > after)
      .map((document) =>
        document.xml.replace(
          /^<invoice\b[^>]*>/,
          (open) => `${open}<uid>${document.uid}</uid><mark>${document.mark}</mark>`,
        ),
      );
    xml(
      response,
      `<?xml version="1.0" encoding="utf-8"?><RequestedDoc xmlns="http://www.aade.gr/myDATA/invoice/v1.0" xmlns:icls="https://www.aade.gr/myDATA/incomeClassificaton/v1.0"><continuationToken><nextPartitionKey>78A4SD5FG</nextPartitionKey><nextRowKey>AS25AS45F</nextRowKey></continuationToken><invoicesDoc>${invoices.join('')}</invoicesDoc></RequestedDoc>`,
    );
    return;
  }
  response.writeHead(404);
  response.end();
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.aade');
      const entry = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      };
      seen.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  held = [];
  nextMark = 400001000000001n;
  handler = aade;
});

const gateway = (options: { timeoutMs?: number; key?: string } = {}) =>
  createRestGateway({
    environment: 'dev',
    userId: USER,
    subscriptionKey: options.key ?? KEY,
    timeoutMs: options.timeoutMs ?? 5_000,
    baseUrl: base,
  });

const invoiceXml = (aa = 1042) => invoicesDocXml([documentOf(orderFeeLines(), { aa })]);

describe('SendInvoices', () => {
  it('posts the InvoicesDoc with the two headers and reads the UID, MARK and QR URL AADE gives', async () => {
    const body = invoiceXml();
    const result = await gateway().sendInvoices(body);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/SendInvoices', body });
    expect(request!.headers).toMatchObject({
      'aade-user-id': USER,
      'ocp-apim-subscription-key': KEY,
      'content-type': 'text/xml; charset=utf-8',
    });
    const uid = mydataUid({
      issuerVat: '099999999',
      issueDate: '2026-11-30',
      branch: 0,
      invoiceType: '2.1',
      series: 'TPY',
      aa: 1042,
    });
    expect(result).toMatchObject({
      kind: 'answered',
      documents: [
        {
          index: 1,
          status: 'accepted',
          uid,
          mark: '400001000000001',
          authenticationCode: null,
          qrUrl: 'https://mydataapidev.aade.gr/TimologioQR/QRInfo?q=sSsx%2bThUx5i3%3d',
        },
      ],
    });
    // The fake answers in AADE's published shape.
    if (result.kind === 'answered')
      expect(await validateMydataXml(result.raw, 'ResponseDoc')).toEqual({ valid: true });
  });

  it('reads AADE’s validation errors per document, and its duplicate refusal with the MARK it holds', async () => {
    handler = (_request, response) =>
      xml(
        response,
        `<?xml version="1.0" encoding="utf-8"?>
<ResponseDoc xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
    <response>
        <index>1</index>
        <invoiceUid>6F825B9B74717280D1F9A38252D0B65604C6D162</invoiceUid>
        <invoiceMark>480301204040191</invoiceMark>
        <statusCode>Success</statusCode>
    </response>
    <response>
        <index>2</index>
        <statusCode>ValidationError</statusCode>
        <errors>
            <error><message>The sum of vat amount of the invoice lines doesn't match with total vat amount of the invoice</message><code>209</code></error>
            <error><message>Counterpart Name is forbidden for Counterpart from Greece</message><code>220</code></error>
        </errors>
    </response>
    <response>
        <index>3</index>
        <statusCode>ValidationError</statusCode>
        <errors><error><message>The UID: E983749569A44D1417B39328DED86B6E84AF6B59 is invalid . It has already been sent for another invoice (MARK:400001966030681 , AUTHENTICATION_CODE:7C9A)</message><code>228</code></error></errors>
    </response>
    <response>
        <index>4</index>
        <statusCode>TechnicalError</statusCode>
        <errors><error><message>Unexpected technical error for invoice line</message><code>206</code></error></errors>
    </response>
</ResponseDoc>`,
      );
    const result = await gateway().sendInvoices(invoiceXml());
    expect(result.kind).toBe('answered');
    if (result.kind !== 'answered') return;
    expect(result.documents).toEqual([
      {
        index: 1,
        status: 'accepted',
        uid: '6F825B9B74717280D1F9A38252D0B65604C6D162',
        mark: '480301204040191',
        authenticationCode: null,
        qrUrl: null,
      },
      {
        index: 2,
        status: 'refused',
        statusCode: 'ValidationError',
        errors: [
          {
            code: '209',
            message:
              "The sum of vat amount of the invoice lines doesn't match with total vat amount of the invoice",
          },
          { code: '220', message: 'Counterpart Name is forbidden for Counterpart from Greece' },
        ],
        duplicateOfMark: null,
      },
      expect.objectContaining({ index: 3, status: 'refused', duplicateOfMark: '400001966030681' }),
      {
        index: 4,
        status: 'technical-error',
        errors: [{ code: '206', message: 'Unexpected technical error for invoice line' }],
      },
    ]);
  });

  it('counts a 500, a 503 and a 429 as AADE unreachable, not as an answer', async () => {
    for (const [status, reason] of [
      [500, 'server-error'],
      [503, 'server-error'],
      [429, 'rate-limited'],
    ] as const) {
      handler = (_request, response) => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end('Service Unavailable');
      };
      expect(await gateway().sendInvoices(invoiceXml())).toMatchObject({
        kind: 'unreachable',
        reason,
        httpStatus: status,
      });
    }
  });

  it('gives up on a connection that never answers at its timeout, as unreachable', async () => {
    handler = () => undefined; // accepts, reads, never answers
    const started = performance.now();
    const result = await gateway({ timeoutMs: 300 }).sendInvoices(invoiceXml());
    expect(result).toMatchObject({ kind: 'unreachable', reason: 'timeout', httpStatus: null });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(seen).toHaveLength(1);
  });

  it('counts a closed port as unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await createRestGateway({
      environment: 'dev',
      userId: USER,
      subscriptionKey: KEY,
      timeoutMs: 2_000,
      baseUrl: `http://127.0.0.1:${port}/`,
    }).sendInvoices(invoiceXml());
    expect(result).toMatchObject({ kind: 'unreachable', reason: 'network', detail: 'ECONNREFUSED' });
  });

  it('reports a refused subscription key as a failed call, without the key', async () => {
    const result = await gateway({ key: 'wrong-key-0000' }).sendInvoices(invoiceXml());
    expect(result).toMatchObject({ kind: 'failed', reason: 'unauthorized', httpStatus: 401 });
    expect(JSON.stringify(result)).not.toContain('wrong-key-0000');
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it('counts an answer that is not AADE’s XML (a proxy’s page) as no answer', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Maintenance</body></html>');
    };
    expect(await gateway().sendInvoices(invoiceXml())).toMatchObject({
      kind: 'unreachable',
      reason: 'unexpected-answer',
      httpStatus: 200,
    });
  });
});

describe('CancelInvoice and RequestTransmittedDocs', () => {
  it('cancels by MARK in the query, with no body, and reads the cancellation MARK or AADE’s refusal', async () => {
    const sent = await gateway().sendInvoices(invoiceXml());
    const mark =
      sent.kind === 'answered' && sent.documents[0]!.status === 'accepted' ? sent.documents[0]!.mark : '';
    const cancelled = await gateway().cancelInvoice(mark);
    expect(cancelled).toMatchObject({
      kind: 'answered',
      status: 'cancelled',
      cancellationMark: '400001000000002',
    });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/CancelInvoice', body: '' });
    expect(request.query.get('mark')).toBe(mark);
    expect(await gateway().cancelInvoice('400009999999999')).toMatchObject({
      kind: 'answered',
      status: 'refused',
      errors: [{ code: '104', message: 'Requested Invoice was not found' }],
    });
  });

  it('reads back what was sent, with AADE’s UID and MARK, from the MARK and dates asked', async () => {
    await gateway().sendInvoices(
      invoicesDocXml([documentOf(orderFeeLines(), { aa: 7 }), documentOf(orderFeeLines(), { aa: 8 })]),
    );
    const result = await gateway().requestTransmittedDocs({
      mark: '400001000000001',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      receiverVatNumber: '094019245',
      invoiceType: '2.1',
    });
    const request = seen.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: '/RequestTransmittedDocs' });
    expect(Object.fromEntries(request.query)).toEqual({
      mark: '400001000000001',
      dateFrom: '01/11/2026',
      dateTo: '30/11/2026',
      receiverVatNumber: '094019245',
      invType: '2.1',
    });
    expect(result.kind).toBe('answered');
    if (result.kind !== 'answered') return;
    expect(result.invoices).toHaveLength(1);
    expect(result.invoices[0]).toMatchObject({
      mark: '400001000000002',
      uid: mydataUid({
        issuerVat: '099999999',
        issueDate: '2026-11-30',
        branch: 0,
        invoiceType: '2.1',
        series: 'TPY',
        aa: 8,
      }),
      issuerVat: '099999999',
      counterpartVat: '094019245',
      series: 'TPY',
      aa: '8',
      invoiceType: '2.1',
      totalGrossValue: '17.98',
    });
    expect(result.continuation).toEqual({ nextPartitionKey: '78A4SD5FG', nextRowKey: 'AS25AS45F' });
    expect(await validateMydataXml(result.raw, 'RequestedDoc')).toEqual({ valid: true });
  });

  it('reads AADE’s refusal of a malformed search as a failed call', async () => {
    handler = (request, response) => aade({ ...request, query: new URLSearchParams() }, response);
    expect(await gateway().requestTransmittedDocs()).toMatchObject({
      kind: 'failed',
      reason: 'bad-request',
      httpStatus: 400,
      detail: '103: Please pass mark in the request parameters',
    });
  });
});

describe('the addresses', () => {
  it('calls mydataapidev.aade.gr in development and mydatapi.aade.gr/myDATA in production', async () => {
    const urls: string[] = [];
    const recording = (async (url: URL | string) => {
      urls.push(String(url));
      return new Response('<ResponseDoc><response><statusCode>Success</statusCode></response></ResponseDoc>');
    }) as typeof fetch;
    for (const environment of ['dev', 'production'] as const) {
      const adapter = createRestGateway({
        environment,
        userId: USER,
        subscriptionKey: KEY,
        timeoutMs: 1_000,
        fetch: recording,
      });
      expect(adapter.name).toBe(environment === 'dev' ? 'aade-dev' : 'aade-production');
      await adapter.sendInvoices(invoiceXml());
      await adapter.requestTransmittedDocs({ mark: '5' });
    }
    expect(urls).toEqual([
      `${MYDATA_BASE_URLS.dev}SendInvoices`,
      `${MYDATA_BASE_URLS.dev}RequestTransmittedDocs?mark=5`,
      'https://mydatapi.aade.gr/myDATA/SendInvoices',
      'https://mydatapi.aade.gr/myDATA/RequestTransmittedDocs?mark=5',
    ]);
    expect(MYDATA_BASE_URLS.dev).toBe('https://mydataapidev.aade.gr/');
    expect(queryDate('2026-01-09')).toBe('09/01/2026');
  });
});
