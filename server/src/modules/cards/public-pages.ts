import {
  maskCardNumber,
  type NewCardholderInput,
  type PublicCard,
  type PublicCardholder,
  type PublicCardholdersQuery,
  type PublicCardsQuery,
} from '@tessera/domain';
import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { auditChange } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { accountFiguresJoin } from '../ledger';
import { cardholderSearchText } from './card-fields';
import type { CardsContext } from './context';
import { toCardholder } from './views';
import type { Executor } from './repository';
import { cardholders, cards } from './schema';

/**
 * The public API's pages of cards and cardholders (issue 22 §2, ADR 037): keyset pages over the
 * id, so a page is stable while cards are added, and one cardholder created by an API client.
 * Every read names the company; another company's ids are simply absent.
 */

/** A card or cardholder cursor is the last id of the page before. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function page<T>(rows: T[], limit: number, idOf: (row: T) => string) {
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  return { data, nextCursor: more ? encodeCursor(idOf(data[data.length - 1]!)) : null };
}

const holderColumns = {
  cardholderId: cardholders.id,
  firstName: cardholders.firstName,
  lastName: cardholders.lastName,
  email: cardholders.email,
  phone: cardholders.phone,
  employeeCode: cardholders.employeeCode,
  taxId: cardholders.taxId,
};

export async function publicCardsPage(
  ctx: CardsContext,
  companyId: string,
  query: PublicCardsQuery,
  onlyCardId?: string,
): Promise<{ data: PublicCard[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, UUID);
  const where: SQL[] = [eq(cards.companyId, companyId)];
  if (onlyCardId) where.push(eq(cards.id, onlyCardId));
  if (after) where.push(gt(cards.id, after));
  if (query.status) where.push(eq(cards.status, query.status));
  if (query.product) where.push(eq(cards.product, query.product));
  if (query.family) where.push(eq(cards.family, query.family));
  if (query.cardholderId) where.push(eq(cards.cardholderId, query.cardholderId));
  if (query.expiresBefore) where.push(lte(cards.expiryDate, query.expiresBefore));
  const [ledgerAccounts, onAccount] = accountFiguresJoin(cards.accountId);
  const rows = await ctx.db
    .select({
      cardId: cards.id,
      bin: cards.bin,
      last4: cards.last4,
      cardName: cards.cardName,
      product: cards.product,
      family: cards.family,
      status: cards.status,
      expiryDate: cards.expiryDate,
      balanceCents: ledgerAccounts.balanceCents,
      createdAt: cards.createdAt,
      holder: holderColumns,
    })
    .from(cards)
    .innerJoin(cardholders, eq(cardholders.id, cards.cardholderId))
    .innerJoin(ledgerAccounts, onAccount)
    .where(and(...where))
    .orderBy(asc(cards.id))
    .limit(query.limit + 1);
  const { data, nextCursor } = page(rows, query.limit, (row) => row.cardId);
  return {
    data: data.map(({ bin, last4, holder, createdAt, balanceCents, ...card }) => ({
      ...card,
      maskedNumber: maskCardNumber(bin, last4),
      balanceCents: Number(balanceCents),
      cardholder: holder,
      createdAt: createdAt.toISOString(),
    })),
    nextCursor,
  };
}

function toPublicCardholder(row: typeof cardholders.$inferSelect): PublicCardholder {
  return { ...toCardholder(row), createdAt: row.createdAt.toISOString() };
}

export async function publicCardholdersPage(
  ctx: CardsContext,
  companyId: string,
  query: PublicCardholdersQuery,
): Promise<{ data: PublicCardholder[]; nextCursor: string | null }> {
  const after = decodeCursor(query.cursor, UUID);
  const where: SQL[] = [eq(cardholders.companyId, companyId)];
  if (after) where.push(gt(cardholders.id, after));
  if (query.employeeCode) where.push(sql`lower(${cardholders.employeeCode}) = lower(${query.employeeCode})`);
  if (query.email) where.push(sql`lower(${cardholders.email}) = lower(${query.email})`);
  const rows = await ctx.db
    .select()
    .from(cardholders)
    .where(and(...where))
    .orderBy(asc(cardholders.id))
    .limit(query.limit + 1);
  const { data, nextCursor } = page(rows, query.limit, (row) => row.id);
  return { data: data.map(toPublicCardholder), nextCursor };
}

/**
 * A cardholder without a card yet (an API client registers its people before ordering cards for
 * them). An employee code or email another cardholder of the company has is refused naming it:
 * the integration looks that person up instead of making a second one.
 */
export async function createPublicCardholder(
  ctx: CardsContext,
  actor: { userId: string; companyId: string; requestId?: string },
  input: Required<NewCardholderInput>,
  tx: Executor = ctx.db,
): Promise<PublicCardholder> {
  return tx.transaction(async (inner) => {
    const clashes: { field: string; key: 'cardholderExists' }[] = [];
    for (const field of ['employeeCode', 'email'] as const) {
      const value = input[field];
      if (!value) continue;
      const column = field === 'email' ? cardholders.email : cardholders.employeeCode;
      const [found] = await inner
        .select({ id: cardholders.id })
        .from(cardholders)
        .where(and(eq(cardholders.companyId, actor.companyId), sql`lower(${column}) = lower(${value})`))
        .limit(1);
      if (found) clashes.push({ field, key: 'cardholderExists' });
    }
    if (clashes.length > 0) {
      throw new AppError('CONFLICT', `cardholder already exists in ${actor.companyId}`, { fields: clashes });
    }
    const searchText = cardholderSearchText(input);
    const [row] = await inner
      .insert(cardholders)
      .values({ companyId: actor.companyId, ...input, searchText })
      .returning();
    await auditChange(inner, actor, {
      action: 'cardholder.create',
      entity: 'cardholder',
      entityId: row!.id,
      before: null,
      after: { firstName: row!.firstName, lastName: row!.lastName, employeeCode: row!.employeeCode },
    });
    return toPublicCardholder(row!);
  });
}
