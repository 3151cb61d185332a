import { findCardholderIdsOfCompany, type Executor } from './repository';

/** The ids among `cardholderIds` of the company's cardholders, in the caller's transaction. */
export async function findCompanyCardholderIds(
  db: Executor,
  companyId: string,
  cardholderIds: string[],
): Promise<Set<string>> {
  return new Set(await findCardholderIdsOfCompany(db, companyId, cardholderIds));
}
