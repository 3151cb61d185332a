import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CardCategory,
  CardFamily,
  PaymentKind,
  RecurringAmountMode,
  RecurringCardNoteView,
  RecurringFailureReason,
  RecurringRunStatus,
  RecurringSchedule,
  RecurringSubmitMode,
} from '@tessera/domain';
import { cards } from '../cards/schema';
import { companies } from '../companies/schema';

/**
 * A company's recurring load rules (issue 19, ADR 028): which cards get how much, on what schedule,
 * from when to when, and whether a run submits its order or leaves a draft.
 */
export const recurringRules = pgTable(
  'recurring_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    product: text('product').$type<CardCategory>().notNull(),
    amountMode: text('amount_mode').$type<RecurringAmountMode>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    schedule: jsonb('schedule').$type<RecurringSchedule>().notNull(),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }),
    submitMode: text('submit_mode').$type<RecurringSubmitMode>().notNull(),
    paymentMethod: text('payment_method').$type<PaymentKind>().notNull(),
    /**
     * The first day a run may fall on: the day the rule was made or last resumed. Periods before it
     * are never run, so resuming after a pause does not catch the paused months up.
     */
    runsFrom: date('runs_from', { mode: 'string' }).notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    /** Everyone who made, changed or resumed the rule: makers of the orders its runs make (ADR 040). */
    madeBy: uuid('made_by')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Rules are removed by marking them: their runs and the orders they made stay traceable. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('recurring_rules_company_idx').on(table.companyId, table.createdAt)],
);

/** The cards a rule loads, each with its own amount when the rule's amounts are per card. */
export const recurringRuleLines = pgTable(
  'recurring_rule_lines',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => recurringRules.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ruleId, table.cardId] }),
    index('recurring_rule_lines_card_idx').on(table.cardId),
  ],
);

/**
 * One run of a rule for one period. Unique per rule and period: a second run of the same period,
 * from another process or after a restart, conflicts and creates nothing (ADR 028).
 */
export const recurringRuns = pgTable(
  'recurring_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => recurringRules.id, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull(),
    period: text('period').notNull(),
    runDay: date('run_day', { mode: 'string' }).notNull(),
    status: text('status').$type<RecurringRunStatus>().notNull(),
    failure: text('failure').$type<RecurringFailureReason>(),
    detail: text('detail'),
    cardCount: integer('card_count').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    notes: jsonb('notes').$type<RecurringCardNoteView[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('recurring_runs_rule_period_unique').on(table.ruleId, table.period),
    index('recurring_runs_company_idx').on(table.companyId, table.createdAt),
  ],
);

/**
 * The drafts a run made, one per card family (a draft names one family). A submitted draft's order
 * is found by its `source_draft_id`, so the run leads to the order once the draft became one.
 */
export const recurringRunDrafts = pgTable(
  'recurring_run_drafts',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => recurringRuns.id, { onDelete: 'cascade' }),
    draftId: uuid('draft_id').notNull(),
    family: text('family').$type<CardFamily>().notNull(),
    cardCount: integer('card_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.draftId] })],
);

/** Reminders sent before a run: once per rule and period. */
export const recurringReminders = pgTable(
  'recurring_reminders',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => recurringRules.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.ruleId, table.period] })],
);

/** The company's recurring-load settings: the reminder's days before each run (0: none). */
export const recurringSettings = pgTable('recurring_settings', {
  companyId: text('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  reminderDays: integer('reminder_days').notNull().default(2),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
