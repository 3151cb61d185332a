import type { NewMerchant } from '../src/modules/merchants';
import type { TestContext } from './harness';

export type TestTerminal = { terminalId: string; clientId: string; clientSecret: string; mid: string };

let sequence = 0;

/**
 * A merchant for a test: one store (groceries, accepting every product unless told) with one
 * enrolled terminal per `mids` entry, created through the merchants service.
 */
export async function createTestMerchant(
  ctx: TestContext,
  options: {
    merchantId?: string;
    mids?: string[];
    states?: NewMerchant['stores'][number]['terminals'][number]['state'][];
    acceptedProducts?: NewMerchant['stores'][number]['acceptedProducts'];
    category?: NewMerchant['stores'][number]['category'];
    users?: NewMerchant['users'];
    feePlan?: NewMerchant['feePlan'];
    storeName?: string;
  } = {},
): Promise<{ merchantId: string; terminals: TestTerminal[] }> {
  sequence += 1;
  const merchantId =
    options.merchantId ?? `MT${String(sequence).padStart(4, '0')}${Math.floor(Math.random() * 1e4)}`;
  const mids = options.mids ?? [`${Date.now() % 1e8}`.padStart(8, '0') + String(sequence).padStart(3, '0')];
  const terminals = mids.map((mid, index) => ({
    mid,
    label: `Till ${index + 1}`,
    state: options.states?.[index] ?? ('enrolled' as const),
    clientId: `term-${merchantId.toLowerCase()}-${index + 1}`,
    clientSecret: `secret-${merchantId}-${index + 1}-0123456789`,
  }));
  const { terminalIds } = await ctx.app.services.merchants.createMerchant({
    merchantId,
    legalName: `${merchantId} Α.Ε.`,
    tradeName: `Shop ${merchantId}`,
    vatNumber: `9${String(sequence).padStart(4, '0')}${Math.floor(Math.random() * 1e4)}`.slice(0, 9),
    iban: 'GR1601101250000000012300695',
    contactName: 'Test Contact',
    contactEmail: `${merchantId.toLowerCase()}@merchant.test`,
    feePlan: options.feePlan ?? {
      TICKET_RESTAURANT: 350,
      SPENDEO: 150,
      MY_BENEFITS: 250,
      VOUCHER: 300,
      COPMLIMENT: 300,
    },
    stores: [
      {
        name: options.storeName ?? `Store of ${merchantId}`,
        address: 'Ερμού 1',
        city: 'Αθήνα',
        postalCode: '10563',
        category: options.category ?? 'groceries',
        channels: ['in_store'],
        acceptedProducts: options.acceptedProducts ?? [
          'TICKET_RESTAURANT',
          'SPENDEO',
          'MY_BENEFITS',
          'VOUCHER',
          'COPMLIMENT',
        ],
        terminals,
      },
    ],
    ...(options.users ? { users: options.users } : {}),
  });
  return {
    merchantId,
    terminals: terminals.map((terminal, index) => ({
      terminalId: terminalIds[index]!,
      clientId: terminal.clientId,
      clientSecret: terminal.clientSecret,
      mid: terminal.mid,
    })),
  };
}

/** A terminal's access token through the token endpoint. */
export async function terminalToken(ctx: TestContext, terminal: TestTerminal): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/terminals/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: terminal.clientId,
      client_secret: terminal.clientSecret,
    },
  });
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

/**
 * An active card of `companyId` and `product` with exactly `balanceCents` on it (money moved to or
 * from the provider's bank account through the ledger); returns its id and network token.
 */
export async function cardWithBalance(
  ctx: TestContext,
  options: { companyId?: string; product?: string; balanceCents: number; skip?: number },
): Promise<{ cardId: string; token: string; accountId: string; companyId: string }> {
  const { rows } = await ctx.database.pool.query<{
    id: string;
    token: string;
    account_id: string;
    company_id: string;
    balance_cents: string;
  }>(
    `select c.id, c.token, c.account_id, c.company_id, a.balance_cents
       from cards c join ledger_accounts a on a.id = c.account_id
      where c.status = 'active' and c.expiry_date > current_date
        and ($1::text is null or c.company_id = $1) and ($2::text is null or c.product = $2)
      order by c.id offset $3 limit 1`,
    [options.companyId ?? null, options.product ?? null, options.skip ?? 0],
  );
  const card = rows[0];
  if (!card) throw new Error('no card to spend with: seed cards first');
  const ledger = ctx.app.services.ledger;
  const bank = await ledger.bankAccount(ctx.database.db);
  const difference = options.balanceCents - Number(card.balance_cents);
  if (difference !== 0) {
    await ledger.post(ctx.database.db, {
      kind: difference > 0 ? 'load' : 'unload',
      companyId: card.company_id,
      reference: 'test-fixture',
      entries: [
        { accountId: bank, amountCents: -difference },
        { accountId: card.account_id, amountCents: difference },
      ],
    });
  }
  return { cardId: card.id, token: card.token, accountId: card.account_id, companyId: card.company_id };
}

/**
 * A merchant of its own for the demo merchant user (who works for none in the demo world), made
 * and linked as its administrator; answers the merchant's id.
 */
export async function merchantForDemoUser(ctx: TestContext, userId: string): Promise<string> {
  const { merchantId } = await createTestMerchant(ctx);
  await ctx.database.pool.query(
    `insert into merchant_users (user_id, merchant_id, role) values ($1, $2, 'admin')
     on conflict (user_id) do update set merchant_id = excluded.merchant_id`,
    [userId, merchantId],
  );
  return merchantId;
}
