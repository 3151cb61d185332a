import { ERROR_CODE, PUBLIC_BULK_MAX_LINES, WEBHOOK_EVENT_TYPES, type API_SCOPES } from '@tessera/domain';
import type { PublicRoutes } from '../api-clients';

/**
 * The public API's own OpenAPI document (issue 22 §2, ADR 037): the routes under `/api/public/v1`
 * taken from the server's generated document (so it cannot drift from what the routes validate),
 * with the API's introduction, its OAuth 2 security scheme and scopes, worked examples and the
 * error codes. Served at `GET /api/public/v1/openapi.json`, rendered by the portal's page
 * `/account/api-docs`, and checked against every answer by the contract tests.
 */

const PREFIX = '/api/public/v1';

const SCOPE_TEXT: Record<(typeof API_SCOPES)[number], string> = {
  'cards:read': 'Read cards and cardholders',
  'cards:write': 'Create cardholders',
  'orders:read': 'Read orders, their invoices, the balance and the statement',
  'orders:write': 'Create and submit orders, load cards in bulk',
  webhooks: 'Manage webhook endpoints',
};

const INTRODUCTION = `The API of Tessera for a company's own systems (payroll, HR, ERP).

**Authentication.** An order manager creates an API client on the portal (Account → API clients) and copies its secret, shown once. Your system exchanges the client's id and secret for an access token (OAuth 2 client credentials, \`POST ${PREFIX}/oauth/token\`, HTTP Basic or form fields), valid for one hour, and sends it as \`Authorization: Bearer <token>\`. Each route needs one scope.

**Writes.** Every POST needs an \`Idempotency-Key\` header (a UUID per operation): a retry with the same key and body is answered with the first answer and changes nothing; the same key with another body is refused (409). Keys are remembered for 24 hours.

**Pages.** Lists answer \`{ data, nextCursor }\`; pass \`nextCursor\` as \`cursor\` for the next page (\`null\` on the last one). \`limit\` is 1–200 (50 by default).

**Money** is integer cents of euro. **Dates** are Athens calendar days (\`YYYY-MM-DD\`); instants are ISO 8601 in UTC.

**Errors** are RFC 9457 problem details (\`application/problem+json\`) in the language of \`Accept-Language\` (Greek by default, \`en\` for English): \`type\`, \`title\`, \`status\`, \`detail\`, and for a refused field \`errors: [{ field, code, message }]\` naming it (\`lines.12.amountCents\`). \`errorCode\` is the portal's error number (table below) and \`requestId\` identifies the call for support.

**Bulk loads.** \`POST ${PREFIX}/loads/bulk\` takes up to ${PUBLIC_BULK_MAX_LINES.toLocaleString('en')} lines with the Excel template's columns and judges them by the same rules as an uploaded file; any line in error refuses the call, naming every line.

**Invoices.** Every invoice and credit note the provider issues to the company (for the fees of its orders) is listed at \`GET ${PREFIX}/invoices\` (\`orders:read\`) with its lines, its MARK once AADE's myDATA has it, and the links to its downloads: the myDATA XML (\`/mydata\`), the PDF (\`/pdf\`) and the UBL XML, EN 16931 (\`/ubl\`).

**Webhooks.** An endpoint subscribes to event types: ${WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}. \`invoice.issued\` tells of an invoice or a credit note issued to the company, in the transaction that issued it: its \`data\` holds \`invoiceId\`, \`number\` (\`TPY-1042\`), \`kind\` (\`invoice\` or \`credit-note\`), \`documentType\`, \`issueDate\`, \`netCents\`, \`vatCents\`, \`grossCents\`, \`orderId\`, \`correlatedInvoiceId\` and \`links\` (\`self\`, \`mydataXml\`, \`pdf\`, \`ubl\`).

**Limits.** Calls are counted per client (429 with \`retry-after\` beyond the limit); every call is written to the company's audit log.`;

const bulkExample = {
  purpose: 'load',
  alias: 'Payroll 2026-11',
  paymentMethod: 'RF',
  lines: [
    { cardId: '5d0c3a57-4c55-4c65-9a57-0f5b0c1d2e3f', amountCents: 15000 },
    { last4: '4821', employeeCode: 'E-1042', amountCents: 20000 },
  ],
};

const orderExample = {
  type: 'load',
  product: 'TICKET_RESTAURANT',
  family: 'plastic',
  paymentMethod: 'RF',
  lines: [{ cardId: '5d0c3a57-4c55-4c65-9a57-0f5b0c1d2e3f', amountCents: 15000 }],
};

const problemExample = {
  type: 'urn:tessera:problem:business-rule',
  title: 'The request cannot be completed.',
  status: 422,
  detail: 'lines.1.cardId: No card of the company has this number.',
  instance: `${PREFIX}/loads/bulk`,
  errorCode: ERROR_CODE.BUSINESS_RULE,
  requestId: 'req-1f',
  errors: [
    { field: 'lines.1.cardId', code: 'bulkUnknownCard', message: 'No card of the company has this number.' },
  ],
};

type Operation = {
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  parameters?: { in: string; name: string }[];
  [key: string]: unknown;
};

const EXAMPLES: Record<string, { request?: unknown; responses?: Record<string, unknown> }> = {
  'post /loads/bulk': { request: bulkExample, responses: { 422: problemExample } },
  'post /orders': { request: orderExample },
  'post /oauth/token': {
    request: { grant_type: 'client_credentials', scope: 'cards:read orders:write' },
    responses: {
      200: {
        access_token: 'eyJhbGciOiJIUzI1NiJ9…',
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cards:read orders:write',
      },
      401: { error: 'invalid_client' },
    },
  },
  'post /cardholders': {
    request: {
      firstName: 'Μαρία',
      lastName: 'Παπαδοπούλου',
      email: 'maria@example.gr',
      employeeCode: 'E-1042',
    },
  },
};

/**
 * Each operation's `operationId` (what client generators name their methods after), stable across
 * releases. An operation missing here gets one derived from its method and path, so none lacks one.
 */
const OPERATION_IDS: Record<string, string> = {
  'post /oauth/token': 'createAccessToken',
  'get /me': 'getApiClient',
  'get /webhook-endpoints': 'listWebhookEndpoints',
  'post /webhook-endpoints': 'createWebhookEndpoint',
  'delete /webhook-endpoints/{endpointId}': 'deleteWebhookEndpoint',
  'get /cards': 'listCards',
  'get /cards/{cardId}': 'getCard',
  'get /cardholders': 'listCardholders',
  'post /cardholders': 'createCardholder',
  'post /orders': 'createOrder',
  'post /loads/bulk': 'createBulkLoad',
  'post /order-drafts/{draftId}/submit': 'submitOrderDraft',
  'get /orders': 'listOrders',
  'get /orders/{orderId}': 'getOrder',
  'get /balance': 'getBalance',
  'get /statements': 'listStatementEntries',
  'get /invoices': 'listInvoices',
  'get /invoices/{invoiceId}': 'getInvoice',
  'get /invoices/{invoiceId}/mydata': 'getInvoiceMydataXml',
  'get /invoices/{invoiceId}/pdf': 'getInvoicePdf',
  'get /invoices/{invoiceId}/ubl': 'getInvoiceUbl',
};

/** `get /order-drafts/{draftId}/submit` → `getOrderDraftsByDraftIdSubmit`. */
function derivedOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, 'by-$1'))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

/**
 * The token operation's client authentication (RFC 6749 §2.3.1): HTTP Basic with the client's id
 * and secret, or (the empty requirement) `client_id` and `client_secret` in the body.
 */
const TOKEN_SECURITY = [{ clientBasic: [] }, {}];

/**
 * The public document built from the server's whole document, its server being `origin` (the
 * portal's PUBLIC_URL, else the origin the request came to: never a development default).
 */
export function publicDocument(whole: Record<string, unknown>, origin: string): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, item] of Object.entries(
    (whole.paths ?? {}) as Record<string, Record<string, Operation>>,
  )) {
    if (!path.startsWith(PREFIX) || path === `${PREFIX}/openapi.json`) continue;
    const short = path.slice(PREFIX.length);
    const operations: Record<string, Operation> = {};
    for (const [method, operation] of Object.entries(item)) {
      const copy: Operation = structuredClone(operation);
      copy.operationId = OPERATION_IDS[`${method} ${short}`] ?? derivedOperationId(method, short);
      if (short === '/oauth/token') copy.security = TOKEN_SECURITY;
      // The Idempotency-Key header is documented once as a parameter, not as a schema of its own.
      const example = EXAMPLES[`${method} ${short}`];
      const json = copy.requestBody?.content?.['application/json'];
      if (json && example?.request) json.example = example.request;
      for (const [status, body] of Object.entries(example?.responses ?? {})) {
        const response = copy.responses?.[status]?.content;
        const media = response?.['application/json'] ?? response?.['application/problem+json'];
        if (media) media.example = body;
      }
      // Problem answers are `application/problem+json`.
      for (const [status, response] of Object.entries(copy.responses ?? {})) {
        if (Number(status) >= 400 && short !== '/oauth/token' && response.content?.['application/json']) {
          response.content = { 'application/problem+json': response.content['application/json'] };
        }
      }
      operations[method] = copy;
    }
    paths[path] = operations;
  }
  const errorCodes = Object.entries(ERROR_CODE)
    .map(([name, code]) => `| ${code} | \`${name}\` |`)
    .join('\n');
  return {
    openapi: '3.0.3',
    info: {
      title: 'Tessera public API',
      version: '1',
      // The API is the provider's, for its client companies under their contract: not open source.
      license: { name: 'Proprietary: for Tessera client companies under their contract', url: `${origin}/` },
      description: `${INTRODUCTION}\n\n### Error codes\n\n| errorCode | name |\n|---|---|\n${errorCodes}`,
    },
    servers: [{ url: origin.replace(/\/$/, '') }],
    tags: [
      { name: 'cards', description: 'Cards and their balances' },
      { name: 'cardholders', description: 'The company’s people' },
      { name: 'orders', description: 'Loads, new cards, drafts and orders' },
      { name: 'statements', description: 'Balance and statement' },
      {
        name: 'invoices',
        description: 'Invoices and credit notes of the company’s orders, sent to AADE’s myDATA',
      },
      { name: 'webhooks', description: 'Events sent to your endpoints' },
    ],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        clientBasic: {
          type: 'http',
          scheme: 'basic',
          description: 'The API client’s id and secret, for `POST /oauth/token` only.',
        },
        clientCredentials: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: `${PREFIX}/oauth/token`,
              scopes: SCOPE_TEXT,
            },
          },
        },
      },
    },
  };
}

/**
 * `GET /api/public/v1/openapi.json`: open to anyone (it holds no company's data). Its server is the
 * fixed PUBLIC_URL, else the origin the request came to (scheme and host as the server trusts them,
 * TRUST_PROXY included), so a client reading it from the portal's address calls that address.
 */
export function publicOpenApiRoutes(options: { publicUrl: string; isPublicUrlFixed: boolean }): PublicRoutes {
  return async (app) => {
    const documents = new Map<string, Record<string, unknown>>();
    app.get('/openapi.json', { schema: { hide: true } }, async (request, reply) => {
      const origin = options.isPublicUrlFixed
        ? options.publicUrl
        : `${request.protocol}://${request.host}`.toLowerCase();
      let document = documents.get(origin);
      if (!document) {
        document = publicDocument(app.swagger() as unknown as Record<string, unknown>, origin);
        // A few origins at most (the names a server answers to); a flood of made-up hosts is not kept.
        if (documents.size < 16) documents.set(origin, document);
      }
      return reply.header('cache-control', 'public, max-age=300').header('vary', 'host').send(document);
    });
  };
}
