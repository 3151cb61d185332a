import { createHmac, randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_SCOPES, splitLocalePath, type Locale } from '@tessera/domain';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createOidcClient } from './modules/auth';
import { actingRoutes, auditLogRoutes, createAuditService, merchantActingRoutes } from './modules/audit';
import { authApiRoutes, authRoutes, signInPageRoutes } from './modules/auth';
import { createAuthService, type AuthService } from './modules/auth';
import { createPortalSessionStore, createPrincipalCache, type PortalSessionStore } from './modules/auth';
import {
  cardPrintingRoutes,
  createCardPrintingService,
  type CardPrintingService,
} from './modules/card-printing';
import { cardsRoutes } from './modules/cards';
import { createCardsService, type CardsService } from './modules/cards';
import { companiesRoutes } from './modules/companies';
import { createCompaniesService, type CompaniesService } from './modules/companies';
import { contentRoutes } from './modules/content';
import { createContentService, type ContentService } from './modules/content';
import { contractsRoutes, createContractsService, type ContractsService } from './modules/contracts';
import {
  createDeliveryPointsService,
  deliveryPointsRoutes,
  type DeliveryPointsService,
} from './modules/delivery-points';
import { devMailboxRoutes } from './modules/dev-mailbox';
import { APP_VERSION, healthRoutes, type HealthOptions } from './modules/health';
import { mountOidcProvider, PORTAL_CLIENT_ID, portalClientSecret } from './modules/identity';
import { identityRoutes } from './modules/identity';
import { createIdentityService, type IdentityService } from './modules/identity';
import { createLedgerService, type LedgerService } from './modules/ledger';
// Issue 37 (ADRs 056–059): invoices and credit notes, and their transmission to AADE's myDATA.
import {
  companyInvoiceRoutes,
  createInvoicingService,
  invoiceDeskRoutes,
  merchantInvoiceRoutes,
  invoicingTestRoutes,
  taxAuthorityGateway,
  TEST_INVOICING_SETTINGS,
  type InvoicingService,
  type InvoicingSettings,
} from './modules/invoicing';
import {
  createMerchantsService,
  merchantsRoutes,
  terminalDeskRoutes,
  type MerchantsService,
} from './modules/merchants';
import { createLeadsService, leadFormRoutes, leadsRoutes, type LeadsService } from './modules/leads';
import {
  createMerchantBillingService,
  merchantBillingRoutes,
  type MerchantBillingService,
} from './modules/merchant-billing';
import {
  createSettlementsService,
  settlementsRoutes,
  settlementsTestRoutes,
  type SettlementsService,
} from './modules/settlements';
import {
  createTerminalsService,
  merchantTransactionRoutes,
  terminalApiRoutes,
  virtualTerminalRoutes,
  type TerminalsService,
} from './modules/terminals';
import {
  companyDisputeRoutes,
  createDisputesService,
  disputeDeskRoutes,
  merchantDisputeRoutes,
  type DisputesService,
} from './modules/disputes';
import {
  createNotificationsService,
  notificationsRoutes,
  type NotificationsService,
} from './modules/notifications';
import { createDraftsService, draftsRoutes, type DraftsService } from './modules/drafts';
import { createOrdersService, ordersRoutes, type OrdersService } from './modules/orders';
import {
  createOrderPayments,
  createPaymentsService,
  createSandboxGateway,
  paymentsRoutes,
  sandboxBankRoutes,
  type PaymentsService,
} from './modules/payments';
import {
  createDocumentsService,
  createOrderMailer,
  documentsRoutes,
  type DocumentsService,
} from './modules/documents';
import {
  apiClientsRoutes,
  createApiClientsService,
  publicApiRoutes,
  type ApiClientsService,
} from './modules/api-clients';
import { createPublicApiService, publicApiResourceRoutes, publicOpenApiRoutes } from './modules/public-api';
import { createPeopleService, peopleRoutes, type PeopleService } from './modules/people';
// Issue 22 §3 (ADR 035): webhooks.
import {
  createWebhooksService,
  publicWebhookRoutes,
  webhooksRoutes,
  type WebhooksService,
} from './modules/webhooks';
import { createSpendRulesService, spendRulesRoutes, type SpendRulesService } from './modules/spend-rules';
import { bulkRoutes } from './modules/bulk';
// Issue 35 §4–5 (ADR 047): where to spend a card, and the cardholder's alerts.
import {
  cardholderAlertsRoutes,
  createCardholderAlertsService,
  type CardholderAlertsService,
} from './modules/cardholder-alerts';
import { cardholderStoresRoutes, createCardholderStoresService } from './modules/cardholder-stores';
// Issue 35 §8 (ADR 049): the company's and customer care's side of cardholders.
import {
  cardholderAppRoutes,
  cardholderCareRoutes,
  createCardholderCareService,
} from './modules/cardholder-care';
import { createBulkService, type BulkService } from './modules/bulk';
// Issue 35 §1–3, §7 (ADR 046): the cardholder's own identity and API under /api/my.
import { cardholderRoutes, createCardholdersService } from './modules/cardholders';
// Issue 18 §7–8 (ADR 026): fulfilment and client logs.
import { createFulfilmentService, fulfilmentRoutes, type FulfilmentService } from './modules/fulfilment';
import {
  clientLogBeaconRoutes,
  clientLogsRoutes,
  createClientLogsService,
  type ClientLogsService,
} from './modules/client-logs';
import { currentSession, installAuthGuard } from './platform/auth-guard';
import type { Config } from './platform/config';
import { cookieNames, installCsrfGuard } from './platform/csrf';
import type { Database } from './platform/db';
import { installErrorHandling, type ErrorCatalogue } from './platform/errors';
import { createJobs, type Jobs } from './platform/jobs';
import { installJsonBodyParser } from './platform/json-body';
import { purgeIdempotencyKeys } from './platform/idempotency';
import {
  createRecurringService,
  recurringRoutes,
  recurringTestRoutes,
  type RecurringService,
} from './modules/recurring';

import { createMailer, type Mailer } from './platform/mail';
import { createBusinessMetrics, installMetrics, instrumentJobs } from './platform/metrics';
import { COMPRESS_THRESHOLD, installSmallAnswerCompression } from './platform/compress-small';
import { indexHtmlFor, installSpa, isSpaPath, withHomeHero, withInteraction } from './platform/spa';
import { installTenantScope } from './platform/tenant';
import type { ResolveHost } from './platform/outbound-address';
import { installRequestContext } from './platform/request-context';
import { bufferedStdout, jsonLogger, OneLinePerRequest } from './platform/request-log';
import { installSecurityHeaders } from './platform/security-headers';
import { createResponseSerializerCompiler } from './platform/serializer';
import { validatorCompiler } from './platform/validation';

/** The purge of expired sessions, codes and idempotency keys: a pg-boss cron job (UTC). */
export const PURGE_JOB = 'platform.purge';
export const PURGE_CRON = '*/15 * * * *';

declare module 'fastify' {
  interface FastifyInstance {
    /** `index.html` per language (platform/spa.ts). */
    spaIndexHtml?: Record<Locale, string>;
  }
}

export type AppServices = {
  content: ContentService;
  mailer: Mailer;
  companies: CompaniesService;
  identity: IdentityService;
  sessions: PortalSessionStore;
  auth: AuthService;
  ledger: LedgerService;
  cards: CardsService;
  deliveryPoints: DeliveryPointsService;
  cardPrinting: CardPrintingService;
  spendRules: SpendRulesService;
  contracts: ContractsService;
  people: PeopleService;
  notifications: NotificationsService;
  drafts: DraftsService;
  orders: OrdersService;
  payments: PaymentsService;
  documents: DocumentsService;
  jobs: Jobs;
  bulk: BulkService;
  merchants: MerchantsService;
  terminals: TerminalsService;
  cardholderAlerts: CardholderAlertsService;
  disputes: DisputesService;
  settlements: SettlementsService;
  merchantBilling: MerchantBillingService;
  // Issue 18 §7–8 (ADR 026).
  fulfilment: FulfilmentService;
  clientLogs: ClientLogsService;
  leads: LeadsService;
  recurring: RecurringService;
  apiClients: ApiClientsService;
  webhooks: WebhooksService;
  // Issue 37 (ADR 059).
  invoicing: InvoicingService;
};
/** A route as Fastify registered it: `GET /api/v1/orders/retrieveOrderDetails`, `/x/:id` form. */
export type RegisteredRoute = { method: string; url: string };
export type App = FastifyInstance & { services: AppServices; routeList: readonly RegisteredRoute[] };

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass `false`. */
  logger?: boolean | object;
  mailer?: Mailer;
  /**
   * The job queue (pg-boss). By default one on `database.url`, whose workers `main.ts` starts once
   * the server listens; stopped when the app closes. Tests pass one with short polling.
   */
  jobs?: Jobs;
  /** Rows per batch of the bulk import worker (tests use small batches). */
  bulkBatchSize?: number;
  /** The health routes' pings and their age (tests fail the pings). */
  health?: HealthOptions;
  /** The DNS look-up of outbound targets (webhooks; ADR 039). Default: the system's; tests replace it. */
  resolveHost?: ResolveHost;
  /**
   * Invoicing's settings (issue 37): `main.ts` passes the environment's (`invoicingSettingsAtStart`,
   * which refuses production without AADE's); without them (tests) the sandbox AADE and the demo issuer.
   */
  invoicing?: InvoicingSettings;
};

/**
 * Builds the Fastify app from the platform and the modules. `main.ts` listens on it; tests call it
 * through `inject()`. Holds no state between requests beyond short content caches.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger ??
      (config.NODE_ENV === 'development' && process.stdout.isTTY
        ? { level: config.LOG_LEVEL, transport: { target: 'pino-pretty' } }
        : jsonLogger(config.LOG_LEVEL, bufferedStdout())),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Only the proxies named in TRUST_PROXY may speak for the client (issue 12 §3).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? // A hop count: believe the nearest `n` proxies (proxy-addr's meaning of a number).
          (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1_048_576,
    logController: new OneLinePerRequest(),
    // What the router refuses before any route (a path parameter too long, a malformed URL) leaves
    // through the one error handler too, in the standard error body (issue 20 §2).
    frameworkErrors: (error, request, reply) => {
      void app.errorHandler(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers written from their schema by fast-json-stringify; in tests also by zod, compared (ADR 053).
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: config.NODE_ENV === 'test' }));
  // Every route as it is registered (HEAD twins of GET routes left out): the route-table tests read
  // it, so a route the access table does not declare fails them (issue 20 §1).
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url });
    }
  });

  const mailer =
    options.mailer ?? createMailer(database, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const content = createContentService({
    db: database.db,
    mailer,
    contactInbox: config.CONTACT_INBOX,
    publicUrl: config.publicUrl,
  });
  let catalogue: ErrorCatalogue | undefined = content.catalogue();
  installRequestContext(app);
  installErrorHandling(app, () => catalogue);
  // Before any route: every JSON body is refused past JSON_MAX_DEPTH levels (issue 33 §3).
  installJsonBodyParser(app);

  installSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...(config.CHATBOT_URL ? [new URL(config.CHATBOT_URL).origin] : [])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      hsts: config.publicUrl.startsWith('https:'),
    },
    // Built files (the SPA's hashed assets) get only the headers that apply to them.
    (url) => url.startsWith('/assets/'),
    // In production HSTS also goes with every answer to a request that came over https.
    { hstsOverHttps: config.NODE_ENV === 'production' },
  );
  // JSON and text above 1 KB compressed (brotli at quality 1, or gzip at level 1); built assets
  // come precompressed from the build and already carry their encoding, so they pass untouched.
  // Quality 1, not the plugin's 4: on a page of 50 cards (32 KB) 0.26 ms of CPU instead of 1.1 ms,
  // for 6.3 KB on the wire instead of 5.3 (ADR 053). Answers up to 64 KB are compressed at once,
  // before the plugin's streams (platform/compress-small.ts).
  installSmallAnswerCompression(app);
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    customTypes: /^application\/(?:[\w.-]+\+)?json(?:;|$)|^text\/(?!event-stream)/,
  });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyFormbody);
  // One instance counts in memory; several share their counters in Redis (ARCHITECTURE §1).
  // Loaded only when used, as the documentation page below: a quicker start (issue 20 §6).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(fastifyRateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'tessera-rate-limit-', skipOnError: true } : {}),
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Tessera API', version: APP_VERSION, description: 'Portal API (SPEC §7)' },
      components: {
        securitySchemes: {
          // The terminal API's access tokens (OAuth 2 client credentials, ADR 016).
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The public API's tokens and their scopes (ADR 034, ADR 037).
          clientCredentials: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: '/api/public/v1/oauth/token',
                scopes: Object.fromEntries(API_SCOPES.map((scope) => [scope, scope])),
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (config.isApiDocs) {
    await app.register((await import('@fastify/swagger-ui')).default, { routePrefix: '/api/docs' });
  }

  const registry = installMetrics(app, { isPublic: config.isMetricsPublic, token: config.METRICS_TOKEN });
  // Issue 20 §6: the job queue's and the business's metrics beside the request durations.
  const metrics = createBusinessMetrics(registry);
  const jobs =
    options.jobs ?? createJobs({ url: database.url, migrationUrl: database.migrationUrl, log: app.log });
  app.addHook('onClose', async () => jobs.stop());
  instrumentJobs(registry, jobs, app.log);
  const cookies = cookieNames(config.secureCookies);
  installCsrfGuard(app, { secret: config.sessionSecret, cookies });

  const companies = createCompaniesService({ db: database.db });
  // The principal of a session, kept a few seconds and dropped at the database's word (ADR 050).
  const principalCache = createPrincipalCache({
    invalidations: database.invalidations,
    lifetimeMs: config.PRINCIPAL_CACHE_SECONDS * 1000,
  });
  await principalCache.ready;
  app.addHook('onClose', async () => principalCache.close());
  const sessions = createPortalSessionStore({
    db: database.db,
    idleSeconds: config.SESSION_IDLE_SECONDS,
    absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS,
    cache: principalCache,
  });
  const identity = await createIdentityService({
    db: database.db,
    mailer,
    content,
    companies,
    sessions,
    publicUrl: config.publicUrl,
    isPublicUrlFixed: config.isPublicUrlFixed,
    sessionSecret: config.sessionSecret,
    cookieKeys: config.oidcCookieKeys,
    maxFailedLogins: config.LOGIN_MAX_FAILED,
    log: app.log,
  });
  const auth = createAuthService({
    identity,
    sessions,
    db: database.db,
    oidc: createOidcClient({
      app,
      issuer: identity.issuer,
      publicUrl: config.publicUrl,
      clientId: PORTAL_CLIENT_ID,
      clientSecret: portalClientSecret(config.sessionSecret),
    }),
    clientId: PORTAL_CLIENT_ID,
  });
  installAuthGuard(app, (request) => auth.resolve(request.cookies[cookies.session]), {
    stepUpWindowMs: config.STEP_UP_MINUTES * 60_000,
  });
  const ledger = createLedgerService();
  const merchants = createMerchantsService({
    db: database.db,
    ledger,
    identity,
    mailer,
    publicUrl: config.publicUrl,
  });
  installTenantScope(app, {
    db: database.db,
    merchantOf: (userId) => merchants.merchantOf(userId),
    merchantExists: (merchantId) => merchants.merchantExists(merchantId),
    companyExists: (companyId) => companies.companyExists(companyId),
    rememberCompany: (sessionIdHash, companyId, actingReason) =>
      sessions.rememberCompany(sessionIdHash, companyId, actingReason),
  });
  const askProvider = mountOidcProvider(app, identity.provider, {
    isPublicUrlFixed: config.isPublicUrlFixed,
    isPublicUrlHttps: config.publicUrl.startsWith('https:'),
  });

  await app.register(healthRoutes(database, jobs, options.health), { prefix: '/api' });
  await app.register(contentRoutes(content), { prefix: '/api/content' });
  const authOptions = {
    service: auth,
    secret: config.sessionSecret,
    secureCookies: config.secureCookies,
    cookies,
    publicUrl: config.publicUrl,
    isPublicUrlFixed: config.isPublicUrlFixed,
    // Starting a sign-in costs no password check; allow a few per attempt.
    signInPerMinute: config.LOGIN_RATE_LIMIT * 3,
  };
  await app.register(authRoutes(authOptions), { prefix: '/api/auth' });
  await app.register(authApiRoutes({ service: auth }), { prefix: '/api' });
  // Issue 18 §8 (ADR 026): the client log beacon and the administrator's view of it.
  const clientLogs = createClientLogsService({ db: database.db });
  await app.register(clientLogBeaconRoutes(clientLogs), { prefix: '/api' });
  await app.register(clientLogsRoutes(clientLogs), { prefix: '/api/v1/client-logs' });
  await app.register(
    identityRoutes(identity, {
      loginPerMinute: config.LOGIN_RATE_LIMIT,
      resetPerMinute: config.RESET_RATE_LIMIT,
      deviceCookie: { name: cookies.trustedDevice, secure: config.secureCookies },
    }),
    { prefix: '/api/v2/identity' },
  );
  await app.register(companiesRoutes(companies), { prefix: '/api/v1/accounts' });
  const cards = createCardsService({ db: database.db, ledger });
  await app.register(cardsRoutes(cards), { prefix: '/api/v1/accounts' });
  // The company's set-up, cut by domain, still under the accounts service's URLs (SPEC §7).
  const deliveryPoints = createDeliveryPointsService({ db: database.db });
  const cardPrinting = createCardPrintingService({ db: database.db, deliveryPoints });
  const spendRules = createSpendRulesService({ db: database.db });
  const contracts = createContractsService({ db: database.db });
  const people = createPeopleService({ db: database.db, identity, companies, merchants });
  const notifications = createNotificationsService({
    db: database.db,
    cards,
    content,
    // Issue 18 §7 (ADR 026): returned shipments ring the company's bell (the service is made below).
    returnedShipments: (companyId) => fulfilment.returnedShipments(companyId),
    // Issue 19 (ADR 028): a recurring run that made nothing rings the bell too.
    recurringFailures: (companyId, since) => recurring.failedRuns(companyId, since),
    // Issue 34 §3 item 1: an order a run made that awaits payment rings the bell until paid.
    recurringAwaitingPayment: (companyId) => recurring.ordersAwaitingPayment(companyId),
    // Issue 34 §1 (ADR 043): an answered dispute of a card's purchase rings the bell too.
    disputesClosed: (companyId, since) => disputes.closedSince(companyId, since),
    // Issue 35 §3 (ADR 046): cards their holders reported lost, with a replacement draft waiting.
    cardsReportedLost: (companyId, since) => cardholders.reportedLostSince(companyId, since),
  });
  await app.register(deliveryPointsRoutes(deliveryPoints), { prefix: '/api/v1/accounts' });
  await app.register(cardPrintingRoutes(cardPrinting), { prefix: '/api/v1/accounts' });
  await app.register(spendRulesRoutes(spendRules), { prefix: '/api/v1/accounts' });
  await app.register(contractsRoutes(contracts), { prefix: '/api/v1/accounts' });
  await app.register(peopleRoutes(people), { prefix: '/api/v1/accounts' });
  await app.register(notificationsRoutes(notifications), { prefix: '/api/v1/accounts' });
  const drafts = createDraftsService({
    db: database.db,
    cards,
    deliveryPoints,
    contracts,
    identity,
    // A company's own price terms (issue 18 §3, ADR 024) under its contracts.
    companyPricing: (companyId) => companies.pricingTerms(companyId),
    companyProducts: (companyId) => companies.orderableProducts(companyId),
  });
  await app.register(draftsRoutes(drafts), { prefix: '/api/v1/orders' });
  // Where the browser is sent for payment and back: PUBLIC_URL, or paths on the host it opened.
  const browserBase = config.isPublicUrlFixed ? config.publicUrl : '';
  const bankSecret = createHmac('sha256', config.sessionSecret).update('sandbox-bank').digest('hex');
  const gateway = createSandboxGateway({ publicUrl: browserBase, secret: bankSecret });
  const orderMailer = createOrderMailer({
    content,
    identity,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  // Issue 37 (ADR 059): documents issued with the facts that charge fees (the modules below), sent
  // to AADE by the `invoicing.transmit` job after commit; the sandbox AADE unless configured.
  const invoicingSettings = options.invoicing ?? TEST_INVOICING_SETTINGS;
  const invoicing = createInvoicingService({
    db: database.db,
    settings: invoicingSettings,
    gateway: taxAuthorityGateway(invoicingSettings, database.db),
    parties: {
      company: (db, companyId) => companies.invoiceParty(companyId, db),
      merchant: async (db, merchantId) => {
        const party = await merchants.invoiceParty(merchantId, db);
        return { name: party.legalName, vatNumber: party.vatNumber, address: party.address };
      },
    },
    jobs,
    log: app.log,
    // Issue 37 §5: the `invoice.issued` webhook links to the document's downloads under it.
    publicUrl: config.publicUrl,
  });
  app.addHook('onClose', async () => invoicing.close());
  if (config.TEST_HOOKS) await app.register(invoicingTestRoutes(invoicing), { prefix: '/api/test' });
  // Issue 37 §3–4: the provider staff's invoice desk.
  await app.register(invoiceDeskRoutes(invoicing), { prefix: '/api/v1/invoice-desk' });
  // Settlements and payouts: the daily job and the provider's payout files (issue 15 §4).
  const settlements = createSettlementsService({
    db: database.db,
    ledger,
    merchants,
    jobs,
    // The payout desk e-mails a merchant whose payout the bank returned (issue 34).
    mailer,
    log: app.log,
    invoicing,
  });
  // What merchants owe and pay through the same gateway (issue 16); the bank's callback reaches it.
  const merchantBilling = createMerchantBillingService({
    db: database.db,
    ledger,
    merchants,
    settlements,
    gateway,
    publicUrl: browserBase,
    jobs,
    invoicing,
  });
  const orderPayments = createOrderPayments({ gateway, publicUrl: browserBase });
  const orders = createOrdersService({
    db: database.db,
    drafts,
    cards,
    ledger,
    identity,
    payments: orderPayments,
    notify: (notice) => orderMailer.notify(notice),
    // Issue 34 §3 item 3: an API client's orders name the client and who created it.
    otherActorNames: (ids) => apiClients.displayNames(ids),
    jobs,
    invoicing,
  });
  const payments = createPaymentsService({
    db: database.db,
    orders,
    orderPayments,
    gateway,
    otherCardPayments: [merchantBilling.cardPayments],
    metrics,
  });
  const documents = createDocumentsService({ orders, companies, identity, mailer: orderMailer });
  await app.register(ordersRoutes(orders), { prefix: '/api/v1/orders' });
  await app.register(paymentsRoutes(payments), { prefix: '/api/v1/orders' });
  await app.register(documentsRoutes(documents), { prefix: '/api/v1/orders' });
  // Issue 37 §4: the company's invoices and credit notes, with their order's number.
  await app.register(
    companyInvoiceRoutes({
      invoicing,
      orderNumbers: (companyId, ids) => orders.orderNumbers(companyId, ids),
      getOrder: (companyId, orderId) => orders.getOrder(companyId, orderId),
    }),
    { prefix: '/api/v1/orders' },
  );
  // Recurring load rules and their scheduler (issue 19, ADR 028).
  const recurring = createRecurringService({
    db: database.db,
    cards,
    drafts,
    orders,
    companies,
    identity,
    content,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    jobs,
  });
  await app.register(recurringRoutes(recurring), { prefix: '/api/v1/orders' });
  if (config.TEST_HOOKS) await app.register(recurringTestRoutes(recurring), { prefix: '/api/test' });
  // Expired provider rows, spent codes, timed-out portal sessions and day-old idempotency keys,
  // every 15 minutes once across instances (the deletes are idempotent anyway).
  jobs.define<object>(PURGE_JOB, {
    cron: PURGE_CRON,
    retryLimit: 1,
    handler: async () => {
      await Promise.all([
        identity.purgeExpired(),
        sessions.purgeExpired(),
        purgeIdempotencyKeys(database.db),
      ]);
    },
  });
  // Issue 18 §7 (ADR 026): the production queue of provider staff.
  const fulfilment = createFulfilmentService({ db: database.db, orders, identity });
  await app.register(fulfilmentRoutes(fulfilment), { prefix: '/api/v1/fulfilment' });
  const cardholderCare = createCardholderCareService({
    db: database.db,
    ledger,
    mailer,
    identity,
    publicUrl: config.publicUrl,
    now: () => new Date(),
  });
  await app.register(cardholderAppRoutes(cardholderCare), { prefix: '/api/v1/accounts' });
  await app.register(cardholderCareRoutes(cardholderCare), { prefix: '/api/v1/cardholder-care' });
  const bulk = createBulkService({
    db: database.db,
    cards,
    drafts,
    identity,
    content,
    jobs,
    limits: {
      maxBytes: config.BULK_MAX_BYTES,
      maxRows: config.BULK_MAX_ROWS,
      maxUnzippedBytes: config.BULK_MAX_UNZIPPED_BYTES,
    },
    log: app.log,
    maxActiveImports: config.BULK_MAX_ACTIVE_IMPORTS,
    staleSeconds: config.BULK_STALE_SECONDS,
    ...(options.bulkBatchSize ? { batchSize: options.bulkBatchSize } : {}),
  });
  await app.register(
    bulkRoutes(bulk, {
      maxBytes: config.BULK_MAX_BYTES,
      inviteCardholders: (actor, companyId, importId) =>
        cardholderCare.inviteForImport(actor, companyId, importId),
    }),
    { prefix: '/api/v1/orders' },
  );
  // Issue 35 §5 (ADR 047): a cardholder's alerts, told of each purchase decision after its commit.
  const cardholderAlerts = createCardholderAlertsService({
    db: database.db,
    mailer,
    jobs,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.addHook('onClose', async () => cardholderAlerts.settle());
  await app.register(cardholderAlertsRoutes(cardholderAlerts), { prefix: '/api/my' });
  // Issue 35 §4 (ADR 047): the stores that take a cardholder's card.
  await app.register(cardholderStoresRoutes(createCardholderStoresService({ db: database.db })), {
    prefix: '/api/my',
  });
  // Merchants, their terminals and the terminal API (issue 15, ADR 016).
  const terminals = createTerminalsService({
    db: database.db,
    ledger,
    merchants,
    secret: config.sessionSecret,
    demoCards: config.DEMO_SEED,
    log: app.log,
    metrics,
    onDecided: (decision) => cardholderAlerts.afterAuthorisation(decision),
  });
  await app.register(merchantsRoutes(merchants), { prefix: '/api/v1/merchants' });
  // The provider's terminals desk (issue 34 §1).
  await app.register(terminalDeskRoutes(merchants), { prefix: '/api/v1/merchants' });
  await app.register(virtualTerminalRoutes(terminals), { prefix: '/api/v1/merchants' });
  await app.register(merchantTransactionRoutes(terminals), { prefix: '/api/v1/merchants' });
  await app.register(settlementsRoutes(settlements), { prefix: '/api/v1/merchants' });
  if (config.TEST_HOOKS) await app.register(settlementsTestRoutes(settlements), { prefix: '/api/test' });
  await app.register(merchantBillingRoutes(merchantBilling), { prefix: '/api/v1/merchants' });
  // Issue 37 §4: the merchant's invoices and credit notes (commission, rentals, supplies).
  await app.register(merchantInvoiceRoutes(invoicing), { prefix: '/api/v1/merchants' });
  await app.register(terminalApiRoutes(terminals, { rateLimitMax: config.TERMINAL_RATE_LIMIT }), {
    prefix: '/api/v1/terminals',
  });
  // Disputes of terminal transactions (issue 34 §1, ADR 043).
  const disputes = createDisputesService({
    db: database.db,
    terminals,
    merchants,
    identity,
    mailer,
    log: app.log,
  });
  await app.register(merchantDisputeRoutes(disputes), { prefix: '/api/v1/merchants' });
  await app.register(companyDisputeRoutes(disputes), { prefix: '/api/v1/accounts' });
  await app.register(disputeDeskRoutes(disputes), { prefix: '/api/v1' });
  // The cardholder area (issue 35, ADR 046): its own session cookie, never the portal's.
  const cardholders = createCardholdersService({
    db: database.db,
    mailer,
    cards,
    drafts,
    identity,
    publicUrl: config.publicUrl,
    isPublicUrlFixed: config.isPublicUrlFixed,
    secret: config.sessionSecret,
    log: app.log,
  });
  app.decorate('cardholderSessions', {
    db: database.db,
    secure: config.secureCookies,
    now: () => new Date(),
  });
  await app.register(cardholderRoutes(cardholders, { signInPerMinute: config.LOGIN_RATE_LIMIT }), {
    prefix: '/api/my',
  });
  // Acting for a company or merchant, and the audit log (issue 18, ADR 027).
  const audit = createAuditService({
    db: database.db,
    sessions,
    merchantExists: (merchantId) => merchants.merchantExists(merchantId),
    // Issue 34 §3 item 3: what an API client did names the client and its creator, not "System".
    apiClientNames: (keys) => apiClients.displayNames(keys),
  });
  await app.register(actingRoutes(audit), { prefix: '/api/v1/accounts' });
  await app.register(merchantActingRoutes(audit), { prefix: '/api/v1/merchants' });
  await app.register(auditLogRoutes(audit), { prefix: '/api/v1/audit' });
  // Leads of the public forms (issue 18 §6, ADR 024).
  const leads = createLeadsService({
    db: database.db,
    mailer,
    merchants,
    salesInbox: config.SALES_EMAIL,
    publicUrl: config.publicUrl,
  });
  await app.register(leadFormRoutes(leads, { perHour: config.LEAD_RATE_LIMIT }), { prefix: '/api/content' });
  await app.register(leadsRoutes(leads), { prefix: '/api/v1/accounts' });
  // A company's API clients and the public API they call (issue 22 §1, ADR 034).
  const apiClients = createApiClientsService({
    db: database.db,
    secret: config.sessionSecret,
    usersByIds: (ids) => identity.usersByIds(ids),
  });
  await app.register(apiClientsRoutes(apiClients), { prefix: '/api/v1/accounts' });
  // Webhooks of a company (issue 22 §3, ADR 035): endpoints, the outbox's dispatcher, the log.
  const webhooks = createWebhooksService({
    db: database.db,
    jobs,
    mailer,
    companyUsers: (companyId) => identity.companyUsers(companyId),
    expiringCards: (companyIds, fromDay, untilDay) => cards.expiringCards(companyIds, fromDay, untilDay),
    publicUrl: config.publicUrl,
    allowPrivateTargets: config.webhookAllowPrivate,
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
  });
  app.addHook('onClose', async () => webhooks.close());
  await app.register(webhooksRoutes(webhooks), { prefix: '/api/v1/accounts' });
  await app.register(
    publicApiRoutes(apiClients, {
      rateLimitMax: config.API_CLIENT_RATE_LIMIT,
      tokenPerMinute: config.API_TOKEN_RATE_LIMIT,
      catalogue: () => catalogue,
      // Issue 22 §2 (ADR 037): the resources a company's systems read and order with.
      routes: [
        publicOpenApiRoutes({ publicUrl: config.publicUrl, isPublicUrlFixed: config.isPublicUrlFixed }),
        // Issue 22 §3 (ADR 035): webhook endpoints an integration subscribes itself.
        publicWebhookRoutes(webhooks),
        publicApiResourceRoutes({
          service: createPublicApiService({ db: database.db, cards, drafts, orders }),
          cards,
          orders,
          // Issue 37 §5: the company's invoices and their downloads.
          invoicing,
        }),
      ],
    }),
    { prefix: '/api/public/v1' },
  );
  if (config.isSandboxBank) {
    await app.register(sandboxBankRoutes({ secret: bankSecret, root: app }), { prefix: '/sandbox/bank' });
  }
  if (config.isDevMailbox) await app.register(devMailboxRoutes(database.db), { prefix: '/dev' });

  const hasSpa = await installSpa(app, config.WEB_DIST);
  if (hasSpa) {
    const sendHtml = (reply: FastifyReply, html: string | undefined, cacheControl = 'no-cache') =>
      reply.type('text/html; charset=utf-8').header('cache-control', cacheControl).send(html);
    const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
      sendHtml(reply, indexHtmlFor(app, request.url));
    /** A content page's title and summary in the request's language, or null (the app draws it). */
    const textsOf = (request: FastifyRequest, slug: string) =>
      content
        .getPage(slug, splitLocalePath(request.url.split('?')[0] ?? '/').locale)
        .catch((error: unknown) => {
          request.log.warn({ err: error, slug }, 'the page is drawn without its texts');
          return null;
        });
    /** The page of the form of an interaction the server started, its title and summary drawn. */
    const sendSignInPage = async (request: FastifyRequest, reply: FastifyReply, interaction?: string) => {
      const page = indexHtmlFor(app, request.url);
      if (interaction === undefined || page === undefined) return sendPage(request, reply);
      return sendHtml(reply, withInteraction(page, interaction, await textsOf(request, 'login')), 'no-store');
    };
    // The sign-in page started by the server when it would only leave (ADR 054), with the
    // provider's interaction started in the process (its amendment).
    await app.register(signInPageRoutes({ ...authOptions, page: sendSignInPage, askProvider }));
    // `/` and `/en` for a visitor: the home page's hero drawn by the server (ADR 054 amendment). A
    // signed-in user's home may go on elsewhere (a merchant's), so the app alone draws theirs.
    for (const url of ['/', '/en']) {
      app.get(url, { schema: { hide: true } }, async (request, reply) => {
        const page = indexHtmlFor(app, request.url);
        if (page === undefined || (await currentSession(request))) return sendPage(request, reply);
        const texts = await textsOf(request, 'home');
        return sendHtml(reply, texts ? withHomeHero(page, texts) : page);
      });
    }
    // History fallback: any GET that is not an API path and matched no route is the SPA.
    // A callback hook (an async one costs every request a promise, ADR 053).
    app.addHook('onRequest', (request, reply, done) => {
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.routeOptions.url &&
        isSpaPath(request.url)
      ) {
        sendPage(request, reply);
        return;
      }
      done();
    });
  }

  const decorated = app as unknown as App;
  decorated.routeList = routeList;
  decorated.services = {
    content,
    mailer,
    companies,
    identity,
    sessions,
    auth,
    ledger,
    cards,
    deliveryPoints,
    cardPrinting,
    spendRules,
    contracts,
    people,
    notifications,
    drafts,
    orders,
    payments,
    documents,
    jobs,
    bulk,
    merchants,
    terminals,
    cardholderAlerts,
    disputes,
    settlements,
    merchantBilling,
    // Issue 18 §7–8 (ADR 026).
    fulfilment,
    clientLogs,
    leads,
    recurring,
    apiClients,
    webhooks,
    // Issue 37 (ADR 059).
    invoicing,
  };
  app.addHook('onClose', async () => {
    await identity.settle();
    catalogue = undefined;
  });
  return decorated;
}
