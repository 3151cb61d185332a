import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CardCategory, DeclineReason, SpendCategory, TerminalCallKind } from '@tessera/domain';

/**
 * Every call a terminal made (ADR 016): authorisations, reversals and refunds, approved or declined,
 * with the answer it got. `(terminal_id, terminal_transaction_id)` is unique: a repeat of a call is
 * answered from its row and has no second effect. An approved call names the ledger transaction that
 * moved the money in the same database transaction as this row.
 */
export const terminalTransactions = pgTable(
  'terminal_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    terminalId: uuid('terminal_id').notNull(),
    terminalTransactionId: text('terminal_transaction_id').notNull(),
    kind: text('kind').$type<TerminalCallKind>().notNull(),
    /** SHA-256 of the call's content: the same id with other content is a duplicate. */
    requestHash: text('request_hash').notNull(),
    merchantId: text('merchant_id').notNull(),
    storeId: uuid('store_id').notNull(),
    mid: text('mid').notNull(),
    storeCategory: text('store_category').$type<SpendCategory>().notNull(),
    /** The card (null when the token named no card). */
    cardId: uuid('card_id'),
    companyId: text('company_id'),
    product: text('product').$type<CardCategory>(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    outcome: text('outcome').$type<'approved' | 'declined'>().notNull(),
    declineReason: text('decline_reason').$type<DeclineReason>(),
    authorisationId: text('authorisation_id').unique(),
    /** For a reversal or refund: the authorisation it gives money back for. */
    originalId: uuid('original_id'),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }),
    /** When the terminal says it took the call. */
    terminalTime: timestamp('terminal_time', { withTimezone: true }).notNull(),
    /** When the provider took it: the settlement day and the caps count by this. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('terminal_transactions_call_idx').on(table.terminalId, table.terminalTransactionId),
    index('terminal_transactions_card_idx')
      .on(table.cardId, table.createdAt)
      .where(sql`${table.outcome} = 'approved'`),
    // A cardholder's movements list the card's declines too (issue 35 §2, ADR 046).
    index('terminal_transactions_card_declined_idx')
      .on(table.cardId, table.createdAt)
      .where(sql`${table.outcome} = 'declined'`),
    index('terminal_transactions_merchant_idx').on(table.merchantId, table.createdAt),
    index('terminal_transactions_original_idx')
      .on(table.originalId)
      .where(sql`${table.originalId} is not null`),
  ],
);
