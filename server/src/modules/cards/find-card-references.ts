import { findCardReferences, type Executor } from './repository';
import { toCardReference, type CardReference } from './views';

/**
 * The company's cards a bulk file names (ADR 011), by id or by last four digits with the
 * cardholder's employee code or email (case ignored), read in the caller's executor: what the
 * rows need to be judged (status, expiry, product, masked number, cardholder), without the
 * ledger. A last-four key may match several cards; the caller decides.
 */
export async function findCardReferencesOf(
  db: Executor,
  companyId: string,
  named: { ids: string[]; last4Keys: { last4: string; employeeCode: string; email: string }[] },
): Promise<CardReference[]> {
  const rows = await findCardReferences(db, companyId, named.ids, named.last4Keys);
  return rows.map(toCardReference);
}
