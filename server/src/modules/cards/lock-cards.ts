import { lockCardRowsOfCompany, type CardRow, type Executor } from './repository';

/**
 * The company's cards among `cardIds` with their ledger accounts, locked until the caller's
 * transaction ends (a paid order replaces or loads them).
 */
export async function lockCards(
  db: Executor,
  companyId: string,
  cardIds: string[],
): Promise<
  Pick<CardRow, 'id' | 'accountId' | 'status' | 'cardholderId' | 'cardName' | 'product' | 'family'>[]
> {
  if (cardIds.length === 0) return [];
  return lockCardRowsOfCompany(db, companyId, cardIds);
}
