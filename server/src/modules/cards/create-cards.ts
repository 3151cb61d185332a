import { randomBytes, randomInt } from 'node:crypto';
import {
  isFamilyOfProduct,
  normalizeGreekPhone,
  PRODUCTS,
  type CardCategory,
  type CardFamily,
  type CardStatus,
} from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { cardholderSearchText, cardSearchFields, expiryAfterMonths } from './card-fields';
import type { CardsContext } from './context';
import {
  findCardholderOfCompany,
  insertCardholders,
  insertCards,
  type CardholderRow,
  type CardRow,
  type Executor,
} from './repository';

export type NewCardholder = {
  firstName: string;
  lastName: string;
  email?: string;
  phone?: string;
  employeeCode?: string;
  taxId?: string;
};

export type NewCard = {
  product: CardCategory;
  family: CardFamily;
  /** An existing cardholder of the company, or a new one. */
  cardholder: { cardholderId: string } | NewCardholder;
  cardName?: string;
  status?: CardStatus;
  /** Defaults to the end of the month `validityMonths` from now. */
  expiryDate?: string;
  createdAt?: Date;
  /** The processor's token when it is already known (the demo's published cards); else a new one. */
  token?: string;
};

/**
 * Creates cards (with new cardholders where given) and their empty ledger accounts, in the
 * caller's transaction. Only the processor's token, the BIN and the last four digits are kept.
 * Used by the demo seed and by paid orders.
 */
export async function createCards(
  ctx: CardsContext,
  db: Executor,
  companyId: string,
  inputs: NewCard[],
): Promise<CardRow[]> {
  for (const input of inputs) {
    if (!isFamilyOfProduct(input.product, input.family)) {
      throw new AppError('PRODUCT_FAMILY_MISMATCH', `${input.family} is not a family of ${input.product}`);
    }
  }
  const newHolders = inputs.flatMap((input) =>
    'cardholderId' in input.cardholder ? [] : [input.cardholder],
  );
  const insertedHolders = await insertCardholders(
    db,
    newHolders.map((holder) => {
      const values = {
        companyId,
        firstName: holder.firstName,
        lastName: holder.lastName,
        email: (holder.email ?? '').toLowerCase(),
        phone: holder.phone ? (normalizeGreekPhone(holder.phone) ?? holder.phone) : '',
        employeeCode: holder.employeeCode ?? '',
        taxId: holder.taxId ?? '',
      };
      return { ...values, searchText: cardholderSearchText(values) };
    }),
  );
  const existingIds = inputs.flatMap((input) =>
    'cardholderId' in input.cardholder ? [input.cardholder.cardholderId] : [],
  );
  const existing = new Map<string, CardholderRow>();
  for (const id of new Set(existingIds)) {
    const holder = await findCardholderOfCompany(db, companyId, id);
    if (!holder) throw new AppError('NOT_FOUND', `no cardholder ${id}`);
    existing.set(id, holder);
  }
  ctx.totals.forget(companyId);
  const accountIds = await ctx.ledger.openCardAccounts(db, companyId, inputs.length);
  let next = 0;
  const rows = inputs.map((input, index) => {
    const holder =
      'cardholderId' in input.cardholder
        ? existing.get(input.cardholder.cardholderId)!
        : insertedHolders[next++]!;
    const cardName =
      input.cardName ??
      `${holder.firstName} ${holder.lastName}`
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toUpperCase()
        .slice(0, 26);
    const last4 = String(randomInt(0, 10_000)).padStart(4, '0');
    return {
      companyId,
      product: input.product,
      family: input.family,
      cardholderId: holder.id,
      cardName,
      status: input.status ?? ('active' as const),
      expiryDate: input.expiryDate ?? expiryAfterMonths(PRODUCTS[input.product].validityMonths, ctx.now()),
      token: input.token ?? `tok_${randomBytes(16).toString('hex')}`,
      bin: PRODUCTS[input.product].bin,
      last4,
      accountId: accountIds[index]!,
      ...cardSearchFields(holder, { cardName, last4 }),
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    };
  });
  return insertCards(db, rows);
}
