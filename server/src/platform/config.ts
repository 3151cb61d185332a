import { createHmac } from 'node:crypto';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at start (README: configuration table).
 * Unknown or malformed values stop the process with a message naming the variable.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public base URL of the portal, used in emails and OIDC redirects. Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** A PostgreSQL server; unset → embedded PGlite in DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Seeds demo companies, users and content when the database is empty. */
  DEMO_SEED: booleanish.default(true),
  /** Enables /dev/mailbox; on in development and demo mode. */
  DEV_MAILBOX: booleanish.optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Tessera <no-reply@tessera.example>'),
  CONTACT_INBOX: z.email().default('support@tessera.example'),
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
  /** Sign-in attempts per client address per minute (the login API). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Password-reset and confirmation requests per client address per minute. */
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  /** Portal session idle timeout in seconds (30 minutes). */
  SESSION_IDLE_SECONDS: z.coerce.number().int().min(1).default(1800),
  /** Portal session absolute timeout in seconds (12 hours). */
  SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().min(1).default(43_200),
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
});

export type Config = z.infer<typeof ConfigSchema> & {
  publicUrl: string;
  sessionSecret: string;
  isDevMailbox: boolean;
  oidcCookieKeys: string[];
};

const DEV_SECRET = 'tessera-development-secret-change-me-0123456789';

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
  const sessionSecret = value.SESSION_SECRET ?? DEV_SECRET;
  const cookieKeys = (value.OIDC_COOKIE_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  return {
    ...value,
    publicUrl: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    sessionSecret,
    isDevMailbox: value.DEV_MAILBOX ?? (value.NODE_ENV !== 'production' || value.DEMO_SEED),
    oidcCookieKeys:
      cookieKeys.length > 0
        ? cookieKeys
        : [createHmac('sha256', sessionSecret).update('oidc-cookies').digest('base64url')],
  };
}
