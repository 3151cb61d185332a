import {
  athensDate,
  athensMidnight,
  addDays,
  nextTarget2BusinessDay,
  ROLE,
  type CardCategory,
} from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { AppServices } from '../../app';
import type { Db } from '../../platform/db';
import { hashPassword } from '../../modules/identity';
import { athensMonth } from '../../modules/merchant-billing';
import type { NewMerchant } from '../../modules/merchants';
import { DEMO_PASSWORD, DEMO_USERS } from './demo';
import { seededRandom } from './demo-cards';
import { seedDemoDisputes } from './demo-disputes';
import { createUser } from './factories';

/** The demo terminal the README names: a till of Φρέσκο Μάρκετ at Syntagma. */
export const DEMO_TERMINAL = {
  clientId: 'term-fresko-syntagma-1',
  clientSecret: 'Tessera-Terminal-2026',
  mid: '20020101',
} as const;

/**
 * The demo cards the README names (Ακμή Τροφίμων, C1001): a meal card and a gift card with money,
 * and a gift card that expired with money on it, declined `cardExpired` (issue 34 §2 item 6).
 */
export const DEMO_CARD_TOKENS = {
  meal: 'tok_demo_meal_c1001',
  gift: 'tok_demo_gift_c1001',
  expired: 'tok_demo_expired_c1001',
} as const;

/** Merchant users beside the demo merchant administrator (merchant@tessera.demo, Φρέσκο Μάρκετ). */
export const DEMO_MERCHANT_USERS = [
  {
    email: 'merchant.viewer@tessera.demo',
    firstName: 'Γιώργος',
    lastName: 'Σταύρου',
    merchantId: 'M2002',
    role: 'viewer' as const,
    label: 'merchant, view-only (role 1001)',
  },
  {
    email: 'taverna@tessera.demo',
    firstName: 'Μιχάλης',
    lastName: 'Κωστόπουλος',
    merchantId: 'M2001',
    role: 'admin' as const,
    label: 'merchant, taverna administrator (role 1001)',
  },
  {
    email: 'grocer@tessera.demo',
    firstName: 'Άννα',
    lastName: 'Λαμπράκη',
    merchantId: 'M2003',
    role: 'admin' as const,
    label: 'merchant, online grocer administrator (role 1001)',
  },
];

const ALL_PRODUCTS: CardCategory[] = ['TICKET_RESTAURANT', 'SPENDEO', 'MY_BENEFITS', 'VOUCHER', 'COPMLIMENT'];
const secret = DEMO_TERMINAL.clientSecret;
const till = (
  mid: string,
  label: string,
  clientId: string,
  state: 'requested' | 'enrolled' | 'suspended',
) => ({
  mid,
  label,
  state,
  clientId,
  clientSecret: secret,
});

/** Φρέσκο Μάρκετ's Athens branches: real addresses, their postal codes and coordinates (WGS 84). */
const ATHENS_BRANCHES = [
  {
    name: 'Φρέσκο Μάρκετ Κολωνάκι',
    address: 'Πατριάρχου Ιωακείμ 19',
    city: 'Αθήνα',
    postalCode: '10675',
    area: 'Κολωνάκι',
    lat: 37.9777,
    lng: 23.7426,
  },
  {
    name: 'Φρέσκο Μάρκετ Μαρούσι',
    address: 'Βασιλίσσης Σοφίας 35',
    city: 'Μαρούσι',
    postalCode: '15124',
    area: 'Μαρούσι',
    lat: 38.0515,
    lng: 23.8065,
  },
  {
    name: 'Φρέσκο Μάρκετ Πειραιάς',
    address: 'Ηρώων Πολυτεχνείου 45',
    city: 'Πειραιάς',
    postalCode: '18535',
    area: 'Κέντρο Πειραιά',
    lat: 37.9432,
    lng: 23.646,
  },
  {
    name: 'Φρέσκο Μάρκετ Κηφισιά',
    address: 'Κασσαβέτη 20',
    city: 'Κηφισιά',
    postalCode: '14562',
    area: 'Κηφισιά',
    lat: 38.074,
    lng: 23.811,
  },
  {
    name: 'Φρέσκο Μάρκετ Γλυφάδα',
    address: 'Λαζαράκη 30',
    city: 'Γλυφάδα',
    postalCode: '16675',
    area: 'Γλυφάδα',
    lat: 37.864,
    lng: 23.753,
  },
];

/** The three demo merchants (issue 15 §1): a taverna, a supermarket chain of five stores, an online grocer. */
export const DEMO_MERCHANTS: Omit<NewMerchant, 'users'>[] = [
  {
    merchantId: 'M2001',
    legalName: 'Κωστόπουλος Μιχαήλ & ΣΙΑ Ο.Ε.',
    tradeName: 'Ταβέρνα Το Στέκι',
    vatNumber: '801234560',
    // Valid ISO 13616 check digits (issue 34 §2.1: they were GR96, which fails mod 97).
    iban: 'GR1701100400000004012345678',
    bic: 'ETHNGRAA',
    address: 'Βεϊκου 42, 117 42 Αθήνα',
    contactName: 'Μιχάλης Κωστόπουλος',
    contactEmail: 'taverna@tessera.demo',
    contactPhone: '+302109231234',
    feePlan: { TICKET_RESTAURANT: 400, VOUCHER: 350, COPMLIMENT: 350 },
    stores: [
      {
        name: 'Το Στέκι — Κουκάκι',
        address: 'Βεϊκου 42',
        city: 'Αθήνα',
        postalCode: '11742',
        area: 'Κουκάκι',
        lat: 37.964,
        lng: 23.7255,
        category: 'restaurants',
        openingHours: 'Τρ–Κυ 12:00–00:00',
        channels: ['in_store', 'delivery_platform'],
        acceptedProducts: ['TICKET_RESTAURANT', 'VOUCHER', 'COPMLIMENT'],
        terminals: [
          till('20010101', 'Ταμείο', 'term-steki-koukaki-1', 'enrolled'),
          till('20010102', 'Delivery (efood)', 'term-steki-koukaki-2', 'requested'),
        ],
      },
    ],
  },
  {
    merchantId: 'M2002',
    legalName: 'Φρέσκο Μάρκετ Α.Ε.',
    tradeName: 'Φρέσκο Μάρκετ',
    vatNumber: '998877666',
    iban: 'GR1601101250000000012300695',
    bic: 'ETHNGRAA',
    address: 'Λεωφόρος Αλεξάνδρας 100, 114 71 Αθήνα',
    contactName: 'Σοφία Μιχαηλίδου',
    contactEmail: 'merchant@tessera.demo',
    contactPhone: '+302106401000',
    feePlan: { TICKET_RESTAURANT: 300, SPENDEO: 150, MY_BENEFITS: 250, VOUCHER: 300, COPMLIMENT: 300 },
    stores: [
      {
        name: 'Φρέσκο Μάρκετ Σύνταγμα',
        address: 'Φιλελλήνων 12',
        city: 'Αθήνα',
        postalCode: '10557',
        area: 'Σύνταγμα',
        lat: 37.9738,
        lng: 23.734,
        category: 'groceries',
        openingHours: 'Δε–Σα 08:00–21:00',
        channels: ['in_store'],
        acceptedProducts: ALL_PRODUCTS,
        terminals: [
          till(DEMO_TERMINAL.mid, 'Ταμείο 1', DEMO_TERMINAL.clientId, 'enrolled'),
          till('20020102', 'Ταμείο 2', 'term-fresko-syntagma-2', 'enrolled'),
        ],
      },
      {
        name: 'Φρέσκο Μάρκετ Καλαμαριά',
        address: 'Κομνηνών 30',
        city: 'Θεσσαλονίκη',
        postalCode: '55132',
        area: 'Καλαμαριά',
        lat: 40.583,
        lng: 22.949,
        category: 'groceries',
        openingHours: 'Δε–Σα 08:00–21:00',
        channels: ['in_store'],
        acceptedProducts: ALL_PRODUCTS,
        terminals: [till('20020201', 'Ταμείο 1', 'term-fresko-kalamaria-1', 'enrolled')],
      },
      {
        name: 'Φρέσκο Μάρκετ Πάτρα',
        address: 'Μαιζώνος 150',
        city: 'Πάτρα',
        postalCode: '26221',
        area: 'Κέντρο',
        lat: 38.244,
        lng: 21.737,
        category: 'groceries',
        openingHours: 'Δε–Σα 08:00–21:00',
        channels: ['in_store'],
        acceptedProducts: ALL_PRODUCTS,
        terminals: [
          till('20020301', 'Ταμείο 1', 'term-fresko-patra-1', 'enrolled'),
          till('20020302', 'Ταμείο 2', 'term-fresko-patra-2', 'suspended'),
        ],
      },
      {
        name: 'Φρέσκο Μάρκετ Ηράκλειο',
        address: 'Λεωφόρος Ικάρου 55',
        city: 'Ηράκλειο',
        postalCode: '71307',
        area: 'Πόρος',
        lat: 35.338,
        lng: 25.145,
        category: 'groceries',
        openingHours: 'Δε–Σα 08:00–21:00',
        channels: ['in_store', 'delivery_platform'],
        acceptedProducts: ALL_PRODUCTS,
        terminals: [till('20020401', 'Ταμείο 1', 'term-fresko-heraklio-1', 'enrolled')],
      },
      {
        name: 'Φρέσκο Μάρκετ Λάρισα',
        address: 'Κύπρου 20',
        city: 'Λάρισα',
        postalCode: '41222',
        area: 'Κέντρο',
        lat: 39.638,
        lng: 22.418,
        category: 'groceries',
        openingHours: 'Δε–Σα 08:00–21:00',
        channels: ['in_store'],
        acceptedProducts: ALL_PRODUCTS,
        terminals: [till('20020501', 'Ταμείο 1', 'term-fresko-larisa-1', 'requested')],
      },
      // Issue 35 §4 (ADR 047): Athens branches for the cardholders' store search, listed before
      // their tills are asked for (a cardholder sees where the card will be taken).
      ...ATHENS_BRANCHES.map((branch) => ({
        ...branch,
        category: 'groceries' as const,
        openingHours: 'Δε–Σα 08:00–21:00',
        channels: ['in_store' as const],
        acceptedProducts: ALL_PRODUCTS,
        terminals: [],
      })),
    ],
  },
  {
    merchantId: 'M2003',
    legalName: 'Ηλεκτρονικό Μπακάλικο Ι.Κ.Ε.',
    tradeName: 'e-Μπακάλικο',
    vatNumber: '802345675',
    // Valid ISO 13616 check digits (issue 34 §2.1: they were GR75, which fails mod 97).
    iban: 'GR7301401010101002320000190',
    bic: 'CRBAGRAA',
    address: 'Πειραιώς 180, 118 53 Αθήνα',
    contactName: 'Άννα Λαμπράκη',
    contactEmail: 'grocer@tessera.demo',
    contactPhone: '+302103456789',
    feePlan: { TICKET_RESTAURANT: 350, SPENDEO: 200, MY_BENEFITS: 250 },
    stores: [
      {
        name: 'e-Μπακάλικο online',
        address: 'Πειραιώς 180',
        city: 'Αθήνα',
        postalCode: '11853',
        area: 'Ρουφ',
        lat: 37.9715,
        lng: 23.706,
        category: 'online',
        openingHours: '24/7',
        channels: ['online', 'delivery_platform'],
        acceptedProducts: ['TICKET_RESTAURANT', 'SPENDEO', 'MY_BENEFITS'],
        terminals: [
          till('20030101', 'Web checkout', 'term-empakaliko-web-1', 'enrolled'),
          till('20030102', 'Mobile app checkout', 'term-empakaliko-app-1', 'requested'),
        ],
      },
    ],
  },
];

export function demoMerchantLogins(): string[] {
  const width = Math.max(28, ...DEMO_MERCHANT_USERS.map((user) => user.email.length));
  return DEMO_MERCHANT_USERS.map((user) => `${user.email.padEnd(width)}  ${DEMO_PASSWORD}   ${user.label}`);
}

/** Each demo merchant's tills and how busy they are (purchases a day, hours open, typical ticket). */
const TRADE: Record<string, { perDay: number; hours: [number, number]; ticket: [number, number] }> = {
  M2001: { perDay: 2, hours: [12, 23], ticket: [800, 2_400] },
  M2002: { perDay: 4, hours: [8, 21], ticket: [600, 6_000] },
  M2003: { perDay: 1.5, hours: [7, 23], ticket: [1_500, 4_500] },
};

export type DemoMerchantOptions = {
  /** The moment the demo history ends (tests pin it). */
  now?: Date;
  /** Days of purchases, settlements and payouts before `now` (0: the merchants only). */
  historyDays?: number;
};

/**
 * The demo merchants, their users and terminals, two demo cards with money, and (by default) six
 * months of trade: purchases, declines, reversals and refunds through the terminal operations, each
 * back-dated to its day, so the ledger holds them exactly as a terminal would have made them.
 */
export async function seedDemoMerchants(
  db: Db,
  services: AppServices,
  options: DemoMerchantOptions = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { rows: existing } = await db.execute<{ id: string }>(
    sql`select id from users where email = ${DEMO_USERS.merchant.email}`,
  );
  const adminId = existing[0]?.id;
  const userIds = new Map<string, string>();
  for (const user of DEMO_MERCHANT_USERS) {
    const created = await createUser(db, {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roleId: ROLE.MERCHANT,
      passwordHash,
      preferredLanguage: 'el',
    });
    userIds.set(user.email, created.id);
  }
  for (const merchant of DEMO_MERCHANTS) {
    await services.merchants.createMerchant({
      ...merchant,
      users: [
        ...(merchant.merchantId === 'M2002' && adminId ? [{ userId: adminId, role: 'admin' as const }] : []),
        ...DEMO_MERCHANT_USERS.filter((user) => user.merchantId === merchant.merchantId).map((user) => ({
          userId: userIds.get(user.email)!,
          role: user.role,
        })),
      ],
    });
  }
  await seedDemoCards(db, services, now);
  if ((options.historyDays ?? 182) > 0) {
    const { rows: staff } = await db.execute<{ id: string }>(
      sql`select id from users where email = ${DEMO_USERS.admin.email}`,
    );
    // The rentals and their payment happen on their days among the trade, so that the merchants'
    // documents are issued in the order of their dates, as they would have been (issue 37).
    const charges = chargeEvents(services, now);
    const runCharges = async (until: Date) => {
      while (charges.length > 0 && charges[0]!.at <= until) await charges.shift()!.run();
    };
    await seedTrade(db, services, now, options.historyDays ?? 182, staff[0]?.id ?? null, runCharges);
    await runCharges(now);
  }
}

/** `YYYY-MM` of the month before. */
function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/**
 * What the demo merchants owe (issue 16): the terminal rentals of the last three months through
 * the monthly operation, each made on its month's first day. The oldest month was paid by card at
 * the sandbox bank ten days later; last month's and this month's stay open for the payment page.
 * Answered as steps in the order of their moments, for the trade's days to run among them.
 */
function chargeEvents(services: AppServices, now: Date): { at: Date; run: () => Promise<void> }[] {
  const billing = services.merchantBilling;
  const current = athensMonth(now);
  const months = [previousMonth(previousMonth(current)), previousMonth(current), current];
  const events = months.map((month) => {
    const first = athensMidnight(`${month}-01`);
    const at = first < now ? first : now;
    return {
      at,
      run: async (): Promise<void> => {
        await billing.chargeRentals(month, { at });
      },
    };
  });
  const paidMonth = months[0]!;
  const paidAt = new Date(athensMidnight(`${paidMonth}-01`).getTime() + 10 * 86_400_000);
  events.push({ at: paidAt, run: () => payCharges(services, paidMonth, paidAt) });
  return events.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The demo merchants pay `paidMonth`'s rentals by card at `paidAt`. */
async function payCharges(services: AppServices, paidMonth: string, paidAt: Date): Promise<void> {
  const billing = services.merchantBilling;
  for (const merchant of DEMO_MERCHANTS) {
    const open = await billing.charges(merchant.merchantId, 'open', 'el');
    const chargeIds = open.filter((charge) => charge.period === paidMonth).map((charge) => charge.chargeId);
    if (chargeIds.length === 0) continue;
    const { paymentId, amountCents } = await billing.createPayment(
      { userId: null, requestId: 'demo-seed', locale: 'el' },
      merchant.merchantId,
      { chargeIds },
      { at: paidAt },
    );
    await billing.applyBankResult(
      {
        id: `demo-seed:${paymentId}`,
        paymentId,
        result: 'approved',
        bankReference: `SBXDEMO${paidMonth.replace('-', '')}`,
        amountCents,
        payload: { source: 'demo-seed' },
      },
      new Date(paidAt.getTime() + 60_000),
    );
  }
}

/**
 * The README's demo cards of Ακμή Τροφίμων, paid for and loaded through the ledger: the meal and
 * gift cards, and a gift card loaded while valid that expired ten days before `now`.
 */
async function seedDemoCards(db: Db, services: AppServices, now: Date): Promise<void> {
  const { ledger, cards } = services;
  await db.transaction(async (tx) => {
    const created = await cards.createCards(tx, 'C1001', [
      {
        product: 'TICKET_RESTAURANT',
        family: 'plastic',
        cardholder: { firstName: 'Ελένη', lastName: 'Δημητρίου', email: 'eleni.dimitriou@akmi.demo' },
        token: DEMO_CARD_TOKENS.meal,
        createdAt: new Date(now.getTime() - 40 * 86_400_000),
      },
      {
        product: 'VOUCHER',
        family: 'virtual',
        cardholder: { firstName: 'Νίκος', lastName: 'Αλεξίου', email: 'nikos.alexiou@akmi.demo' },
        token: DEMO_CARD_TOKENS.gift,
        createdAt: new Date(now.getTime() - 40 * 86_400_000),
      },
      {
        product: 'VOUCHER',
        family: 'virtual',
        cardholder: { firstName: 'Σταύρος', lastName: 'Παππάς', email: 'stavros.pappas@akmi.demo' },
        token: DEMO_CARD_TOKENS.expired,
        status: 'expired',
        expiryDate: addDays(athensDate(now), -10),
        createdAt: new Date(now.getTime() - 400 * 86_400_000),
      },
    ]);
    const amounts = [18_000, 15_000, 4_000];
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    const bank = await ledger.bankAccount(tx);
    const funding = await ledger.companyFundingAccount(tx, 'C1001');
    const at = new Date(now.getTime() - 30 * 86_400_000);
    await ledger.post(tx, {
      kind: 'payment',
      companyId: 'C1001',
      reference: 'demo-cards-payment',
      description: 'Demo: company payment',
      postedAt: new Date(at.getTime() - 3_600_000),
      entries: [
        { accountId: bank, amountCents: -total },
        { accountId: funding, amountCents: total },
      ],
    });
    await ledger.post(tx, {
      kind: 'load',
      companyId: 'C1001',
      reference: 'demo-cards-load',
      description: 'Demo: load of the demo cards',
      postedAt: at,
      entries: [
        { accountId: funding, amountCents: -total },
        ...created.map((card, index) => ({ accountId: card.accountId, amountCents: amounts[index]! })),
      ],
    });
  });
}

/** The days before today whose purchases are never reversed or refunded in the demo. */
const WHOLE_DAYS = 7;

/**
 * Purchases at the demo merchants' enrolled tills over `days` days: a few a day each, on cards of
 * the demo companies that have money (the published demo cards are left alone), with the odd
 * reversal and partial refund; the daily caps and balances decline some, as they would.
 */
async function seedTrade(
  db: Db,
  services: AppServices,
  now: Date,
  days: number,
  staffId: string | null,
  /** Runs what happens up to an instant before the trade of the day that starts then. */
  before: (until: Date) => Promise<void>,
): Promise<void> {
  const random = seededRandom(2026);
  const { rows: cards } = await db.execute<{ token: string; product: CardCategory }>(sql`
    select c.token, c.product from cards c join ledger_accounts a on a.id = c.account_id
     where c.status = 'active' and a.balance_cents >= 3000 and c.token not like 'tok_demo_%'
     order by c.id limit 400`);
  if (cards.length === 0) return;
  const { rows: tills } = await db.execute<{ id: string; mid: string; merchant_id: string }>(sql`
    select id, mid, merchant_id from merchant_terminals where state = 'enrolled' order by mid`);
  const today = athensDate(now);
  let sequence = 0;
  for (let back = days; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const midnight = athensMidnight(day).getTime();
    await before(new Date(midnight));
    for (const [merchantId, trade] of Object.entries(TRADE)) {
      const own = tills.filter((terminal) => terminal.merchant_id === merchantId);
      const count = Math.floor(trade.perDay * (0.5 + random()) + random());
      for (let index = 0; index < count && own.length > 0; index += 1) {
        const terminal = own[Math.floor(random() * own.length)]!;
        const card = cards[Math.floor(random() * cards.length)]!;
        const hour = trade.hours[0] + random() * (trade.hours[1] - trade.hours[0]);
        const at = new Date(midnight + Math.floor(hour * 3_600_000));
        const amountCents =
          Math.round((trade.ticket[0] + random() * (trade.ticket[1] - trade.ticket[0])) / 10) * 10;
        sequence += 1;
        const id = `D${day.replaceAll('-', '')}-${String(sequence).padStart(5, '0')}`;
        const caller = { terminalId: terminal.id, mid: terminal.mid };
        const answer = await services.terminals.authorise(
          caller,
          {
            terminalTransactionId: id,
            mid: terminal.mid,
            cardToken: card.token,
            amountCents,
            time: at.toISOString(),
          },
          { locale: 'el', at },
        );
        if (answer.outcome !== 'approved') continue;
        // The last week's purchases are left whole: the newest ones stay free for the merchant to
        // dispute in the demo (a reversed one leaves nothing to refund), whatever day it is (the
        // trade is drawn from a fixed seed, so a day's draw repeats on every run of that day).
        const luck = back <= WHOLE_DAYS ? 1 : random();
        const later = new Date(at.getTime() + 5 * 60_000);
        if (luck < 0.03) {
          await services.terminals.reverse(
            caller,
            {
              terminalTransactionId: `${id}-R`,
              mid: terminal.mid,
              originalTerminalTransactionId: id,
              time: later.toISOString(),
            },
            { locale: 'el', at: later },
          );
        } else if (luck < 0.07) {
          await services.terminals.refund(
            caller,
            {
              terminalTransactionId: `${id}-F`,
              mid: terminal.mid,
              originalTerminalTransactionId: id,
              amountCents: Math.max(10, Math.round(amountCents / 300) * 100),
              time: later.toISOString(),
            },
            { locale: 'el', at: later },
          );
        }
      }
    }
    await settleAndPay(services, day, midnight, staffId, back, now);
    if (back === RETURN_DAYS_BACK && staffId) await returnOnePayout(services, midnight, staffId);
  }
  // Issue 34 §1 (ADR 043): a dispute resolved by refund and one open.
  await seedDemoDisputes(db, services, now);
}

/**
 * The night after `day`: its settlement (02:30 Athens), and on Tuesdays and Fridays the provider
 * sends the scheduled payouts in one credit-transfer file (sent that morning). The bank pays a
 * file on the TARGET2 business day after the file's day, and the payouts are marked paid then
 * (issue 34 §2.8: on the day they would have been, never at the moment of seeding); files whose
 * day to be paid has not come by the end of `day` stay sent, as they would be today.
 */
async function settleAndPay(
  services: AppServices,
  day: string,
  midnight: number,
  staffId: string | null,
  back: number,
  now: Date,
): Promise<void> {
  const night = new Date(midnight + 26.5 * 3_600_000);
  await services.settlements.settleDay(day, { at: night });
  if (!staffId) return;
  const actor = { userId: staffId, requestId: 'demo-seed' };
  const weekday = new Date(midnight + 12 * 3_600_000).getUTCDay();
  if ((weekday === 1 || weekday === 4) && back > 1) {
    const sendAt = new Date(midnight + 34 * 3_600_000);
    if (sendAt < now) await services.settlements.sendPayouts(actor, { at: sendAt });
  }
  const endOfDay = athensMidnight(addDays(day, 1));
  const sent = await services.settlements.listPayouts({ state: 'sent', page: 1, pageSize: 200 });
  const byPaidAt = new Map<number, string[]>();
  for (const payout of sent.payouts) {
    if (payout.sentAt === null) continue;
    const paidDay = nextTarget2BusinessDay(athensDate(new Date(payout.sentAt)));
    // 11:00 in Athens: the bank's statement of the morning shows the credit transfers done.
    const paidAt = new Date(athensMidnight(paidDay).getTime() + 11 * 3_600_000);
    if (paidAt >= endOfDay || paidAt >= now) continue;
    byPaidAt.set(paidAt.getTime(), [...(byPaidAt.get(paidAt.getTime()) ?? []), payout.payoutId]);
  }
  for (const [paidAt, payoutIds] of byPaidAt) {
    await services.settlements.markPaid(actor, payoutIds, { at: new Date(paidAt) });
  }
}

/** How many days before the end of the history the demo's returned payout comes back. */
const RETURN_DAYS_BACK = 12;

/**
 * One payout the bank sends back (issue 34, ADR 042), so the payout desk's demo shows one: the
 * taverna's latest paid payout, returned the morning of `midnight` for a closed account. The
 * amount goes back on its balance through the ledger, and the next file pays it again.
 */
async function returnOnePayout(services: AppServices, midnight: number, staffId: string): Promise<void> {
  const paid = await services.settlements.listPayouts({
    state: 'paid',
    merchantId: 'M2001',
    page: 1,
    pageSize: 50,
  });
  const at = new Date(midnight + 9 * 3_600_000);
  const payout = paid.payouts.find((row) => row.paidAt !== null && new Date(row.paidAt) < at);
  if (!payout) return;
  await services.settlements.returnPayout(
    { userId: staffId, requestId: 'demo-seed' },
    { payoutId: payout.payoutId, reason: 'Ο λογαριασμός του δικαιούχου έχει κλείσει (AC04, closed account)' },
    { at },
  );
}
