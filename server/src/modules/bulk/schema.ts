import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  boolean,
} from 'drizzle-orm/pg-core';
import type {
  BulkColumnKey,
  BulkFileKind,
  BulkImportDraft,
  BulkImportState,
  BulkPurpose,
  BulkRowKind,
  BulkRowStatus,
} from '@tessera/domain';
import { companies } from '../companies/schema';
import type { ConvertPlan, ParsedRow, StoredProblem } from './row-types';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A file-level problem (headers missing, too many rows…): a validation key and its parameters. */
export type ImportFailure = StoredProblem;

/** A recognised column: its key, the header as the file wrote it, its 0-based position. */
export type ImportColumn = { key: BulkColumnKey; header: string; position: number };

/**
 * Bulk imports (ADR 011): one uploaded file, its progress and, once read, its preview rows. The
 * worker that reads it holds a lease (`lease_owner`, renewed in `heartbeat_at` with every batch);
 * a worker that died lets the lease go stale and another resumes where the stored rows end.
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').notNull(),
    /**
     * Who uploaded the file and who edited or dropped its rows: makers of the drafts and orders made
     * of it (ADR 040).
     */
    madeBy: uuid('made_by')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    purpose: text('purpose').$type<BulkPurpose>().notNull(),
    fileName: text('file_name').notNull(),
    fileKind: text('file_kind').$type<BulkFileKind>().notNull(),
    fileBytes: integer('file_bytes').notNull(),
    fileSha256: text('file_sha256').notNull(),
    state: text('state').$type<BulkImportState>().notNull().default('queued'),
    failure: jsonb('failure').$type<ImportFailure>(),
    /** Rows the file holds (counted from the worksheet before reading; CSV: after). */
    rowsTotal: integer('rows_total'),
    /** Data rows stored so far, and the file row number of the last one (where a restart resumes). */
    rowsRead: integer('rows_read').notNull().default(0),
    lastRowNumber: integer('last_row_number').notNull().default(0),
    rowsOk: integer('rows_ok').notNull().default(0),
    rowsWarning: integer('rows_warning').notNull().default(0),
    rowsError: integer('rows_error').notNull().default(0),
    rowsDropped: integer('rows_dropped').notNull().default(0),
    columns: jsonb('columns').$type<ImportColumn[]>().notNull().default([]),
    ignoredColumns: jsonb('ignored_columns').$type<string[]>().notNull().default([]),
    drafts: jsonb('drafts').$type<BulkImportDraft[]>().notNull().default([]),
    replacesImportId: uuid('replaces_import_id'),
    leaseOwner: text('lease_owner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /**
     * A conversion into drafts under way (ADR 020): its plan and progress (the drafts made, the
     * last row written, lines and totals so far), committed with every batch of lines, so a
     * conversion that died resumes where it stopped. Null when none is under way.
     */
    convertPlan: jsonb('convert_plan').$type<ConvertPlan>(),
    /** Who runs the conversion; its lease is renewed in `convert_heartbeat_at` with every batch. */
    convertOwner: text('convert_owner'),
    convertHeartbeatAt: timestamp('convert_heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('bulk_imports_company_created_idx').on(table.companyId, table.createdAt),
    index('bulk_imports_state_idx').on(table.state, table.heartbeatAt),
  ],
);

/**
 * The uploaded bytes, apart from the import so lists never read them; in the database rather than
 * on a disk so any instance's worker can read them (ARCHITECTURE §1: no state on the server).
 * Removed once the import is converted, superseded or deleted.
 */
export const bulkImportFiles = pgTable('bulk_import_files', {
  importId: uuid('import_id')
    .primaryKey()
    .references(() => bulkImports.id, { onDelete: 'cascade' }),
  companyId: text('company_id').notNull(),
  content: bytea('content').notNull(),
});

/**
 * The preview: one row per data row of the file, keyed by the import and the file's row number (a
 * resumed worker writes a row at most once). `problems` are the row's own; `cross_problems` come
 * from the other rows (duplicates) and are recomputed as a whole; `status` is the worse of both.
 * The rows of a file are written once (ADR 055): the drafts' lines are made from them in the
 * database. No foreign key to the import: the worker's lease, renewed with every batch, proves the
 * import is there, and a trigger deletes the rows with their import (migration 0037).
 */
export const bulkImportRows = pgTable(
  'bulk_import_rows',
  {
    importId: uuid('import_id').notNull(),
    rowNumber: integer('row_number').notNull(),
    companyId: text('company_id').notNull(),
    status: text('status').$type<BulkRowStatus>().notNull(),
    kind: text('kind').$type<BulkRowKind>(),
    isDropped: boolean('is_dropped').notNull().default(false),
    cells: jsonb('cells').$type<Partial<Record<BulkColumnKey, string>>>().notNull(),
    parsed: jsonb('parsed').$type<ParsedRow>().notNull(),
    problems: jsonb('problems').$type<StoredProblem[]>().notNull().default([]),
    crossProblems: jsonb('cross_problems').$type<StoredProblem[]>().notNull().default([]),
    /** 0 ok, 1 warning, 2 error: the level of `problems` alone. */
    localLevel: smallint('local_level').notNull(),
    /** What duplicates are found by: the row's folded cells, the card it loads, the person it names. */
    rowHash: text('row_hash'),
    cardKey: uuid('card_key'),
    personKeys: jsonb('person_keys').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.rowNumber] }),
    index('bulk_import_rows_status_idx').on(table.importId, table.status, table.rowNumber),
  ],
);
