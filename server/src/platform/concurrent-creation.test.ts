import { completeGreekTaxId } from '@tessera/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoApiClient, demoWorldTestFile } from '../../test/tenant-helper';
import { seedDemoMerchants } from '../db/seed/demo-merchants';
import { declaredUniqueConflicts } from './errors';

/**
 * Issue 33 §4: the same thing made by eight requests at once (a double click, a retrying client)
 * must get, after the one that made it, the answer a sequential repeat gets — a 409 or 400 naming
 * the field — never a 500 from the unique index; and things that may be made twice are made eight
 * times, as eight requests in a row would. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const world = demoWorldTestFile({ env: { RATE_LIMIT_MAX: '1000000' }, timeoutMs: 180_000 });
const { api } = demoApiClient(
  () => world.ctx,
  () => world.ids,
  '/api/v1/accounts',
);

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
}, 120_000);

const AT_ONCE = 8;

/** What a refusal says: status, code and fields (not the request id). */
function refusal(response: LightMyRequestResponse) {
  const body = response.json<{ errorCode?: number; fields?: unknown }>();
  return { status: response.statusCode, errorCode: body.errorCode, fields: body.fields };
}

/**
 * Sends `request` `AT_ONCE` times at once, then once more after them: one of the burst succeeds,
 * every other answer of the burst equals the sequential repeat's (a refusal naming the field).
 */
async function expectOneMadeTheRestAsRepeat(send: () => Promise<LightMyRequestResponse>) {
  const burst = await Promise.all(Array.from({ length: AT_ONCE }, send));
  const repeat = await send();
  expect(repeat.statusCode, repeat.body).toBeGreaterThanOrEqual(400);
  expect(repeat.statusCode, repeat.body).toBeLessThan(500);
  expect(burst.map((response) => response.statusCode).sort()).toEqual([
    200,
    ...Array<number>(AT_ONCE - 1).fill(repeat.statusCode),
  ]);
  for (const response of burst.filter((r) => r.statusCode !== 200)) {
    expect(refusal(response)).toEqual(refusal(repeat));
  }
  return { burst, repeat };
}

describe('eight requests making one thing at once', () => {
  it('invite one merchant user: one invitation, seven answers naming the e-mail as a repeat would', async () => {
    const send = () =>
      api('merchant', 'POST', '/api/v1/merchants/inviteMerchantUser', {
        culture: 'en-us',
        payload: { email: 'same.cashier@fresko.demo', firstName: 'Ελένη', lastName: 'Ταμία', role: 'viewer' },
      });
    const { repeat } = await expectOneMadeTheRestAsRepeat(send);
    expect(refusal(repeat)).toMatchObject({ status: 409, fields: [{ field: 'email' }] });
    const users = await world.ctx.database.pool.query(
      `select id from users where email = 'same.cashier@fresko.demo'`,
    );
    expect(users.rows).toHaveLength(1);
  });

  it('create one user: one user, seven answers naming the e-mail as a repeat would', async () => {
    const send = () =>
      api('admin', 'POST', '/api/v2/identity/users', {
        payload: {
          email: 'Same.Person@example.gr',
          firstName: 'Άννα',
          lastName: 'Λαμπράκη',
          userRoleId: 3,
          companyIds: ['C1004'],
          preferredLanguage: 'en',
        },
      });
    const { repeat } = await expectOneMadeTheRestAsRepeat(send);
    expect(refusal(repeat)).toMatchObject({ status: 409, fields: [{ field: 'email' }] });
  });

  it('create one company: one company, seven answers naming the VAT number as a repeat would', async () => {
    const company = (vat: string) => ({
      name: 'Ωμέγα Τροφοδοσία Α.Ε.',
      vat,
      address: { street: 'Λεωφόρος Κηφισίας', streetNumber: '120', postalCode: '115 26', city: 'Αθήνα' },
      products: ['TICKET_RESTAURANT'],
      pricing: {
        cardFeeCents: { plastic: 300, virtual: 90, spendeo: 450, mybenefits: 400 },
        serviceFeeBasisPoints: 120,
        deliveryFeeCents: 500,
      },
      approvalThresholdCents: 500_000,
    });
    const vat = completeGreekTaxId('70000001');
    const { repeat } = await expectOneMadeTheRestAsRepeat(() =>
      api('admin', 'POST', 'createCompany', { payload: company(vat) }),
    );
    expect(refusal(repeat)).toMatchObject({ status: 400, fields: [{ field: 'vat' }] });
    // Eight different companies at once each get their own customer number.
    const made = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, index) =>
        api('admin', 'POST', 'createCompany', {
          payload: company(completeGreekTaxId(`7100000${index}`)),
        }),
      ),
    );
    expect(
      made.map((response) => `${response.statusCode} ${response.statusCode === 200 ? '' : response.body}`),
    ).toEqual(Array<string>(AT_ONCE).fill('200 '));
    const ids = made.map((response) => response.json<{ company: { companyId: string } }>().company.companyId);
    expect(new Set(ids).size).toBe(AT_ONCE);
  });

  it('add one contract number: one contract, seven answers naming the number as a repeat would', async () => {
    const send = () =>
      api('admin', 'POST', 'createContract', {
        company: 'C1002',
        payload: {
          product: 'SPENDEO',
          contractNumber: 'SP-SAME-1',
          status: 'pending',
          signedOn: '2026-11-20',
          validFrom: '2026-12-01',
          validTo: '2028-11-30',
          cardFeeCents: 450,
          loadFeeBasisPoints: 120,
          paymentTermsDays: 30,
        },
      });
    const { repeat } = await expectOneMadeTheRestAsRepeat(send);
    expect(refusal(repeat)).toMatchObject({ status: 400, fields: [{ field: 'contractNumber' }] });
  });

  it('add one delivery point inline: one point, and every answer is that point, as a repeat would be', async () => {
    const address = {
      alias: 'Αποθήκη Ρέντη',
      street: 'Θηβών',
      streetNumber: '228',
      postalCode: '182 33',
      city: 'Άγιος Ιωάννης Ρέντης',
      region: 'attica',
      contactName: 'Νίκος Παππάς',
      phone: '210 481 0000',
    };
    const send = () => api('om1', 'POST', 'addDeliveryPoint', { payload: address });
    const burst = await Promise.all(Array.from({ length: AT_ONCE }, send));
    const repeat = await send();
    const answers = [...burst, repeat].map((response) => {
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ deliveryPoint: { deliveryPointId: string }; existing: boolean }>();
    });
    expect(new Set(answers.map((answer) => answer.deliveryPoint.deliveryPointId)).size).toBe(1);
    expect(answers.filter((answer) => !answer.existing)).toHaveLength(1);
  });

  it('make API clients and webhook endpoints with one name or url: all made, as in a row', async () => {
    const clients = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        api('om1', 'POST', 'createApiClient', { payload: { name: 'Same ERP', scopes: ['cards:read'] } }),
      ),
    );
    expect(clients.map((response) => response.statusCode)).toEqual(Array<number>(AT_ONCE).fill(200));
    const endpoints = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        api('om1', 'POST', 'createWebhookEndpoint', {
          payload: { url: 'https://hooks.example/same', eventTypes: ['payment.received'] },
        }),
      ),
    );
    expect(endpoints.map((response) => response.statusCode)).toEqual(Array<number>(AT_ONCE).fill(200));
  });
});

/**
 * Unique constraints no person's request can break by itself: random or hashed tokens, numbers the
 * database hands out, rows written once under a lock or with `on conflict`, and races the module
 * resolves itself (the ledger's and the terminal API's idempotency). Every other unique constraint
 * must be declared with the answer a sequential repeat gets (`declareUniqueConflict`).
 */
const NOT_FROM_A_REQUEST = new Set([
  'api_clients_client_id_unique',
  'cards_account_id_unique',
  'cards_token_unique',
  // Issue 35 (ADR 046): a passkey is inserted `on conflict do nothing`, a repeat answered 409.
  'cardholder_passkeys_credential_id_unique',
  'contact_messages_ticket_id_unique',
  'content_versions_key_locale_version_idx',
  'content_versions_one_draft_idx',
  'content_versions_one_published_idx',
  // One open dispute a transaction: openDispute answers a concurrent second with its own 409.
  'disputes_open_idx',
  // Issue 37 (ADR 058): an invoice is issued under its series' row lock, idempotent by its key;
  // the sandbox AADE keeps one live document per UID, written under its own lock.
  'invoices_idempotency_key_unique',
  'invoices_number_unique',
  'known_devices_user_device_idx',
  'leads_reference_unique',
  'ledger_accounts_company_funding_idx',
  'ledger_accounts_merchant_idx',
  'ledger_accounts_system_idx',
  'ledger_transactions_idempotency_key_unique',
  'ledger_transactions_reverses_transaction_id_unique',
  'merchant_charges_rental_idx',
  'merchant_iban_changes_token_hash_unique',
  'merchant_notifications_dedupe_idx',
  'merchant_payments_one_pending_idx',
  'merchant_rf_batches_rf_code_unique',
  'merchant_rf_batches_set_idx',
  'merchant_terminals_client_id_unique',
  'merchant_terminals_mid_unique',
  'merchant_users_merchant_idx',
  'merchants_ledger_account_id_unique',
  'mydata_sandbox_documents_live_uid_idx',
  'orders_number_unique',
  'orders_rf_code_unique',
  'orders_source_draft_id_unique',
  'payments_one_pending_idx',
  'payments_one_success_idx',
  'payout_files_message_id_unique',
  'payouts_end_to_end_id_unique',
  'payouts_settlement_live_idx',
  'production_batch_orders_order_id_unique',
  'production_batches_number_unique',
  'recurring_runs_rule_period_unique',
  'settlements_merchant_day_idx',
  'terminal_transactions_authorisation_id_unique',
  'terminal_transactions_call_idx',
  'trusted_devices_token_hash_unique',
  'trz_contracts_contract_number_unique',
  'user_codes_code_hash_unique',
  'user_recovery_codes_hash_idx',
  'webhook_deliveries_event_endpoint_key',
]);

describe('the unique constraints of the schema', () => {
  it('are each declared with the answer a repeat gets, or named here as one no request can break', async () => {
    const { rows } = await world.ctx.database.pool.query<{ name: string }>(
      `select i.relname as name
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid
         join pg_namespace n on n.oid = t.relnamespace
        where x.indisunique and not x.indisprimary and n.nspname = 'public'
        order by 1`,
    );
    const declared = declaredUniqueConflicts();
    const unclassified = rows
      .map((row) => row.name)
      .filter((name) => !declared.includes(name) && !NOT_FROM_A_REQUEST.has(name));
    expect(unclassified).toEqual([]);
    expect(declared.filter((name) => !rows.some((row) => row.name === name))).toEqual([]);
  });
});
