import { createHash, randomBytes } from 'node:crypto';
import { addDays, athensDate, athensMidnight, ROLE, type MerchantUserRole } from '@tessera/domain';
import { createUser } from '../src/db/seed/factories';
import { athensMonth } from '../src/modules/merchant-billing';
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
    iban?: string;
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
    iban: options.iban ?? 'GR1601101250000000012300695',
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
  options: {
    companyId?: string;
    product?: string;
    balanceCents: number;
    skip?: number;
    /** A card not locked and valid through this day (`YYYY-MM-DD`), for purchases dated ahead. */
    usableThrough?: string;
  },
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
        and ($4::date is null or (c.locked_at is null and c.expiry_date >= $4))
      order by c.id offset $3 limit 1`,
    [options.companyId ?? null, options.product ?? null, options.skip ?? 0, options.usableThrough ?? null],
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

/** Links a user (role 1001) to a merchant, as its administrator unless told (a user works for one merchant). */
export async function linkMerchantUser(
  ctx: TestContext,
  userId: string,
  merchantId: string,
  role: MerchantUserRole = 'admin',
): Promise<void> {
  await ctx.database.pool.query(
    `insert into merchant_users (user_id, merchant_id, role) values ($1, $2, $3)
     on conflict (user_id) do update set merchant_id = excluded.merchant_id, role = excluded.role`,
    [userId, merchantId, role],
  );
}

/**
 * A merchant of its own for the demo merchant user (who works for none in the demo world), made
 * and linked as its administrator; answers the merchant's id.
 */
export async function merchantForDemoUser(ctx: TestContext, userId: string): Promise<string> {
  const { merchantId } = await createTestMerchant(ctx);
  await linkMerchantUser(ctx, userId, merchantId);
  return merchantId;
}

/** One row of every kind a merchant-scoped route names by id, made by `giveMerchantRecords`. */
export type MerchantRecords = {
  merchantId: string;
  storeId: string;
  terminalId: string;
  mid: string;
  /** Another administrator of the merchant (not the caller's user). */
  userId: string;
  userEmail: string;
  /** The approved purchase and its partial refund (`terminal_transactions` ids). */
  transactionIds: string[];
  /** The terminals' own ids of those calls, and the purchase's authorisation id. */
  terminalTransactionIds: string[];
  authorisationId: string;
  settlementId: string;
  payoutId: string;
  endToEndId: string;
  /** The pain.001 file the payout was sent in. */
  fileId: string;
  /** The open terminal rental of this month, and the supply order with its charge. */
  rentalChargeId: string;
  supplyOrderId: string;
  supplyChargeId: string;
  /** A pending card payment of the rental. */
  paymentId: string;
  notificationId: string;
  /** The link of a pending IBAN change (see `pendingIbanChange`). */
  ibanToken: string;
  pendingIban: string;
};

/**
 * Gives a merchant made by `createTestMerchant` (with an enrolled terminal) one row of every kind its
 * routes take by id, through the modules' own operations where they have one: another
 * administrator, a purchase of yesterday with a partial refund, yesterday's settlement with its
 * payout sent to the bank in a pain.001 file, this month's terminal rental, a supply order, a
 * pending card payment, a notification and a pending IBAN change.
 *
 * `sendPayouts` sends every scheduled payout, and `chargeRentals` charges every merchant's
 * enrolled terminals: other merchants of the test get theirs too.
 */
export async function giveMerchantRecords(
  ctx: TestContext,
  merchant: { merchantId: string; terminals: TestTerminal[] },
  options: { staffUserId: string; pendingIban: string },
): Promise<MerchantRecords> {
  const { merchantId } = merchant;
  const terminal = merchant.terminals[0];
  if (!terminal) throw new Error(`merchant ${merchantId} has no terminal`);
  const services = ctx.app.services;
  const user = await createUser(ctx.database.db, {
    email: `admin-${merchantId.toLowerCase()}@merchant.test`,
    roleId: ROLE.MERCHANT,
    password: null,
  });
  await linkMerchantUser(ctx, user.id, merchantId);

  const now = new Date();
  const yesterday = addDays(athensDate(now), -1);
  const at = new Date(athensMidnight(yesterday).getTime() + 12 * 3_600_000);
  const card = await cardWithBalance(ctx, { product: 'TICKET_RESTAURANT', balanceCents: 10_000 });
  const caller = { terminalId: terminal.terminalId, mid: terminal.mid };
  const saleId = `SALE-${merchantId}`;
  const sale = await services.terminals.authorise(
    caller,
    {
      terminalTransactionId: saleId,
      mid: terminal.mid,
      cardToken: card.token,
      amountCents: 900,
      time: at.toISOString(),
    },
    { locale: 'el', at },
  );
  if (sale.outcome !== 'approved') throw new Error(`purchase at ${merchantId} declined: ${sale.reason}`);
  const refundId = `${saleId}-F`;
  const refund = await services.terminals.refund(
    caller,
    {
      terminalTransactionId: refundId,
      mid: terminal.mid,
      originalTerminalTransactionId: saleId,
      amountCents: 100,
      time: at.toISOString(),
    },
    { locale: 'el', at },
  );
  if (refund.outcome !== 'approved') throw new Error(`refund at ${merchantId} declined: ${refund.reason}`);

  const { settlement, payout } = await services.settlements.settleMerchantDay(merchantId, yesterday, {
    at: now,
  });
  if (!payout) throw new Error(`no payout for ${merchantId}`);
  const sent = await services.settlements.sendPayouts({ userId: options.staffUserId, requestId: 'test' });
  if (!sent.fileId) throw new Error('no payout file');

  const billing = services.merchantBilling;
  const actor = { userId: user.id, requestId: 'test', locale: 'el' as const };
  await billing.chargeRentals(athensMonth(now));
  const rental = (await billing.charges(merchantId, 'open', 'el')).find(
    (charge) => charge.kind === 'terminalRental',
  );
  if (!rental) throw new Error(`no rental for ${merchantId}`);
  const [store] = await services.merchants.stores(merchantId);
  const supplies = await billing.orderSupplies(actor, merchantId, {
    storeId: store!.storeId,
    bags: 1,
    stickers: 1,
    notes: '',
  });
  const { paymentId } = await billing.createPayment(actor, merchantId, { chargeIds: [rental.chargeId] });

  await services.merchants.notify(
    ctx.database.db,
    merchantId,
    'midEnrolled',
    { label: 'Till 1', mid: terminal.mid },
    `test:${merchantId}`,
  );
  const { notifications } = await services.merchants.notifications(merchantId, 'el');
  const ibanToken = await pendingIbanChange(ctx, merchantId, user.id, options.pendingIban);

  const { rows: calls } = await ctx.database.pool.query<{ id: string }>(
    'select id from terminal_transactions where merchant_id = $1 and terminal_transaction_id = any($2) order by created_at',
    [merchantId, [saleId, refundId]],
  );
  return {
    merchantId,
    storeId: store!.storeId,
    terminalId: terminal.terminalId,
    mid: terminal.mid,
    userId: user.id,
    userEmail: user.email,
    transactionIds: calls.map((call) => call.id),
    terminalTransactionIds: [saleId, refundId],
    authorisationId: sale.authorisationId,
    settlementId: settlement.id,
    payoutId: payout.id,
    endToEndId: payout.endToEndId,
    fileId: sent.fileId,
    rentalChargeId: rental.chargeId,
    supplyOrderId: supplies.order.orderId,
    supplyChargeId: supplies.charge.chargeId,
    paymentId,
    notificationId: notifications[0]!.notificationId,
    ibanToken,
    pendingIban: options.pendingIban,
  };
}

/**
 * A pending change of the merchant's IBAN to `iban`, as `updateRedeemerProfile` leaves it (valid 24
 * hours); answers the link's token, which the mail would carry.
 */
export async function pendingIbanChange(
  ctx: TestContext,
  merchantId: string,
  requestedBy: string,
  iban: string,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await ctx.database.pool.query(
    `insert into merchant_iban_changes (merchant_id, iban, token_hash, requested_by, expires_at)
     values ($1, $2, $3, $4, now() + interval '1 day')`,
    [merchantId, iban, createHash('sha256').update(token).digest('hex'), requestedBy],
  );
  return token;
}
