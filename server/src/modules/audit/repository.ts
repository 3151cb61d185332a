import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';

import type { Executor } from '../../platform/db';
import { auditLog } from '../../platform/schema';
import { companies } from '../companies/schema';
import { users } from '../identity/schema';
import { merchants } from '../merchants/schema';

/** The filters of the audit log, resolved (dates as the start of the first and the day after the last). */
export type AuditFilter = {
  person?: string | undefined;
  companyId?: string | undefined;
  merchantId?: string | undefined;
  entity?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
};

export type AuditRow = {
  id: number;
  at: Date;
  actorUserId: string | null;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorEmail: string | null;
  actorRoleId: number | null;
  companyId: string | null;
  companyName: string | null;
  merchantId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  actingReason: string | null;
  requestId: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyId) conditions.push(eq(auditLog.companyId, filter.companyId));
  if (filter.merchantId) conditions.push(eq(auditLog.merchantId, filter.merchantId));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  // Dates are the provider's (Athens) calendar days.
  if (filter.fromDate) {
    conditions.push(
      gte(auditLog.createdAt, sql`(${filter.fromDate}::date)::timestamp at time zone 'Europe/Athens'`),
    );
  }
  if (filter.toDate) {
    conditions.push(
      lt(auditLog.createdAt, sql`((${filter.toDate}::date) + 1)::timestamp at time zone 'Europe/Athens'`),
    );
  }
  if (filter.person) {
    const person = filter.person.trim();
    if (UUID.test(person)) {
      conditions.push(eq(auditLog.actorUserId, person));
    } else {
      const pattern = `%${likeEscape(person)}%`;
      conditions.push(
        sql`${auditLog.actorUserId} in (select ${users.id} from ${users} where ${or(
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )})`,
      );
    }
  }
  return and(...conditions);
}

/** Entries matching `filter`, newest first, `limit` from `offset`, with the actor and company named. */
export async function findAuditEntries(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditRow[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.createdAt,
      actorUserId: auditLog.actorUserId,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      actorRoleId: users.roleId,
      companyId: auditLog.companyId,
      companyName: companies.name,
      merchantId: auditLog.merchantId,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      actingReason: auditLog.actingReason,
      requestId: auditLog.requestId,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(whereOf(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows;
}

export async function countAuditEntries(db: Executor, filter: AuditFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(whereOf(filter));
  return row?.count ?? 0;
}

/** The kinds of entity in the log (of one company when given), for the filter's choices. */
export async function findAuditEntities(db: Executor, companyId?: string): Promise<string[]> {
  const rows = await db
    .select({ entity: auditLog.entity })
    .from(auditLog)
    .where(companyId ? eq(auditLog.companyId, companyId) : undefined)
    .groupBy(auditLog.entity)
    .orderBy(auditLog.entity);
  return rows.map((row) => row.entity);
}

export async function findCompanyName(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

export async function findMerchantName(db: Executor, merchantId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: merchants.tradeName })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return row?.name ?? null;
}
