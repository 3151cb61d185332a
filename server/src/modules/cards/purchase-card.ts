import { and, asc, eq, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { maskCardNumber, type CardCategory, type CardStatus, type DemoCard } from '@tessera/domain';
import { statementName, type Executor } from '../../platform/db';
import { ledgerAccounts } from '../ledger/schema';
import { cardholders, cards } from './schema';

/** What a purchase needs of the card it is paid with. */
export type PurchaseCard = {
  cardId: string;
  companyId: string;
  product: CardCategory;
  status: CardStatus;
  expiryDate: string;
  accountId: string;
  balanceCents: number;
  /** Locked by its holder or care (issue 35 §3): the terminal API declines it `cardLocked`. */
  isLocked: boolean;
};

const purchaseFields = {
  cardId: cards.id,
  companyId: cards.companyId,
  product: sql<CardCategory>`${cards.product}`,
  status: cards.status,
  expiryDate: cards.expiryDate,
  accountId: cards.accountId,
  balanceCents: ledgerAccounts.balanceCents,
  isLocked: sql<boolean>`${cards.lockedAt} is not null`,
};

/**
 * The card a terminal names by its network token (or a reversal by its id), with its ledger
 * account's row locked until the caller's transaction ends (ADR 016): two purchases on one card are
 * judged one after the other, so the balance read is the balance the posting meets.
 */
export async function lockCardForPurchase(
  db: Executor,
  by: { token: string } | { cardId: string },
): Promise<PurchaseCard | undefined> {
  // A named statement (parsed and planned once per connection): every purchase runs it.
  const [row] = await db
    .select(purchaseFields)
    .from(cards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.accountId))
    .where('token' in by ? eq(cards.token, sql.placeholder('key')) : eq(cards.id, sql.placeholder('key')))
    .for('update', { of: ledgerAccounts })
    .prepare(statementName('token' in by ? 'lock_card_by_token' : 'lock_card_by_id'))
    .execute({ key: 'token' in by ? by.token : by.cardId });
  return row as PurchaseCard | undefined;
}

/**
 * Active cards with money, for the virtual terminal's demo picker (demo and tests only: the route
 * offers it only when the demo seed is on), and the published demo cards whatever their state (the
 * README's `tok_demo_*` tokens: the expired one shows the `cardExpired` decline, issue 34 §2
 * item 6). The label shows the holder and the masked number.
 */
export async function findDemoCards(db: Executor, limit: number, today: string): Promise<DemoCard[]> {
  const published = sql`${cards.token} like 'tok_demo_%'`;
  const usable = and(
    eq(cards.status, 'active'),
    gte(cards.expiryDate, today),
    gte(ledgerAccounts.balanceCents, 1_000),
  );
  // Declined `cardExpired` (a blocked card is declined `cardBlocked` first).
  const expired = and(
    or(eq(cards.status, 'expired'), lt(cards.expiryDate, today)),
    ne(cards.status, 'blocked'),
  );
  const rows = await db
    .select({
      cardToken: cards.token,
      product: sql<CardCategory>`${cards.product}`,
      status: cards.status,
      expiryDate: cards.expiryDate,
      balanceCents: ledgerAccounts.balanceCents,
      last4: cards.last4,
      companyId: cards.companyId,
      firstName: cardholders.firstName,
      lastName: cardholders.lastName,
    })
    .from(cards)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, cards.accountId))
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
    .where(or(usable, and(published, expired)))
    .orderBy(
      // The README's published demo cards first.
      sql`${published} desc`,
      asc(cards.companyId),
      asc(cards.holderSort),
      asc(cards.id),
    )
    .limit(limit);
  return rows.map((row) => ({
    cardToken: row.cardToken,
    product: row.product,
    balanceCents: row.balanceCents,
    label: `${row.firstName} ${row.lastName} · •••• ${row.last4} · ${row.companyId}`,
    // The one rule decides (domain `declineReasonOf`): expired by state or by date.
    declines: row.status === 'expired' || row.expiryDate < today ? ('cardExpired' as const) : null,
  }));
}

/** The masked numbers of cards by id (a merchant's transaction list shows no more of a card). */
export async function findMaskedCards(
  db: Executor,
  cardIds: readonly string[],
): Promise<Map<string, string>> {
  if (cardIds.length === 0) return new Map();
  const rows = await db
    .select({ id: cards.id, bin: cards.bin, last4: cards.last4 })
    .from(cards)
    .where(inArray(cards.id, [...cardIds]));
  return new Map(rows.map((row) => [row.id, maskCardNumber(row.bin, row.last4)]));
}
