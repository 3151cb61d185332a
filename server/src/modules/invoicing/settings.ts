import { z } from 'zod';
import { isValidGreekTaxId } from '@tessera/domain';
import type { Db } from '../../platform/db';
import type { TaxAuthorityGateway } from './mydata/gateway';
import { createRestGateway, type MydataEnvironment } from './mydata/rest-gateway';
import { createSandboxGateway } from './mydata/sandbox-gateway';

/**
 * The invoicing module's settings, from the environment (README's configuration table, once the
 * module is mounted). The sandbox AADE is the default outside production; production refuses to
 * start invoicing without the real adapter's settings and the provider's ΑΦΜ (issue 37 §2).
 *
 * | variable | meaning |
 * |---|---|
 * | `MYDATA_GATEWAY` | `sandbox` or `aade` (default: `sandbox`, `aade` in production) |
 * | `MYDATA_ENVIRONMENT` | `dev` (mydataapidev.aade.gr) or `production` (mydatapi.aade.gr) |
 * | `MYDATA_USER_ID` | the `aade-user-id` of the myDATA REST subscription |
 * | `MYDATA_SUBSCRIPTION_KEY` | its `ocp-apim-subscription-key` |
 * | `MYDATA_TIMEOUT_MS` | how long one call may take (default 30 000) |
 * | `INVOICE_ISSUER_VAT` | the provider's ΑΦΜ, the issuer of every document |
 */
export const InvoicingEnvSchema = z.object({
  MYDATA_GATEWAY: z.enum(['sandbox', 'aade']).optional(),
  MYDATA_ENVIRONMENT: z.enum(['dev', 'production']).default('dev'),
  MYDATA_USER_ID: z.string().trim().min(1).optional(),
  MYDATA_SUBSCRIPTION_KEY: z.string().trim().min(1).optional(),
  MYDATA_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(30_000),
  INVOICE_ISSUER_VAT: z
    .string()
    .trim()
    .refine((value) => isValidGreekTaxId(value), 'not a valid ΑΦΜ')
    .optional(),
});

export type InvoicingSettings = {
  gateway: 'sandbox' | 'aade';
  environment: MydataEnvironment;
  userId: string | null;
  subscriptionKey: string | null;
  timeoutMs: number;
  /** The issuer's ΑΦΜ; outside production a demo one when unset. */
  issuerVat: string;
};

/**
 * The demo provider's ΑΦΜ, the one its proforma documents print (`documents/provider.ts`), for
 * development and tests; production must set its own.
 */
export const DEMO_ISSUER_VAT = '099999999';

/**
 * Reads the settings; throws, naming the variables, when production lacks the real adapter's
 * settings or the issuer, or when `aade` is asked for without credentials anywhere.
 */
export function invoicingSettings(
  env: Record<string, string | undefined>,
  nodeEnv: string,
): InvoicingSettings {
  const parsed = InvoicingEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid invoicing configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const production = nodeEnv === 'production';
  const gateway = value.MYDATA_GATEWAY ?? (production ? 'aade' : 'sandbox');
  const missing: string[] = [];
  if (production && gateway !== 'aade')
    missing.push('MYDATA_GATEWAY: production invoices through AADE, not the sandbox');
  if (gateway === 'aade') {
    if (!value.MYDATA_USER_ID) missing.push('MYDATA_USER_ID: required to reach AADE');
    if (!value.MYDATA_SUBSCRIPTION_KEY) missing.push('MYDATA_SUBSCRIPTION_KEY: required to reach AADE');
  }
  if (production && !value.INVOICE_ISSUER_VAT)
    missing.push('INVOICE_ISSUER_VAT: the provider’s ΑΦΜ is required');
  if (missing.length > 0) {
    throw new Error(`Invalid invoicing configuration:\n${missing.map((line) => `  ${line}`).join('\n')}`);
  }
  return {
    gateway,
    environment: value.MYDATA_ENVIRONMENT,
    userId: value.MYDATA_USER_ID ?? null,
    subscriptionKey: value.MYDATA_SUBSCRIPTION_KEY ?? null,
    timeoutMs: value.MYDATA_TIMEOUT_MS,
    issuerVat: value.INVOICE_ISSUER_VAT ?? DEMO_ISSUER_VAT,
  };
}

/**
 * What an app built without the environment's settings invoices with (tests; `main.ts` always
 * passes the environment's, enforced by `invoicingSettingsAtStart`): the sandbox and the demo issuer.
 */
export const TEST_INVOICING_SETTINGS: InvoicingSettings = Object.freeze({
  gateway: 'sandbox',
  environment: 'dev',
  userId: null,
  subscriptionKey: null,
  timeoutMs: 30_000,
  issuerVat: DEMO_ISSUER_VAT,
});

/** The variables that configure invoicing: a production demo that sets none invoices in the sandbox. */
const INVOICING_VARIABLES = [
  'MYDATA_GATEWAY',
  'MYDATA_ENVIRONMENT',
  'MYDATA_USER_ID',
  'MYDATA_SUBSCRIPTION_KEY',
  'INVOICE_ISSUER_VAT',
] as const;

/**
 * The settings `main.ts` starts with (ADR 059): `invoicingSettings`, so production refuses to
 * start without the real adapter's settings and the issuer's ΑΦΜ — except a production demo (the
 * demo seed switched on by name, itself warned about at start) that sets none of the invoicing
 * variables: its fictitious companies are invoiced through the sandbox AADE, never the real one,
 * and `warning` says so for the start-up's warnings.
 */
export function invoicingSettingsAtStart(
  env: Record<string, string | undefined>,
  options: { nodeEnv: string; demoSeed: boolean },
): { settings: InvoicingSettings; warning: string | null } {
  // The sandbox named in production (benchmarks, a staging copy): allowed, and said at start.
  if (options.nodeEnv === 'production' && env.MYDATA_GATEWAY === 'sandbox') {
    return {
      settings: invoicingSettings(env, 'development'),
      warning: 'MYDATA_GATEWAY=sandbox: invoices go to the sandbox AADE (documents reach no tax authority)',
    };
  }
  const isUnconfigured = INVOICING_VARIABLES.every((name) => !env[name]);
  if (options.nodeEnv === 'production' && options.demoSeed && isUnconfigured) {
    return {
      settings: invoicingSettings({}, 'development'),
      warning:
        'MYDATA_GATEWAY is unset with DEMO_SEED on: the demo invoices through the sandbox AADE (documents reach no tax authority)',
    };
  }
  return { settings: invoicingSettings(env, options.nodeEnv), warning: null };
}

/** The gateway the settings name: AADE's REST API, or the sandbox on this database. */
export function taxAuthorityGateway(
  settings: InvoicingSettings,
  db: Db,
  options: { sandboxQrBaseUrl?: string } = {},
): TaxAuthorityGateway {
  if (settings.gateway === 'aade') {
    return createRestGateway({
      environment: settings.environment,
      userId: settings.userId!,
      subscriptionKey: settings.subscriptionKey!,
      timeoutMs: settings.timeoutMs,
    });
  }
  return createSandboxGateway({
    db,
    ...(options.sandboxQrBaseUrl ? { qrBaseUrl: options.sandboxQrBaseUrl } : {}),
  });
}
