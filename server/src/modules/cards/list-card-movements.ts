import { cardMovementKindOf, type CardMovementsResponse } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { accountMovements } from '../ledger';
import type { CardsContext } from './context';
import { findCardOfCompany } from './repository';

/** Ledger kinds made at a merchant: their description names the merchant and the store. */
const MERCHANT_KINDS: ReadonlySet<string> = new Set(['redemption', 'refund', 'reversal']);

/**
 * One of the company's cards' latest movements, newest first, with its balance (issue 15 §3: the
 * card panel shows the purchases made with it at merchants). Another company's card is "not found",
 * as `getCard` says; the balance is the ledger account's kept running sum, read with the entries.
 */
export async function listCardMovements(
  ctx: CardsContext,
  companyId: string,
  cardId: string,
  /** How many movements at most (the newest). */
  limit: number,
): Promise<Omit<CardMovementsResponse, 'success'>> {
  const card = await findCardOfCompany(ctx.db, companyId, cardId);
  if (!card) throw new AppError('NOT_FOUND', `no card ${cardId}`);
  const [rows, balanceCents] = await Promise.all([
    accountMovements(ctx.db, card.accountId, limit),
    ctx.ledger.balance(ctx.db, card.accountId),
  ]);
  return {
    cardId,
    balanceCents,
    movements: rows.map((row) => ({
      movementId: row.transactionId,
      kind: cardMovementKindOf(row.kind, row.amountCents),
      amountCents: row.amountCents,
      // Issue 35 §7 (ADR 049): the employer sees when and how much was spent, not where; care
      // sees the merchant and store only through its reasoned, audited look-up.
      description: MERCHANT_KINDS.has(row.kind) ? '' : row.description,
      reference: row.reference,
      postedAt: row.postedAt.toISOString(),
    })),
  };
}
