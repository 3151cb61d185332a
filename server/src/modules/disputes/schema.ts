import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DisputeParty, DisputeReason, DisputeState } from '@tessera/domain';
import { merchants } from '../merchants/schema';
import { terminalTransactions } from '../terminals/schema';

/**
 * Disputes of terminal transactions (issue 34 §1, ADR 043). The merchant, company and card are
 * copied from the transaction when the dispute is opened, so each party's list is one indexed read.
 * At most one dispute per transaction is `open` (`disputes_open_idx`). Ending one writes its state,
 * reason and, for money given back, the terminal call (reversal or refund) that posted it.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    terminalTransactionId: uuid('terminal_transaction_id')
      .notNull()
      .references(() => terminalTransactions.id),
    merchantId: text('merchant_id')
      .notNull()
      .references(() => merchants.id),
    companyId: text('company_id'),
    cardId: uuid('card_id'),
    reason: text('reason').$type<DisputeReason>().notNull(),
    note: text('note').notNull().default(''),
    state: text('state').$type<DisputeState>().notNull().default('open'),
    openedByParty: text('opened_by_party').$type<DisputeParty>().notNull(),
    openedBy: uuid('opened_by').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    resolutionReason: text('resolution_reason'),
    resolvedAmountCents: bigint('resolved_amount_cents', { mode: 'number' }),
    /** The reversal or refund call that gave the money back. */
    resolutionCallId: uuid('resolution_call_id').references(() => terminalTransactions.id),
    closedBy: uuid('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('disputes_open_idx')
      .on(table.terminalTransactionId)
      .where(sql`${table.state} = 'open'`),
    index('disputes_transaction_idx').on(table.terminalTransactionId),
    index('disputes_merchant_idx').on(table.merchantId, table.openedAt),
    index('disputes_company_idx').on(table.companyId, table.openedAt),
    index('disputes_state_idx').on(table.state, table.openedAt),
  ],
);
