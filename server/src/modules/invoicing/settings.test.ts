import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db';
import {
  DEMO_ISSUER_VAT,
  invoicingSettings,
  invoicingSettingsAtStart,
  taxAuthorityGateway,
} from './settings';

/** Issue 37 §2: the sandbox is the default; production refuses to invoice without AADE's settings. */

const AADE = { MYDATA_GATEWAY: 'aade', MYDATA_USER_ID: 'tessera', MYDATA_SUBSCRIPTION_KEY: 'k'.repeat(32) };

describe('invoicing settings', () => {
  it('use the sandbox and the demo issuer outside production', () => {
    for (const nodeEnv of ['development', 'test']) {
      expect(invoicingSettings({}, nodeEnv)).toEqual({
        gateway: 'sandbox',
        environment: 'dev',
        userId: null,
        subscriptionKey: null,
        timeoutMs: 30_000,
        issuerVat: DEMO_ISSUER_VAT,
      });
    }
    expect(taxAuthorityGateway(invoicingSettings({}, 'test'), {} as Db)).toMatchObject({ name: 'sandbox' });
  });

  it('refuse to start production without AADE’s credentials and the issuer’s ΑΦΜ, naming what is missing', () => {
    expect(() => invoicingSettings({}, 'production')).toThrow(
      /MYDATA_USER_ID[\s\S]*MYDATA_SUBSCRIPTION_KEY[\s\S]*INVOICE_ISSUER_VAT/,
    );
    expect(() =>
      invoicingSettings({ MYDATA_GATEWAY: 'sandbox', INVOICE_ISSUER_VAT: '094019245' }, 'production'),
    ).toThrow(/MYDATA_GATEWAY: production invoices through AADE/);
    expect(() => invoicingSettings({ ...AADE, MYDATA_USER_ID: undefined }, 'development')).toThrow(
      /MYDATA_USER_ID/,
    );
    expect(() => invoicingSettings({ INVOICE_ISSUER_VAT: '094019240' }, 'development')).toThrow(
      /INVOICE_ISSUER_VAT: not a valid ΑΦΜ/,
    );
  });

  it('reach AADE’s production address with the real adapter once it has them', () => {
    const settings = invoicingSettings(
      {
        ...AADE,
        MYDATA_ENVIRONMENT: 'production',
        INVOICE_ISSUER_VAT: '094019245',
        MYDATA_TIMEOUT_MS: '10000',
      },
      'production',
    );
    expect(settings).toMatchObject({
      gateway: 'aade',
      environment: 'production',
      issuerVat: '094019245',
      timeoutMs: 10_000,
    });
    expect(taxAuthorityGateway(settings, {} as Db)).toMatchObject({
      name: 'aade-production',
      channel: 'erp',
    });
  });

  it('start production only with AADE’s settings, a production demo that sets none in the sandbox, said loudly', () => {
    const production = { nodeEnv: 'production', demoSeed: false };
    expect(() => invoicingSettingsAtStart({}, production)).toThrow(/MYDATA_USER_ID/);
    const demo = invoicingSettingsAtStart({}, { nodeEnv: 'production', demoSeed: true });
    expect(demo.settings).toMatchObject({ gateway: 'sandbox', issuerVat: DEMO_ISSUER_VAT });
    expect(demo.warning).toMatch(/sandbox AADE/);
    // A demo that names any invoicing variable is held to production's rules.
    expect(() =>
      invoicingSettingsAtStart(
        { INVOICE_ISSUER_VAT: '094019245' },
        { nodeEnv: 'production', demoSeed: true },
      ),
    ).toThrow(/MYDATA_USER_ID/);
    expect(invoicingSettingsAtStart({ ...AADE, INVOICE_ISSUER_VAT: '094019245' }, production)).toEqual({
      settings: expect.objectContaining({ gateway: 'aade' }),
      warning: null,
    });
    expect(invoicingSettingsAtStart({}, { nodeEnv: 'development', demoSeed: true }).warning).toBeNull();
    // The sandbox named in production (a benchmark, a staging copy) starts, and is warned about.
    const named = invoicingSettingsAtStart({ MYDATA_GATEWAY: 'sandbox' }, production);
    expect(named.settings).toMatchObject({ gateway: 'sandbox', issuerVat: DEMO_ISSUER_VAT });
    expect(named.warning).toMatch(/MYDATA_GATEWAY=sandbox/);
  });
});
