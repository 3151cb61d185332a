import type { Card } from '@tessera/domain';
import { AppError } from '../../platform/errors';
import { cardClock } from './card-fields';
import type { CardsContext } from './context';
import { findCardDetails, findCardOfCompany, type Executor } from './repository';
import { toCard } from './views';

/** One card with its cardholder and ledger figures, read through `db` (a transaction's too). */
export async function readCardDetail(ctx: CardsContext, db: Executor, cardId: string): Promise<Card> {
  const [row] = await findCardDetails(db, [cardId]);
  if (!row) throw new AppError('NOT_FOUND', `no card ${cardId}`);
  return toCard(row, cardClock(ctx.now()));
}

/** One of the company's cards; another company's card is "not found". */
export async function getCard(ctx: CardsContext, companyId: string, cardId: string): Promise<Card> {
  if (!(await findCardOfCompany(ctx.db, companyId, cardId)))
    throw new AppError('NOT_FOUND', `no card ${cardId}`);
  return readCardDetail(ctx, ctx.db, cardId);
}
