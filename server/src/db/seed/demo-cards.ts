import {
  addDays,
  athensDate,
  completeGreekTaxId,
  startOfAthensMonth,
  type CardCategory,
  type CardFamily,
  type CardStatus,
} from '@tessera/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { createCardsService, type NewCard } from '../../modules/cards';
import { createLedgerService, type Executor } from '../../modules/ledger';
import { ledgerAccounts } from '../../modules/ledger/schema';

/** A small deterministic generator (mulberry32): the same seed gives the same demo every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

const MALE_FIRST = [
  'Γιώργος',
  'Δημήτρης',
  'Κωνσταντίνος',
  'Νίκος',
  'Παναγιώτης',
  'Βασίλης',
  'Χρήστος',
  'Αθανάσιος',
  'Μιχάλης',
  'Ευάγγελος',
  'Σπύρος',
  'Αντώνης',
  'Ηλίας',
  'Στέλιος',
  'Θοδωρής',
];
const FEMALE_FIRST = [
  'Μαρία',
  'Ελένη',
  'Αικατερίνη',
  'Βασιλική',
  'Σοφία',
  'Αγγελική',
  'Γεωργία',
  'Δήμητρα',
  'Κωνσταντίνα',
  'Παρασκευή',
  'Ιωάννα',
  'Χριστίνα',
  'Ευαγγελία',
  'Αναστασία',
  'Δέσποινα',
];
/** Surnames as [male, female]. */
const SURNAMES: readonly (readonly [string, string])[] = [
  ['Παπαδόπουλος', 'Παπαδοπούλου'],
  ['Παπαδάκης', 'Παπαδάκη'],
  ['Γεωργίου', 'Γεωργίου'],
  ['Οικονόμου', 'Οικονόμου'],
  ['Αντωνίου', 'Αντωνίου'],
  ['Ιωάννου', 'Ιωάννου'],
  ['Νικολάου', 'Νικολάου'],
  ['Καραγιάννης', 'Καραγιάννη'],
  ['Βασιλείου', 'Βασιλείου'],
  ['Μακρής', 'Μακρή'],
  ['Αθανασίου', 'Αθανασίου'],
  ['Δημητρίου', 'Δημητρίου'],
  ['Κωνσταντινίδης', 'Κωνσταντινίδου'],
  ['Παππάς', 'Παππά'],
  ['Σταματόπουλος', 'Σταματοπούλου'],
  ['Χατζηγεωργίου', 'Χατζηγεωργίου'],
  ['Λαμπρόπουλος', 'Λαμπροπούλου'],
  ['Ζαχαρίου', 'Ζαχαρίου'],
  ['Μπακάλης', 'Μπακάλη'],
  ['Τσακίρης', 'Τσακίρη'],
];
const LATIN: Record<string, string> = {
  α: 'a',
  ά: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  έ: 'e',
  ζ: 'z',
  η: 'i',
  ή: 'i',
  θ: 'th',
  ι: 'i',
  ί: 'i',
  ϊ: 'i',
  ΐ: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  ό: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  ύ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  ώ: 'o',
};
/** Greek → Latin letters for email addresses (ELOT 743, simplified). */
export function latinOf(text: string): string {
  return [...text.toLowerCase().replace(/ου/g, 'ou').replace(/ού/g, 'ou')].map((c) => LATIN[c] ?? c).join('');
}

const KINDS: readonly (readonly [{ product: CardCategory; family: CardFamily }, number])[] = [
  [{ product: 'TICKET_RESTAURANT', family: 'plastic' }, 35],
  [{ product: 'TICKET_RESTAURANT', family: 'virtual' }, 20],
  [{ product: 'SPENDEO', family: 'spendeo' }, 14],
  [{ product: 'MY_BENEFITS', family: 'mybenefits' }, 14],
  [{ product: 'VOUCHER', family: 'plastic' }, 6],
  [{ product: 'VOUCHER', family: 'virtual' }, 5],
  [{ product: 'COPMLIMENT', family: 'plastic' }, 3],
  [{ product: 'COPMLIMENT', family: 'virtual' }, 3],
];
const STATUSES: readonly (readonly [CardStatus, number])[] = [
  ['active', 85],
  ['blocked', 4],
  ['expired', 4],
  ['lost', 3],
  ['damaged', 2],
  ['replaced', 2],
];

/** Monthly load of a card in cents, by product (meal allowances are multiples of €10). */
function monthlyLoad(random: Random, product: CardCategory): number {
  switch (product) {
    case 'TICKET_RESTAURANT':
      return (8 + Math.floor(random() * 13)) * 1_000;
    case 'SPENDEO':
      return (5 + Math.floor(random() * 46)) * 1_000;
    case 'MY_BENEFITS':
      return (3 + Math.floor(random() * 18)) * 1_000;
    default:
      return (2 + Math.floor(random() * 9)) * 1_000;
  }
}

export type GeneratedCard = NewCard & { monthly: number; loadsEveryMonth: boolean; loadedThisMonth: boolean };

/**
 * `count` realistic cards of one company: Greek cardholders, every product and family, mostly
 * active, about 8% expiring within 60 days, a third of the monthly cards not yet loaded this month.
 */
export function generateCards(count: number, seed: number, now: Date = new Date()): GeneratedCard[] {
  const random = seededRandom(seed);
  const today = athensDate(now);
  return Array.from({ length: count }, (_, index): GeneratedCard => {
    const female = random() < 0.5;
    const firstName = pick(random, female ? FEMALE_FIRST : MALE_FIRST);
    const lastName = pick(random, SURNAMES)[female ? 1 : 0];
    const kind = weighted(random, KINDS);
    const status = weighted(random, STATUSES);
    const createdMonthsAgo = 3 + Math.floor(random() * 28);
    const createdAt = new Date(
      now.getTime() - createdMonthsAgo * 30 * 86_400_000 - Math.floor(random() * 86_400_000),
    );
    let expiryDate: string;
    if (status === 'expired') expiryDate = addDays(today, -(5 + Math.floor(random() * 200)));
    else if (random() < 0.08) expiryDate = addDays(today, 1 + Math.floor(random() * 58));
    else expiryDate = addDays(today, 70 + Math.floor(random() * 1_100));
    // Month ends, as card expiries are.
    const end = new Date(Date.UTC(Number(expiryDate.slice(0, 4)), Number(expiryDate.slice(5, 7)), 0));
    if (status !== 'expired' && end.toISOString().slice(0, 10) >= today)
      expiryDate = end.toISOString().slice(0, 10);
    const employeeCode = `E${String(1_000 + index).padStart(5, '0')}`;
    const oneOff = kind.product === 'VOUCHER' || kind.product === 'COPMLIMENT';
    return {
      ...kind,
      status,
      expiryDate,
      createdAt,
      cardholder: {
        firstName,
        lastName,
        email: `${latinOf(firstName)}.${latinOf(lastName)}${index}@example.gr`,
        phone: `+3069${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`,
        employeeCode,
        taxId:
          random() < 0.6 ? completeGreekTaxId(String(10_000_000 + Math.floor(random() * 89_999_999))) : '',
      },
      monthly: monthlyLoad(random, kind.product),
      loadsEveryMonth: !oneOff,
      loadedThisMonth: random() < 0.68,
    };
  });
}

/** The provider's merchant-clearing account (redemptions at merchants land there). */
async function merchantClearing(db: Executor): Promise<string> {
  await db.insert(ledgerAccounts).values({ kind: 'merchant', companyId: null }).onConflictDoNothing();
  const result = await db.execute<{ id: string }>(
    sql`select id from ledger_accounts where kind = 'merchant' and company_id is null`,
  );
  return result.rows[0]!.id;
}

/**
 * Issues the generated cards of a company and gives them six months of history through the ledger:
 * each month the company pays (bank → company funding), its cards are loaded in one order
 * (funding → cards) and cardholders spend at merchants (cards → merchant clearing). Balances are
 * never written: they are what these postings leave.
 */
export async function seedCompanyCards(
  db: Db,
  companyId: string,
  generated: GeneratedCard[],
  now: Date = new Date(),
  seed = 7,
  options: { months?: number } = {},
): Promise<{ cards: number; transactions: number }> {
  const months = options.months ?? 6;
  const ledger = createLedgerService();
  const cards = createCardsService({ db, ledger, now: () => now });
  const random = seededRandom(seed);
  let transactions = 0;
  await db.transaction(async (tx) => {
    const rows = await cards.createCards(tx, companyId, generated);
    const bank = await ledger.bankAccount(tx);
    const funding = await ledger.companyFundingAccount(tx, companyId);
    const merchant = await merchantClearing(tx);
    const balances = new Map<string, number>();
    const thisMonth = startOfAthensMonth(now);
    for (let back = months - 1; back >= 0; back -= 1) {
      const monthStart = startOfAthensMonth(
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15)),
      );
      const loadDay = new Date(
        monthStart.getTime() + (back === 0 ? 1 : 2 + Math.floor(random() * 3)) * 86_400_000 + 9 * 3_600_000,
      );
      if (back === 0 && loadDay > now) continue;
      const loads: { accountId: string; amountCents: number }[] = [];
      rows.forEach((card, index) => {
        const plan = generated[index]!;
        if (card.createdAt > loadDay) return;
        const isCurrent = monthStart.getTime() === thisMonth.getTime();
        const live = card.status === 'active' || (!isCurrent && card.status !== 'expired');
        if (!live) return;
        const firstMonth = card.createdAt >= new Date(monthStart.getTime() - 31 * 86_400_000);
        if (!plan.loadsEveryMonth && !firstMonth && back !== months - 1) return;
        if (isCurrent && !plan.loadedThisMonth) return;
        loads.push({ accountId: card.accountId, amountCents: plan.monthly });
      });
      if (loads.length === 0) continue;
      const total = loads.reduce((sum, entry) => sum + entry.amountCents, 0);
      await ledger.post(tx, {
        kind: 'payment',
        companyId,
        reference: `demo-payment-${companyId}-${loadDay.toISOString().slice(0, 7)}`,
        description: 'Demo: company payment',
        postedAt: new Date(loadDay.getTime() - 3_600_000),
        entries: [
          { accountId: bank, amountCents: -total },
          { accountId: funding, amountCents: total },
        ],
      });
      await ledger.post(tx, {
        kind: 'load',
        companyId,
        reference: `demo-load-${companyId}-${loadDay.toISOString().slice(0, 7)}`,
        description: 'Demo: monthly load',
        postedAt: loadDay,
        entries: [{ accountId: funding, amountCents: -total }, ...loads],
      });
      transactions += 2;
      for (const entry of loads)
        balances.set(entry.accountId, (balances.get(entry.accountId) ?? 0) + entry.amountCents);
      // Spending during the month: most of what is on each card, in whole euros.
      const spendAt = new Date(Math.min(loadDay.getTime() + 20 * 86_400_000, now.getTime() - 3_600_000));
      const spends: { accountId: string; amountCents: number }[] = [];
      for (const [accountId, balance] of balances) {
        const spend = Math.floor((balance * (0.55 + random() * 0.45)) / 100) * 100;
        if (spend > 0) spends.push({ accountId, amountCents: -spend });
      }
      if (spends.length > 0 && spendAt > loadDay) {
        const spent = spends.reduce((sum, entry) => sum - entry.amountCents, 0);
        await ledger.post(tx, {
          kind: 'redemption',
          companyId,
          reference: `demo-redemptions-${companyId}-${loadDay.toISOString().slice(0, 7)}`,
          description: 'Demo: purchases at merchants',
          postedAt: spendAt,
          entries: [...spends, { accountId: merchant, amountCents: spent }],
        });
        transactions += 1;
        for (const entry of spends)
          balances.set(entry.accountId, balances.get(entry.accountId)! + entry.amountCents);
      }
    }
  });
  return { cards: generated.length, transactions };
}
