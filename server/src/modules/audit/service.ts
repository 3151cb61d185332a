import { PassThrough, type Writable } from 'node:stream';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  neutralizeCell,
  type Acting,
  type AuditEntry,
  type AuditListResponse,
  type Locale,
  type RoleId,
} from '@tessera/domain';
import { writeAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { loadExcel } from '../../platform/file-libraries';
import type { Actor } from '../../platform/policy';
import {
  countAuditEntries,
  findAuditEntities,
  findAuditEntries,
  findCompanyName,
  findMerchantName,
  type AuditFilter,
  type AuditRow,
} from './repository';

export type AuditService = ReturnType<typeof createAuditService>;

/** What the service needs of the portal sessions (the auth module's store). */
export type ActingSessions = {
  rememberMerchant(idHash: string, merchantId: string, reason: string): Promise<void>;
  stopActing(idHash: string): Promise<void>;
};

/** The session's acting state as the guard read it. */
export type ActingState = {
  companyId: string | null;
  acting: { companyId: string | null; merchantId: string | null; reason: string; since: Date } | null;
};

function toEntry(row: AuditRow): AuditEntry {
  const name = [row.actorFirstName, row.actorLastName].filter(Boolean).join(' ');
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorName: name || null,
    actorEmail: row.actorEmail,
    actorRoleId: (row.actorRoleId as RoleId | null) ?? null,
    companyId: row.companyId,
    companyName: row.companyName,
    merchantId: row.merchantId,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    actingReason: row.actingReason,
    requestId: row.requestId,
  };
}

const HEADERS: Record<Locale, string[]> = {
  el: [
    'Ημερομηνία',
    'Χρήστης',
    'Email',
    'Ρόλος',
    'Εταιρεία',
    'Έμπορος',
    'Ενέργεια',
    'Οντότητα',
    'Κωδικός οντότητας',
    'Αιτιολογία',
    'Πριν',
    'Μετά',
    'Αίτημα',
  ],
  en: [
    'Date',
    'User',
    'Email',
    'Role',
    'Company',
    'Merchant',
    'Action',
    'Entity',
    'Entity id',
    'Reason',
    'Before',
    'After',
    'Request',
  ],
};

/** JSON of a before/after value, cut to what a cell holds (Excel: 32,767 characters). */
const jsonCell = (value: unknown) =>
  value === null || value === undefined ? '' : neutralizeCell(JSON.stringify(value).slice(0, 32_000));

/**
 * The audit log (issue 18, ADR 027): the provider manager's view of every change (filters, pages,
 * xlsx export), a company's own log, and acting for a company or merchant.
 */
/**
 * The API client an entry without a person stands for (issue 34 §3 item 3): an order or change an
 * API client made carries the client's row id as actor; a call of the public API and a webhook
 * endpoint it made carry no actor, and name the client's public id (`tc_…`).
 */
function apiClientKeyOf(entry: AuditEntry): string | null {
  if (entry.actorName) return null;
  if (entry.actorUserId) return entry.actorUserId;
  const after = entry.after as { apiClientId?: unknown } | null;
  if (typeof after?.apiClientId === 'string') return after.apiClientId;
  return entry.entity === 'api-client' && entry.action === 'api.call' ? entry.entityId : null;
}

export function createAuditService(deps: {
  db: Db;
  sessions: ActingSessions;
  merchantExists(merchantId: string): Promise<boolean>;
  /**
   * Names of API clients by row id or public client id, with who created them (issue 34 §3
   * item 3): what the log shows instead of "System" for what a client did.
   */
  apiClientNames?: (keys: string[]) => Promise<Map<string, string>>;
}) {
  const { db } = deps;

  /** The rows as entries, an API client's named after the client and its creator. */
  async function entriesOf(rows: AuditRow[]): Promise<AuditEntry[]> {
    const entries = rows.map(toEntry);
    const keys = [...new Set(entries.flatMap((entry) => apiClientKeyOf(entry) ?? []))];
    if (keys.length === 0 || !deps.apiClientNames) return entries;
    const names = await deps.apiClientNames(keys);
    return entries.map((entry) => {
      const key = apiClientKeyOf(entry);
      const name = key ? names.get(key) : undefined;
      return name ? { ...entry, actorName: name } : entry;
    });
  }

  async function list(filter: AuditFilter, page: number, entitiesOf?: string): Promise<AuditListResponse> {
    const [rows, total, entities] = await Promise.all([
      findAuditEntries(db, filter, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE }),
      countAuditEntries(db, filter),
      findAuditEntities(db, entitiesOf),
    ]);
    const entries = await entriesOf(rows);
    return { success: true, entries, total, page, pageSize: AUDIT_PAGE_SIZE, entities };
  }

  return {
    /** The whole log for the provider's manager. */
    list: (filter: AuditFilter, page: number) => list(filter, page),

    /** One company's log (its order manager): the company filter is the company's, whatever was asked. */
    listOfCompany: (companyId: string, filter: AuditFilter, page: number) =>
      list({ ...filter, companyId, merchantId: undefined }, page, companyId),

    /** The filtered log as an xlsx workbook written into `output`, newest first, at most 50,000 rows. */
    async writeWorkbook(filter: AuditFilter, locale: Locale, output: Writable): Promise<void> {
      const Excel = await loadExcel();
      const workbook = new Excel.stream.xlsx.WorkbookWriter({
        stream: output,
        useStyles: true,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(locale === 'el' ? 'Αρχείο ενεργειών' : 'Audit log');
      sheet.columns = HEADERS[locale].map((header, index) => ({
        header,
        width: index === 0 ? 20 : index >= 10 && index <= 11 ? 60 : 22,
        ...(index === 0 ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
      }));
      sheet.getRow(1).font = { bold: true };
      const BATCH = 1000;
      for (let offset = 0; offset < AUDIT_EXPORT_MAX_ROWS; offset += BATCH) {
        const rows = await findAuditEntries(db, filter, { limit: BATCH, offset });
        const entries = await entriesOf(rows);
        for (const [index, row] of rows.entries()) {
          const entry = entries[index]!;
          sheet
            .addRow([
              row.at,
              neutralizeCell(entry.actorName ?? ''),
              neutralizeCell(entry.actorEmail ?? ''),
              entry.actorRoleId ?? '',
              neutralizeCell([entry.companyId, entry.companyName].filter(Boolean).join(' · ')),
              entry.merchantId ?? '',
              entry.action,
              entry.entity,
              neutralizeCell(entry.entityId ?? ''),
              neutralizeCell(entry.actingReason ?? ''),
              jsonCell(entry.before),
              jsonCell(entry.after),
              entry.requestId ?? '',
            ])
            .commit();
        }
        if (rows.length < BATCH) break;
      }
      sheet.commit();
      await workbook.commit();
    },

    /** A stream the route sends while the workbook is written into it (errors end it). */
    workbookStream(filter: AuditFilter, locale: Locale, onError: (error: unknown) => void): PassThrough {
      const stream = new PassThrough();
      this.writeWorkbook(filter, locale, stream).catch((error: unknown) => {
        onError(error);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return stream;
    },

    /** What provider staff act for now, named. */
    async acting(state: ActingState): Promise<Acting> {
      const merchantId = state.acting?.merchantId ?? null;
      const companyId = merchantId ? null : state.companyId;
      const [companyName, merchantName] = await Promise.all([
        companyId ? findCompanyName(db, companyId) : null,
        merchantId ? findMerchantName(db, merchantId) : null,
      ]);
      return {
        companyId,
        companyName,
        merchantId,
        merchantName,
        reason: state.acting?.reason ?? null,
        since: state.acting?.since.toISOString() ?? null,
      };
    },

    /** Provider staff start acting for a merchant, for a reason (audited). */
    async actForMerchant(actor: Actor, merchantId: string, reason: string): Promise<void> {
      if (!(await deps.merchantExists(merchantId))) {
        throw new AppError('NOT_FOUND', `no merchant ${merchantId}`, {
          fields: [{ field: 'merchantId', key: 'invalidValue' }],
        });
      }
      await db.transaction(async (tx) => {
        await writeAudit(tx, {
          actorUserId: actor.userId,
          companyId: null,
          merchantId,
          action: 'merchant.act',
          entity: 'merchant',
          entityId: merchantId,
          before: null,
          after: { merchantId, reason },
          actingReason: reason,
        });
      });
      await deps.sessions.rememberMerchant(actor.sessionIdHash, merchantId, reason);
    },

    /** Provider staff stop acting for the company or merchant (audited). */
    async stopActing(actor: Actor, state: ActingState): Promise<void> {
      const merchantId = state.acting?.merchantId ?? null;
      const companyId = merchantId ? null : state.companyId;
      if (companyId || merchantId) {
        await writeAudit(db, {
          actorUserId: actor.userId,
          companyId,
          merchantId,
          action: merchantId ? 'merchant.act-end' : 'company.act-end',
          entity: merchantId ? 'merchant' : 'company',
          entityId: merchantId ?? companyId,
          before: { companyId, merchantId, reason: state.acting?.reason ?? null },
          after: null,
          actingReason: state.acting?.reason ?? null,
        });
      }
      await deps.sessions.stopActing(actor.sessionIdHash);
    },
  };
}
