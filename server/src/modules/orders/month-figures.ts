import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { ledgerEntries, ledgerTransactions } from '../ledger/schema';

// TEMPORARY (issue 14): replaced by the ledger's read API when it lands.
/** This month's loads and fees of the company, from the ledger. */
export async function monthFigures(
  db: Db,
  companyId: string,
  since: Date,
): Promise<{ loaded: number; fees: number }> {
  const rows = await db
    .select({
      kind: ledgerTransactions.kind,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.amountCents} > 0), 0)`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.companyId, companyId),
        inArray(ledgerTransactions.kind, ['load', 'fee']),
        gte(ledgerTransactions.postedAt, since),
      ),
    )
    .groupBy(ledgerTransactions.kind);
  const of = (kind: string) => Number(rows.find((row) => row.kind === kind)?.total ?? 0);
  return { loaded: of('load'), fees: of('fee') };
}
