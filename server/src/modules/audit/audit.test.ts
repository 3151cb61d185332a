import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, inject as provided, it } from 'vitest';
import { athensDate, ERROR_CODE } from '@tessera/domain';
import { seedDemoMerchants } from '../../db/seed/demo-merchants';
import { writeAudit } from '../../platform/audit';
import { connectOwner } from '../../platform/db';
import {
  demoWorldTestFile,
  DEMO_ROLE_KEYS,
  sessionHeaders,
  statusByUser,
  type DemoUserKey,
} from '../../../test/tenant-helper';

const world = demoWorldTestFile();
beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
}, 60_000);
const ACCOUNTS = '/api/v1/accounts';
const ADDRESS = {
  alias: 'Αποθήκη Ελευσίνας',
  street: 'Λεωφόρος ΝΑΤΟ',
  streetNumber: '12',
  postalCode: '192 00',
  city: 'Ελευσίνα',
  region: 'attica',
  contactName: 'Νίκος Παππάς',
  phone: '210 554 0000',
  notes: '',
};

async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.ctx.database.pool.query(text, params)).rows as T[];
}

/** A staff session that gives no reason with its calls (the browser's, before acting starts). */
const staffHeaders = (user: 'admin' | 'care') =>
  sessionHeaders(world.ctx, world.ids[user], { actingReason: null });

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  world.ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('the audit log is append-only (issue 18)', () => {
  async function appendEntry(action: string): Promise<string> {
    await writeAudit(world.ctx.database.db, {
      actorUserId: world.ids.admin,
      companyId: 'C1001',
      action,
      entity: 'test',
      entityId: 'x',
      after: { value: 1 },
    });
    const [row] = await query<{ id: string }>(`select id from audit_log where action = $1`, [action]);
    return row!.id;
  }

  it('refuses to update, delete or truncate an entry, on every database, even to its owner', async () => {
    const id = await appendEntry('test.append');
    // The trigger's refusal: as the role that owns the table and so holds every privilege on it
    // (on PostgreSQL the server's own role is refused before the trigger, by privilege: below).
    const owner = await connectOwner(world.ctx.database);
    try {
      const run = (text: string, params: unknown[] = []) => owner.client.query(text, params);
      await expect(run(`update audit_log set action = 'forged' where id = $1`, [id])).rejects.toThrow(
        /append-only/,
      );
      await expect(run(`delete from audit_log where id = $1`, [id])).rejects.toThrow(/append-only/);
      await expect(run(`truncate audit_log`)).rejects.toThrow(/append-only/);
    } finally {
      await owner.release();
    }
    const [after] = await query<{ action: string }>(`select action from audit_log where id = $1`, [id]);
    expect(after!.action).toBe('test.append');
  });

  it.skipIf(provided('testDatabase').kind !== 'postgres')(
    'runs the server on PostgreSQL as a role that may read and append to the log, never change it, nor switch its trigger off (issue 33, ADR 041)',
    async () => {
      const id = await appendEntry('test.privilege');
      // The job queue too: its schema and queues are made as the owner when it starts.
      expect(await world.ctx.app.services.jobs.isReady()).toBe(true);

      const [role] = await query<Record<string, unknown>>(
        `select current_user as name, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication
           from pg_roles where rolname = current_user`,
      );
      expect(role).toMatchObject({
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolbypassrls: false,
        rolreplication: false,
      });
      // It owns no table, sequence, view, schema or function; another role owns the audit log.
      const owned = await query(
        `select relname as name from pg_class
          where relowner = (select oid from pg_roles where rolname = current_user)
            and relnamespace not in (select oid from pg_namespace where nspname like 'pg\\_%')
         union all select nspname from pg_namespace where nspowner = (select oid from pg_roles where rolname = current_user)
         union all select proname from pg_proc where proowner = (select oid from pg_roles where rolname = current_user)`,
      );
      expect(owned).toEqual([]);
      const [table] = await query<{ owner: string }>(
        `select tableowner as owner from pg_tables where schemaname = 'public' and tablename = 'audit_log'`,
      );
      expect(table!.owner).not.toBe(role!.name);
      const tables = await query<{ schema: string; owner: string }>(
        `select distinct schemaname as schema, tableowner as owner from pg_tables
          where schemaname in ('public', 'pgboss') order by 1`,
      );
      expect(tables.map((row) => row.schema)).toEqual(['pgboss', 'public']);
      expect(tables.every((row) => row.owner !== role!.name)).toBe(true);

      // Its privileges on the log: read and append; and TRUNCATE on no table at all.
      const [privileges] = await query(
        `select ${['select', 'insert', 'update', 'delete', 'truncate']
          .map((privilege) => `has_table_privilege('audit_log', '${privilege}') as "${privilege}"`)
          .join(', ')}`,
      );
      expect(privileges).toEqual({
        select: true,
        insert: true,
        update: false,
        delete: false,
        truncate: false,
      });
      const truncatable = await query(
        `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
            and n.nspname not like 'pg\\_%' and has_table_privilege(c.oid, 'truncate')`,
      );
      expect(truncatable).toEqual([]);

      // Refused by privilege, before the trigger is asked.
      const denied = /permission denied for table audit_log/;
      await expect(query(`update audit_log set action = 'forged' where id = $1`, [id])).rejects.toThrow(
        denied,
      );
      await expect(query(`delete from audit_log where id = $1`, [id])).rejects.toThrow(denied);
      await expect(query(`truncate audit_log`)).rejects.toThrow(denied);
      // And the trigger cannot be switched off: not for the session, not on the table.
      await expect(query(`set session_replication_role = replica`)).rejects.toThrow(
        /permission denied to set parameter "session_replication_role"/,
      );
      const client = await world.ctx.database.pool.connect();
      try {
        await client.query('begin');
        await expect(client.query(`set local session_replication_role = replica`)).rejects.toThrow(
          /permission denied/,
        );
        await client.query('rollback');
      } finally {
        client.release();
      }
      await expect(
        query(`alter table audit_log disable trigger audit_log_no_update_or_delete`),
      ).rejects.toThrow(/must be owner of table audit_log/);
      await expect(query(`drop trigger audit_log_no_update_or_delete on audit_log`)).rejects.toThrow(
        /must be owner of (table|relation) audit_log/,
      );
      await expect(query(`create table forged_log (id int)`)).rejects.toThrow(
        /permission denied for schema public/,
      );

      const [after] = await query<{ action: string; replication: string }>(
        `select action, current_setting('session_replication_role') as replication from audit_log where id = $1`,
        [id],
      );
      expect(after).toEqual({ action: 'test.privilege', replication: 'origin' });
    },
  );
});

describe('acting for a company with a reason (issue 18)', () => {
  it('refuses a staff change before a reason is given, and changes nothing', async () => {
    const headers = await staffHeaders('care');
    const before = await query(`select count(*)::int as n from delivery_points where company_id = 'C1001'`);
    const response = await inject(
      'POST',
      `${ACCOUNTS}/createDeliveryPoint`,
      { ...headers, companyid: 'C1001' },
      ADDRESS,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: ERROR_CODE.ACTING_REASON_REQUIRED });
    const after = await query(`select count(*)::int as n from delivery_points where company_id = 'C1001'`);
    expect(after).toEqual(before);
    // Reading needs no reason.
    const read = await inject('GET', `${ACCOUNTS}/getCompanyDeliveryPoints`, {
      ...headers,
      companyid: 'C1001',
    });
    expect(read.statusCode).toBe(200);
  });

  it('records every change made while acting with the staff member, the company and the reason', async () => {
    const headers = await staffHeaders('care');
    const reason = 'Τηλεφώνημα: νέο σημείο παράδοσης';
    const select = await inject('POST', `${ACCOUNTS}/selectCompany`, headers, { companyId: 'C1001', reason });
    expect(select.statusCode, select.body).toBe(200);
    const session = await inject('GET', '/api/auth/session', headers);
    expect(session.json()).toMatchObject({ companyId: 'C1001', acting: { companyId: 'C1001', reason } });

    const created = await inject(
      'POST',
      `${ACCOUNTS}/createDeliveryPoint`,
      { ...headers, companyid: 'C1001' },
      { ...ADDRESS, alias: 'Με αιτιολογία' },
    );
    expect(created.statusCode, created.body).toBe(200);
    const rows = await query<{
      actor_user_id: string;
      company_id: string;
      acting_reason: string;
      action: string;
    }>(
      `select actor_user_id, company_id, acting_reason, action from audit_log
        where actor_user_id = $1 and entity = 'delivery-point' order by id desc limit 1`,
      [world.ids.care],
    );
    expect(rows[0]).toMatchObject({
      actor_user_id: world.ids.care,
      company_id: 'C1001',
      acting_reason: reason,
    });
    const [act] = await query<{ acting_reason: string }>(
      `select acting_reason from audit_log where actor_user_id = $1 and action = 'company.act' order by id desc limit 1`,
      [world.ids.care],
    );
    expect(act!.acting_reason).toBe(reason);

    // Another company by header: the reason was for C1001 only.
    const elsewhere = await inject(
      'POST',
      `${ACCOUNTS}/createDeliveryPoint`,
      { ...headers, companyid: 'C1006' },
      ADDRESS,
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ errorCode: ERROR_CODE.ACTING_REASON_REQUIRED });
  });

  it('keeps the reason when a request that read the session before it switches to the same company', async () => {
    // The browser stores the chosen company before the choice is answered, so a page's read with
    // that company in its header can race the "act for C1001, for this reason" call. Hold that
    // read's session update until the reason is written, then let it go.
    const headers = await staffHeaders('care');
    const reason = 'Έλεγχος καρτών μετά από τηλεφώνημα';
    const pool = world.ctx.database.pool;
    const query = pool.query.bind(pool);
    let paused: (() => void) | undefined;
    let release: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (paused = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    pool.query = (async (...args: Parameters<typeof pool.query>) => {
      const [first] = args as unknown as [string | { text: string }];
      const text = typeof first === 'string' ? first : first.text;
      if (paused && /^update "portal_sessions" set "company_id"/.test(text)) {
        const signal = paused;
        paused = undefined;
        signal();
        await released;
      }
      return query(...args);
    }) as typeof pool.query;
    try {
      const read = inject(
        'POST',
        `${ACCOUNTS}/cardFilter`,
        { ...headers, companyid: 'C1001' },
        { pageSize: 5 },
      );
      await reached;
      const select = await inject('POST', `${ACCOUNTS}/selectCompany`, headers, {
        companyId: 'C1001',
        reason,
      });
      expect(select.statusCode, select.body).toBe(200);
      release();
      expect((await read).statusCode).not.toBe(500);
    } finally {
      pool.query = query;
    }
    const session = await inject('GET', '/api/auth/session', headers);
    expect(session.json()).toMatchObject({ companyId: 'C1001', acting: { companyId: 'C1001', reason } });
  });

  it('refuses a reason that is too short, naming the field, in both languages', async () => {
    const headers = await staffHeaders('admin');
    for (const culture of ['el', 'en']) {
      const response = await inject(
        'POST',
        `${ACCOUNTS}/selectCompany`,
        { ...headers, culture },
        {
          companyId: 'C1001',
          reason: 'abc',
        },
      );
      expect(response.statusCode).toBe(400);
      const body = response.json<{ fields: { field: string; message: string }[] }>();
      expect(body.fields[0]!.field).toBe('reason');
      expect(body.fields[0]!.message).toMatch(culture === 'el' ? /[α-ω]/ : /characters/);
    }
  });

  it('takes the reason from X-Acting-Reason for a staff tool, and ignores it from company roles', async () => {
    const headers = await staffHeaders('admin');
    const response = await inject(
      'POST',
      `${ACCOUNTS}/createDeliveryPoint`,
      { ...headers, companyid: 'C1006', 'x-acting-reason': encodeURIComponent('Μαζική διόρθωση #42') },
      { ...ADDRESS, alias: 'Από εργαλείο' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await query<{ acting_reason: string }>(
      `select acting_reason from audit_log where actor_user_id = $1 and company_id = 'C1006'
        and entity = 'delivery-point' order by id desc limit 1`,
      [world.ids.admin],
    );
    expect(row!.acting_reason).toBe('Μαζική διόρθωση #42');

    const om = await sessionHeaders(world.ctx, world.ids.om1, { actingReason: 'Δεν ισχύει εδώ' });
    const own = await inject(
      'POST',
      `${ACCOUNTS}/createDeliveryPoint`,
      { ...om, companyid: 'C1001' },
      {
        ...ADDRESS,
        alias: 'Του υπευθύνου',
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    const [mine] = await query<{ acting_reason: string | null }>(
      `select acting_reason from audit_log where actor_user_id = $1 and entity = 'delivery-point'
        order by id desc limit 1`,
      [world.ids.om1],
    );
    expect(mine!.acting_reason).toBeNull();
  });

  it('shows, and stops, acting: GET acting and POST stopActing are staff-only', async () => {
    const headers = await staffHeaders('admin');
    await inject('POST', `${ACCOUNTS}/selectCompany`, headers, {
      companyId: 'C1001',
      reason: 'Έλεγχος λογαριασμού',
    });
    const acting = await inject('GET', `${ACCOUNTS}/acting`, headers);
    expect(acting.json()).toMatchObject({
      acting: { companyId: 'C1001', reason: 'Έλεγχος λογαριασμού', merchantId: null },
    });
    expect((acting.json() as { acting: { companyName: string } }).acting.companyName).toBeTruthy();
    const stop = await inject('POST', `${ACCOUNTS}/stopActing`, headers);
    expect(stop.statusCode).toBe(200);
    const session = await inject('GET', '/api/auth/session', headers);
    expect(session.json()).not.toHaveProperty('acting');
    expect(session.json()).not.toHaveProperty('companyId');
    const [ended] = await query<{ n: number }>(
      `select count(*)::int as n from audit_log where actor_user_id = $1 and action = 'company.act-end'`,
      [world.ids.admin],
    );
    expect(ended!.n).toBeGreaterThan(0);

    const statuses = await statusByUser(world.ctx, world.ids, (h) => inject('GET', `${ACCOUNTS}/acting`, h));
    expect(statuses).toEqual({
      admin: 200,
      care: 200,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
  });

  it('acts for a merchant with a reason: merchant calls need no merchant header, changes carry the reason', async () => {
    const headers = await staffHeaders('care');
    const before = await inject('GET', '/api/v1/merchants/retrieveRedeemerProfileDetails', {
      ...headers,
      merchantid: 'M2001',
    });
    expect(before.statusCode, before.body).toBe(200);
    const update = {
      contactName: 'Γιώργος Ταβερνιάρης',
      contactEmail: 'owner@taverna.demo',
      contactPhone: '+302101234567',
      address: 'Οδός Αιόλου 10, 105 51 Αθήνα',
    };
    const refused = await inject(
      'POST',
      '/api/v1/merchants/updateRedeemerProfile',
      { ...headers, merchantid: 'M2001' },
      update,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: ERROR_CODE.ACTING_REASON_REQUIRED });

    const bad = await inject('POST', '/api/v1/merchants/actForMerchant', headers, {
      merchantId: 'M9999',
      reason: 'Κλήση εμπόρου',
    });
    expect(bad.statusCode).toBe(404);
    const act = await inject('POST', '/api/v1/merchants/actForMerchant', headers, {
      merchantId: 'M2001',
      reason: 'Κλήση εμπόρου για διεύθυνση',
    });
    expect(act.statusCode, act.body).toBe(200);
    const changed = await inject('POST', '/api/v1/merchants/updateRedeemerProfile', headers, update);
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await query<{ merchant_id: string; acting_reason: string }>(
      `select merchant_id, acting_reason from audit_log where actor_user_id = $1 and action <> 'merchant.act'
        order by id desc limit 1`,
      [world.ids.care],
    );
    expect(row).toMatchObject({ merchant_id: 'M2001', acting_reason: 'Κλήση εμπόρου για διεύθυνση' });

    const statuses = await statusByUser(world.ctx, world.ids, (h) =>
      inject('POST', '/api/v1/merchants/actForMerchant', h, { merchantId: 'M2001', reason: 'Έλεγχος ρόλων' }),
    );
    expect(statuses).toEqual({
      admin: 200,
      care: 200,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
  });
});

describe('the audit log viewer (issue 18)', () => {
  it('answers the provider manager only', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (h) =>
      inject('GET', '/api/v1/audit/entries', h),
    );
    expect(statuses).toEqual({
      admin: 200,
      care: 403,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
    const exports = await statusByUser(world.ctx, world.ids, (h) => inject('GET', '/api/v1/audit/export', h));
    expect(exports).toEqual({
      admin: 200,
      care: 403,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
  });

  it('filters by person, company, entity and dates, newest first, with names', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.admin);
    const byCare = await inject(
      'GET',
      '/api/v1/audit/entries?person=care%40tessera.demo&entity=delivery-point',
      headers,
    );
    const body = byCare.json<{
      entries: { actorEmail: string; entity: string; at: string }[];
      total: number;
      entities: string[];
    }>();
    expect(body.total).toBeGreaterThan(0);
    expect(
      body.entries.every(
        (entry) => entry.actorEmail === 'care@tessera.demo' && entry.entity === 'delivery-point',
      ),
    ).toBe(true);
    const times = body.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.entities).toContain('delivery-point');

    const byCompany = await inject('GET', '/api/v1/audit/entries?companyId=C1006', headers);
    const companyEntries = byCompany.json<{ entries: { companyId: string }[] }>().entries;
    expect(companyEntries.length).toBeGreaterThan(0);
    expect(companyEntries.every((entry) => entry.companyId === 'C1006')).toBe(true);

    const future = await inject('GET', '/api/v1/audit/entries?from=2099-01-01', headers);
    expect(future.json()).toMatchObject({ total: 0, entries: [] });
    // The filter's days are Athens days: after 22:00 UTC today is already tomorrow there.
    const today = athensDate(new Date());
    const upToToday = await inject('GET', `/api/v1/audit/entries?from=2000-01-01&to=${today}`, headers);
    expect(upToToday.json<{ total: number }>().total).toBeGreaterThan(0);
  });

  it('refuses a bad date naming the field, in both languages', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.admin);
    for (const culture of ['el', 'en']) {
      const response = await inject('GET', '/api/v1/audit/entries?from=2026-13-45', { ...headers, culture });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('querystring.from');
    }
    const page = await inject('GET', '/api/v1/audit/entries?page=0', headers);
    expect(page.statusCode).toBe(400);
  });

  it('exports the filtered log as an xlsx workbook with a header row and the reason', async () => {
    const headers = await sessionHeaders(world.ctx, world.ids.admin);
    const response = await inject('GET', '/api/v1/audit/export?person=care%40tessera.demo&lang=en', headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Date');
    expect(sheet.rowCount).toBeGreaterThan(1);
    const reasons = [];
    for (let row = 2; row <= sheet.rowCount; row++)
      reasons.push(String(sheet.getRow(row).getCell(10).value ?? ''));
    expect(reasons).toContain('Τηλεφώνημα: νέο σημείο παράδοσης');
  });

  it("shows a company's order manager their own company's log only", async () => {
    const statuses = {} as Record<DemoUserKey, { own: number; foreign: number }>;
    for (const key of DEMO_ROLE_KEYS) {
      const headers = await sessionHeaders(world.ctx, world.ids[key]);
      const own = await inject('GET', `${ACCOUNTS}/companyAuditLog`, { ...headers, companyid: 'C1001' });
      const foreign = await inject('GET', `${ACCOUNTS}/companyAuditLog`, { ...headers, companyid: 'C1006' });
      statuses[key] = { own: own.statusCode, foreign: foreign.statusCode };
    }
    expect(statuses).toEqual({
      admin: { own: 200, foreign: 200 },
      care: { own: 403, foreign: 403 },
      om1: { own: 200, foreign: 403 },
      om3: { own: 200, foreign: 403 },
      finance: { own: 403, foreign: 403 },
      payment: { own: 403, foreign: 403 },
      merchant: { own: 403, foreign: 403 },
    });
    const headers = await sessionHeaders(world.ctx, world.ids.om1);
    // Asking for another company in the query changes nothing: the log is the session's company's.
    const response = await inject('GET', `${ACCOUNTS}/companyAuditLog?entity=delivery-point`, {
      ...headers,
      companyid: 'C1001',
    });
    const entries = response.json<{ entries: { companyId: string; actingReason: string | null }[] }>()
      .entries;
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((entry) => entry.companyId === 'C1001')).toBe(true);
    expect(entries.map((entry) => entry.actingReason)).toContain('Τηλεφώνημα: νέο σημείο παράδοσης');
  });
});
