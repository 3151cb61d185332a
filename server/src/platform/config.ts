import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { STEP_UP_MINUTES, STEP_UP_MINUTES_MAX } from '@tessera/domain';

/**
 * Every setting the server reads, validated once at start (README: configuration table).
 * Unknown or malformed values stop the process with a message naming the variable.
 */
/**
 * The provider's legal name, one setting for every place that names it to a bank or a payer
 * (issue 34 §2.7, ADR 042): the debtor of the pain.001 payout files, the beneficiary of the
 * payment instructions and the merchant on the sandbox bank's page, the issuer of documents.
 * Banks match the debtor name against the account holder, so the two must never drift apart.
 */
export const PROVIDER_LEGAL_NAME = 'Tessera Prepaid Cards S.A.';

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Public base URL of the portal, used in emails and, when set, in every redirect. Unset: emails
   * use http://localhost:PORT and sign-in, sign-out and payment redirects follow the address the
   * browser opened (issue 13 §1).
   */
  PUBLIC_URL: z.url().optional(),
  /** A PostgreSQL server; unset → embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  /**
   * The same PostgreSQL database as the role that owns its tables (ADR 041): migrations, pg-boss's
   * schema and queues, backup and restore run as it, and it grants DATABASE_URL's role what the
   * server needs. Unset → DATABASE_URL does everything.
   */
  DATABASE_MIGRATION_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Seeds demo companies, users and content when the database is empty. Default: on outside
   * production, off in production (the demo users share a published password).
   */
  DEMO_SEED: booleanish.optional(),
  /** Enables /dev/mailbox (for a signed-in provider admin only). Default: on outside production. */
  DEV_MAILBOX: booleanish.optional(),
  /**
   * Test hooks under /api/test (the recurring scheduler's pass for a given day, issue 19). Default
   * off; refused in production.
   */
  TEST_HOOKS: booleanish.optional(),
  /** Serves the OpenAPI documentation at /api/docs. Default: on outside production. */
  API_DOCS: booleanish.optional(),
  /**
   * Bearer token that `/metrics` requires (`Authorization: Bearer …`). Unset: /metrics is open
   * outside production and not served in production unless METRICS_PUBLIC is set.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Serves /metrics without a token (production default: off). */
  METRICS_PUBLIC: booleanish.optional(),
  /**
   * Webhook endpoints may point at loopback, private, link-local and other non-public addresses
   * (and plain http to this machine): a receiver on the developer's machine or a test's. Default:
   * on outside production; refused in production, where only public https targets are allowed
   * (issue 33 §1, ADR 039).
   */
  WEBHOOK_ALLOW_PRIVATE: booleanish.optional(),
  /** Mounts the sandbox bank (/sandbox/bank). Default: on outside production. */
  SANDBOX_BANK: booleanish.optional(),
  /**
   * The reverse proxies whose X-Forwarded-For/-Proto/-Host headers are believed: a hop count
   * (`1`), or comma-separated addresses and CIDR ranges (`10.0.0.1,192.168.0.0/16`). Default: none,
   * so a client cannot choose its own address for the rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'a hop count or addresses/CIDRs')
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tessera <no-reply@tessera.example>'),
  CONTACT_INBOX: z.email().default('support@tessera.example'),
  /** The sales inbox that receives the leads of the public forms (issue 18 §6, ADR 024). */
  SALES_EMAIL: z.email().default('sales@tessera.demo'),
  /** Lead forms accepted per client address per hour (issue 18 §6, ADR 024). */
  LEAD_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Secret for CSRF and session HMACs; a development default is used when unset outside production. */
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serves the built SPA from this folder when it exists. */
  WEB_DIST: z.string().default('web/dist'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  REDIS_URL: z.string().optional(),
  /** Origin of the support chatbot's script (the web build reads VITE_CHATBOT_URL); allowed by the CSP. */
  CHATBOT_URL: z.url().optional(),
  /** Failed sign-ins in a row after which the account is locked (ADR 005). */
  LOGIN_MAX_FAILED: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Step-up window (issue 21 §2, issue 33 §9): minutes a code of the second factor, once typed, lets
   * money move and other sensitive changes through without another (at least 1: the change the
   * code was asked for is sent again after it).
   */
  STEP_UP_MINUTES: z.coerce.number().int().min(1).max(STEP_UP_MINUTES_MAX).default(STEP_UP_MINUTES),
  /** Sign-in attempts per client address per minute (the login API). */
  /** Terminal API calls per token and minute (a busy supermarket till stays far below). */
  TERMINAL_RATE_LIMIT: z.coerce.number().int().min(1).default(600_000),
  /** Public API calls per API client and minute (issue 22 §1, ADR 034). */
  API_CLIENT_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** Public API token requests per client address and minute. */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Password-reset and confirmation requests per client address per minute. */
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Portal session idle timeout in seconds (30 minutes). */
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** Portal session absolute timeout in seconds (12 hours). */
  SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().min(1).default(43_200),
  /**
   * How long a process may reuse a session's principal without reading it again, in seconds: the
   * safety lifetime behind the database's notifications of every change (ADR 050). 0 turns the
   * cache off (every request reads the session, as before).
   */
  PRINCIPAL_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /**
   * Keys signing the identity provider's cookies, comma-separated, newest first (rotate by
   * prepending). Unset → one key derived from SESSION_SECRET.
   */
  OIDC_COOKIE_KEYS: z.string().optional(),
  /** Largest bulk file accepted (`.xlsx` or `.csv`), in bytes: 20 MB (ADR 011). */
  BULK_MAX_BYTES: z.coerce.number().int().min(1024).default(20_971_520),
  /** Most rows one bulk file may hold. */
  BULK_MAX_ROWS: z.coerce.number().int().min(1).default(100_000),
  /** Most bytes an `.xlsx` may expand to (400 MB), summed over the entries its zip directory declares. */
  BULK_MAX_UNZIPPED_BYTES: z.coerce.number().int().min(1024).default(419_430_400),
  /** Bulk files of one company waiting or being read at once; more are refused until one is read. */
  BULK_MAX_ACTIVE_IMPORTS: z.coerce.number().int().min(1).default(3),
  /**
   * Seconds without a heartbeat after which a bulk import's reader, or its conversion into drafts,
   * is taken for dead and the import resumed by another (ADR 011, ADR 020): a process killed
   * mid-import holds its lease this long. The crash test sets it low.
   */
  BULK_STALE_SECONDS: z.coerce.number().int().min(1).default(60),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_SEED'> & {
  DEMO_SEED: boolean;
  /** The portal's address for emails; also for redirects when `isPublicUrlFixed`. */
  publicUrl: string;
  /** PUBLIC_URL was given: redirects go there whatever address the browser used. */
  isPublicUrlFixed: boolean;
  sessionSecret: string;
  isDevMailbox: boolean;
  isApiDocs: boolean;
  isMetricsPublic: boolean;
  isSandboxBank: boolean;
  /** Webhooks may target non-public addresses (WEBHOOK_ALLOW_PRIVATE; never in production). */
  webhookAllowPrivate: boolean;
  /** Cookies are `Secure` with the `__Host-` prefix: production, or an https public address. */
  secureCookies: boolean;
  /** Fastify's `trustProxy`: false, a hop count, or the trusted addresses. */
  trustProxy: false | number | string;
  oidcCookieKeys: string[];
  /** Settings that open development conveniences in production: main.ts warns about each at start. */
  productionWarnings: string[];
};

/** The session secret outside production when none is set (published, so refused in production). */
export const DEV_SECRET = 'tessera-development-secret-change-me-0123456789';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === 'production' && !value.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production (32+ characters)');
  }
  if (value.NODE_ENV === 'production' && value.SESSION_SECRET === DEV_SECRET) {
    throw new Error(
      'Invalid configuration:\n  SESSION_SECRET: the development default is published; choose your own in production',
    );
  }
  if (value.DATABASE_MIGRATION_URL && !value.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_MIGRATION_URL: needs DATABASE_URL (the embedded database has one role)',
    );
  }
  if (value.NODE_ENV === 'production' && value.TEST_HOOKS) {
    throw new Error('Invalid configuration:\n  TEST_HOOKS: never in production');
  }
  if (value.NODE_ENV === 'production' && value.WEBHOOK_ALLOW_PRIVATE) {
    throw new Error(
      'Invalid configuration:\n  WEBHOOK_ALLOW_PRIVATE: never in production (webhooks would reach internal services)',
    );
  }
  const sessionSecret = value.SESSION_SECRET ?? DEV_SECRET;
  const cookieKeys = (value.OIDC_COOKIE_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  const isProduction = value.NODE_ENV === 'production';
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '');
  // In production every convenience is off unless asked for by name (issue 12 §1).
  const demoSeed = value.DEMO_SEED ?? !isProduction;
  const isDevMailbox = value.DEV_MAILBOX ?? !isProduction;
  const isApiDocs = value.API_DOCS ?? !isProduction;
  const isMetricsPublic = value.METRICS_PUBLIC ?? !isProduction;
  const isSandboxBank = value.SANDBOX_BANK ?? !isProduction;
  const productionWarnings = isProduction
    ? [
        ...(demoSeed
          ? ['DEMO_SEED is on: demo users with the published password are seeded into an empty database']
          : []),
        ...(isDevMailbox
          ? ['DEV_MAILBOX is on: /dev/mailbox shows every mail to a signed-in provider admin']
          : []),
        ...(isApiDocs ? ['API_DOCS is on: /api/docs is public'] : []),
        ...(isMetricsPublic ? ['METRICS_PUBLIC is on: /metrics is public'] : []),
        ...(isSandboxBank ? ['SANDBOX_BANK is on: the sandbox bank accepts any card at /sandbox/bank'] : []),
      ]
    : [];
  const trustProxy = !value.TRUST_PROXY
    ? false
    : /^\d+$/.test(value.TRUST_PROXY)
      ? Number(value.TRUST_PROXY)
      : value.TRUST_PROXY.split(',')
          .map((part) => part.trim())
          .join(',');
  return {
    ...value,
    DEMO_SEED: demoSeed,
    publicUrl,
    isPublicUrlFixed: value.PUBLIC_URL !== undefined,
    sessionSecret,
    isDevMailbox,
    isApiDocs,
    isMetricsPublic,
    isSandboxBank,
    webhookAllowPrivate: value.WEBHOOK_ALLOW_PRIVATE ?? !isProduction,
    secureCookies: isProduction || publicUrl.startsWith('https:'),
    trustProxy,
    productionWarnings,
    oidcCookieKeys:
      cookieKeys.length > 0
        ? cookieKeys
        : [createHmac('sha256', sessionSecret).update('oidc-cookies').digest('base64url')],
  };
}
