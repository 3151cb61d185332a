import { hostname } from 'node:os';
import type { BulkImport, BulkImportRow, Locale } from '@tessera/domain';
import { auditOf } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs';
import type { CardsService } from '../cards';
import type { ContentService } from '../content';
import type { IdentityService } from '../identity';
import type { DraftsService } from '../drafts';
import type { ConvertDeps } from './write-draft-lines';
import type { WorkerDeps } from './process-import';
import { findImport, type ImportRow, type StoredRow } from './repository';
import { createTranslator } from './views';

export type BulkDeps = {
  db: Db;
  cards: CardsService;
  drafts: DraftsService;
  identity: IdentityService;
  content: ContentService;
  jobs: Jobs;
  limits: { maxBytes: number; maxRows: number; maxUnzippedBytes: number };
  log: WorkerDeps['log'] & { error(object: object, message: string): void };
  /** Rows per batch of the worker (default 500: little alive at once, see ADR 011). */
  batchSize?: number;
  /** Seconds without a heartbeat after which a worker is taken for dead (default 60). */
  staleSeconds?: number;
  /** Rows per batch (and transaction) when an import becomes drafts (default 2,000; ADR 020). */
  convertBatchSize?: number;
  /** Imports a company may have waiting or being read at once (default 3). */
  maxActiveImports?: number;
  now?: () => Date;
};

export const BULK_IMPORT_JOB = 'bulk-import';
export const BULK_SWEEP_JOB = 'bulk-import-sweep';
export const BULK_PURGE_JOB = 'bulk-import-purge';

/** Imports listed: those of the last 30 days, at most 50. Older ones are purged. */
export const LIST_DAYS = 30;
export const LIST_LIMIT = 50;

export type BulkContext = ReturnType<typeof createBulkContext>;

/**
 * What the bulk operations share: the worker's settings, the views of imports and rows in the
 * user's language, the company's import or 404, the audit and the rule that only a ready preview
 * changes. Every read and write is scoped by the company the route resolved.
 */
export function createBulkContext(deps: BulkDeps) {
  const now = deps.now ?? (() => new Date());
  const staleSeconds = deps.staleSeconds ?? 60;
  const workerId = `${hostname()}:${process.pid}`;
  const translate = createTranslator(() => deps.content.catalogue());
  /** The sample and example files, made once per process. */
  const templates = new Map<string, Promise<Buffer>>();
  const worker: WorkerDeps = {
    db: deps.db,
    cards: deps.cards,
    limits: {
      maxRows: deps.limits.maxRows,
      zip: { maxEntries: 1_000, maxUncompressedBytes: deps.limits.maxUnzippedBytes },
    },
    batchSize: deps.batchSize ?? 500,
    staleSeconds,
    now,
    log: deps.log,
  };

  /**
   * How imports become drafts (ADR 020): rows per batch, the lease's staleness, and a hook after
   * each committed batch. Mutable so tests can make batches small and stop between them.
   */
  const conversion: Omit<ConvertDeps, 'db' | 'drafts' | 'cards'> = {
    batchSize: deps.convertBatchSize ?? 2_000,
    staleSeconds,
  };

  async function views(rows: ImportRow[], locale: Locale): Promise<BulkImport[]> {
    const users = await deps.identity.usersByIds([...new Set(rows.map((row) => row.createdBy))]);
    const names = new Map(users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`]));
    return Promise.all(rows.map((row) => translate.import(row, names, locale)));
  }

  async function view(row: ImportRow, locale: Locale): Promise<BulkImport> {
    return (await views([row], locale))[0]!;
  }

  /** Rows as the preview shows them, with the cards their loads name read once for the page. */
  async function rowViews(companyId: string, rows: StoredRow[], locale: Locale): Promise<BulkImportRow[]> {
    const ids = [...new Set(rows.flatMap((row) => (row.parsed.cardId ? [row.parsed.cardId] : [])))];
    const cards =
      ids.length === 0 ? [] : await deps.cards.cardReferences(deps.db, companyId, { ids, last4Keys: [] });
    const byId = new Map(cards.map((card) => [card.cardId, card]));
    return Promise.all(rows.map((row) => translate.row(row, locale, byId)));
  }

  async function importOf(companyId: string, importId: string): Promise<ImportRow> {
    const row = await findImport(deps.db, companyId, importId);
    if (!row) throw new AppError('NOT_FOUND', `no import ${importId} in ${companyId}`);
    return row;
  }

  const audit = auditOf('bulk-import');

  return {
    deps,
    now,
    staleSeconds,
    workerId,
    translate,
    templates,
    worker,
    conversion,
    views,
    view,
    rowViews,
    importOf,
    audit,
  };
}

/**
 * The preview can change only while it is one: ready, not being read, not turned into drafts nor
 * being turned into them (a conversion under way or stopped mid-way, ADR 020).
 */
export function requireReady(row: ImportRow): void {
  if (row.state !== 'ready') throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is ${row.state}`);
  if (row.convertPlan !== null) {
    throw new AppError('BULK_IMPORT_NOT_READY', `import ${row.id} is being turned into drafts`);
  }
}
