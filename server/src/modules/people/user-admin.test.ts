import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '@tessera/domain';
import { accountsTestFile, WRITE_EXPECTATION } from '../../../test/accounts-helper';
import {
  DEMO_PASSWORD,
  lastMailTo,
  PROVIDER_ONLY_EXPECTATION,
  sessionHeaders,
  signInThroughProvider,
  statusByUser,
  tenantMatrixOf,
  tokenOfMail,
} from '../../../test/tenant-helper';
import { seedDemoMerchants } from '../../db/seed/demo-merchants';
import { createUser } from '../../db/seed/factories';
import type { ValidationKey } from '../../platform/errors';

/*
 * User administration (issue 18 §2, ADR 023): the back office's routes under
 * /api/v1/accounts/users/... (provider staff) and the order manager's /api/v1/accounts/companyUsers.
 */

const world = accountsTestFile();
const { API, api, ok, query } = world;

beforeAll(async () => {
  await seedDemoMerchants(world.ctx.database.db, world.ctx.app.services, { historyDays: 0 });
});

let serial = 0;
const uniqueEmail = (what: string) => `${what}.${(serial += 1)}@example.gr`;

/** A fresh user of `roleId` (confirmed, with the demo password unless told). */
async function freshUser(input: Parameters<typeof createUser>[1] = {}) {
  return createUser(world.ctx.database.db, { password: DEMO_PASSWORD, ...input });
}

async function validationMessage(key: ValidationKey, locale: Locale): Promise<string | undefined> {
  return world.ctx.app.services.content.catalogue().validationMessage(key, locale);
}

const companyUserPayload = (overrides: object = {}) => ({
  email: uniqueEmail('new.user'),
  firstName: 'Άννα',
  lastName: 'Νέα',
  phone: '6912345678',
  userRoleId: 4,
  companyIds: ['C1001'],
  preferredLanguage: 'en',
  ...overrides,
});

const updatePayload = (overrides: object = {}) => ({
  firstName: 'Άννα',
  lastName: 'Αλλαγμένη',
  phone: '',
  preferredLanguage: 'el',
  userRoleId: 5,
  companyIds: ['C1002', 'C1003'],
  ...overrides,
});

describe('back office: who may call each route', () => {
  it('the search, the detail and every change answer provider staff only', async () => {
    const target = await freshUser({ roleId: 4, companyIds: ['C1001'], isConfirmed: false });
    const send =
      (method: 'GET' | 'POST', url: string, payload?: () => object) => (headers: Record<string, string>) =>
        world.ctx.app.inject({
          method,
          url: `${API}/${url}`,
          headers,
          ...(payload ? { payload: payload() } : {}),
        });
    const probes: [string, ReturnType<typeof send>][] = [
      ['userList', send('POST', 'users/userList', () => ({ query: '' }))],
      ['detail', send('GET', `users/${target.id}`)],
      ['registerProfile', send('POST', 'users/registerProfile', () => companyUserPayload())],
      [
        'updateManager',
        send('POST', `users/${target.id}/updateManager`, () => updatePayload({ companyIds: ['C1001'] })),
      ],
      ['lock', send('POST', `users/${target.id}/lock`)],
      ['unlock', send('POST', `users/${target.id}/unlock`)],
      ['requestConfirmation', send('POST', `users/${target.id}/requestConfirmation`)],
      [
        'endSessions',
        send('POST', `users/${target.id}/endSessions`, () => ({ reason: 'Lost laptop reported' })),
      ],
      ['requestPasswordReset', send('POST', `users/${target.id}/requestPasswordReset`)],
    ];
    for (const [name, probe] of probes) {
      expect({ name, statuses: await statusByUser(world.ctx, world.ids, probe) }).toEqual({
        name,
        statuses: PROVIDER_ONLY_EXPECTATION,
      });
    }
  });

  it('need a session', async () => {
    for (const url of [`users/${world.ids.om1}`, 'companyUsers']) {
      const response = await world.ctx.app.inject({ url: `${API}/${url}`, headers: { companyid: 'C1001' } });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe('back office: search', () => {
  const search = async (payload: object) =>
    ok<{
      users: { email: string; status: string; companies: { name: string }[]; merchant: unknown }[];
      total: number;
    }>(await api('care', 'POST', 'users/userList', { payload }));

  it('finds users by name or email, company name or id, merchant, role and status, paginated', async () => {
    const byName = await search({ query: 'κωνσταντινου' });
    expect(byName.users.map((u) => u.email)).toContain('om1@tessera.demo');
    expect(byName.users[0]).toMatchObject({ status: 'active' });

    const byEmail = await search({ query: 'finance@tessera' });
    expect(byEmail.users.map((u) => u.email)).toEqual(['finance@tessera.demo']);

    const byCompanyName = await search({ company: 'Ελαιωνας', pageSize: 100 });
    const emails = byCompanyName.users.map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['om3@tessera.demo', 'finance@tessera.demo']));
    expect(emails).not.toContain('om1@tessera.demo');
    expect(byCompanyName.users.find((u) => u.email === 'finance@tessera.demo')!.companies).toEqual([
      { companyId: 'C1002', name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.' },
    ]);

    const byCompanyId = await search({ company: 'C1001', userRoleId: 3, pageSize: 100 });
    expect(byCompanyId.users.map((u) => u.email).sort()).toEqual(
      expect.arrayContaining(['om1@tessera.demo', 'om3@tessera.demo']),
    );
    expect(byCompanyId.users.every((u) => (u as unknown as { userRoleId: number }).userRoleId === 3)).toBe(
      true,
    );

    const byMerchant = await search({ company: 'Φρέσκο' });
    expect(byMerchant.users.find((u) => u.email === 'merchant@tessera.demo')!.merchant).toEqual({
      merchantId: 'M2002',
      name: 'Φρέσκο Μάρκετ',
      merchantRole: 'admin',
    });

    const nobody = await search({ company: 'no such company at all' });
    expect(nobody).toMatchObject({ users: [], total: 0 });

    const locked = await freshUser({
      roleId: 5,
      companyIds: ['C1004'],
      isLocked: true,
      lastName: 'Κλειδωμένος',
    });
    const byStatus = await search({ query: 'κλειδωμενος', status: 'locked' });
    expect(byStatus.users.map((u) => u.email)).toEqual([locked.email]);
    expect((await search({ query: 'κλειδωμενος', status: 'active' })).total).toBe(0);

    const page = await search({ pageSize: 2, page: 2 });
    expect(page.users).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
  });

  it.each(['el', 'en'] as const)('refuses a bad filter naming the field (%s)', async (locale) => {
    const response = await api('admin', 'POST', 'users/userList', {
      payload: { pageSize: 1000 },
      culture: locale === 'el' ? 'el-gr' : 'en-us',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].field).toBe('pageSize');
  });
});

describe('back office: creating users', () => {
  it('creates a finance user of two companies and mails the confirmation in their language', async () => {
    const email = uniqueEmail('finance.new');
    const body = ok<{ user: Record<string, unknown> }>(
      await api('care', 'POST', 'users/registerProfile', {
        payload: companyUserPayload({ email, companyIds: ['C1001', 'C1002'], preferredLanguage: 'en' }),
      }),
    );
    expect(body.user).toMatchObject({
      email,
      userRoleId: 4,
      status: 'unconfirmed',
      phone: '+306912345678',
      companies: [
        { companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.' },
        { companyId: 'C1002', name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.' },
      ],
      merchant: null,
    });
    const mail = await lastMailTo(world.ctx, email);
    expect(mail!.subject).toBe('Activate your Tessera account');
    expect(mail!.text).toMatch(/\/en\/user\/reset\?token=[\w-]+&code_type=token/);
    // The link confirms the account and sets the password.
    const confirm = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/password/reset',
      headers: await sessionHeaders(world.ctx, world.ids.admin),
      payload: { token: tokenOfMail(mail!.text), password: 'Kainourgios-2027' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { login } = await signInThroughProvider(world.ctx, email, 'Kainourgios-2027');
    expect(login.statusCode).toBe(200);
    const [audit] = await query<{ after: Record<string, unknown>; actor_user_id: string }>(
      `select after, actor_user_id from audit_log where action = 'user.create' and after->>'email' = $1`,
      [email],
    );
    expect(audit).toMatchObject({
      actor_user_id: world.ids.care,
      after: { roleId: 4, companyIds: ['C1001', 'C1002'] },
    });
    expect(JSON.stringify(audit)).not.toMatch(/password/i);
  });

  it('creates a Greek merchant user with its standing, the mail in Greek', async () => {
    const email = uniqueEmail('merchant.new');
    const body = ok<{ user: Record<string, unknown> }>(
      await api('admin', 'POST', 'users/registerProfile', {
        payload: companyUserPayload({
          email,
          userRoleId: 1001,
          companyIds: [],
          merchantId: 'M2001',
          merchantRole: 'viewer',
          preferredLanguage: 'el',
        }),
      }),
    );
    expect(body.user).toMatchObject({
      userRoleId: 1001,
      merchant: { merchantId: 'M2001', merchantRole: 'viewer' },
    });
    const [link] = await query(`select merchant_id, role from merchant_users where user_id = $1`, [
      body.user.userId,
    ]);
    expect(link).toEqual({ merchant_id: 'M2001', role: 'viewer' });
    const mail = await lastMailTo(world.ctx, email);
    expect(mail!.text).toMatch(/[\u0370-\u03ff]/);
    expect(mail!.text).toMatch(/\/user\/reset\?token=/);
    expect(mail!.text).not.toMatch(/\/en\/user\/reset/);
  });

  it('an admin creates customer care; customer care creates neither staff nor admins (ADMIN_ONLY)', async () => {
    const staff = (userRoleId: number) => companyUserPayload({ userRoleId, companyIds: [] });
    ok(await api('admin', 'POST', 'users/registerProfile', { payload: staff(2) }));
    for (const roleId of [1, 2]) {
      const before = (await query(`select count(*)::int as n from users`))[0];
      const response = await api('care', 'POST', 'users/registerProfile', { payload: staff(roleId) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 27 });
      expect((await query(`select count(*)::int as n from users`))[0]).toEqual(before);
    }
  });

  const badInputs: {
    what: string;
    payload: () => object;
    field: string;
    key: ValidationKey;
    status: number;
  }[] = [
    {
      what: 'a malformed email',
      payload: () => companyUserPayload({ email: 'not-an-email' }),
      field: 'email',
      key: 'invalidEmail',
      status: 400,
    },
    {
      what: 'an email taken by another user',
      payload: () => companyUserPayload({ email: 'OM1@tessera.demo' }),
      field: 'email',
      key: 'emailTaken',
      status: 409,
    },
    {
      what: 'a company role without companies',
      payload: () => companyUserPayload({ companyIds: [] }),
      field: 'companyIds',
      key: 'required',
      status: 400,
    },
    {
      what: 'an unknown company',
      payload: () => companyUserPayload({ companyIds: ['C9999'] }),
      field: 'companyIds',
      key: 'invalidChoice',
      status: 400,
    },
    {
      what: 'a merchant user without a merchant',
      payload: () => companyUserPayload({ userRoleId: 1001, companyIds: [] }),
      field: 'merchantId',
      key: 'required',
      status: 400,
    },
    {
      what: 'an unknown merchant',
      payload: () => companyUserPayload({ userRoleId: 1001, companyIds: [], merchantId: 'M9999' }),
      field: 'merchantId',
      key: 'invalidChoice',
      status: 400,
    },
    {
      what: 'a bad phone',
      payload: () => companyUserPayload({ phone: '12' }),
      field: 'phone',
      key: 'invalidPhone',
      status: 400,
    },
    {
      what: 'no first name',
      payload: () => companyUserPayload({ firstName: '' }),
      field: 'firstName',
      key: 'tooShort',
      status: 400,
    },
  ];
  it.each(badInputs.flatMap((c) => (['el', 'en'] as const).map((locale) => ({ ...c, locale }))))(
    'refuses $what with a translated field error ($locale), creating nothing',
    async ({ payload, field, key, status, locale }) => {
      const before = await query(`select count(*)::int as n from users`);
      const response = await api('admin', 'POST', 'users/registerProfile', {
        payload: payload(),
        culture: locale === 'el' ? 'el-gr' : 'en-us',
      });
      expect(response.statusCode, response.body).toBe(status);
      const message = await validationMessage(key, locale);
      const fields = (response.json().fields as { field: string; message: string }[]).filter(
        (f) => f.field === field,
      );
      expect(fields.length).toBe(1);
      if (key !== 'tooShort') expect(fields[0]!.message).toBe(message);
      expect(/[\u0370-\u03ff]/.test(fields[0]!.message)).toBe(locale === 'el');
      expect(await query(`select count(*)::int as n from users`)).toEqual(before);
    },
  );
});

describe('back office: changing users', () => {
  it('changes details, role and companies, audited without the password hash', async () => {
    const target = await freshUser({ roleId: 4, companyIds: ['C1001'] });
    const body = ok<{ user: Record<string, unknown> }>(
      await api('care', 'POST', `users/${target.id}/updateManager`, { payload: updatePayload() }),
    );
    expect(body.user).toMatchObject({
      lastName: 'Αλλαγμένη',
      userRoleId: 5,
      relatedCompanies: [{ companyId: 'C1002' }, { companyId: 'C1003' }],
    });
    const [audit] = await query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      `select before, after from audit_log where action = 'user.update' and entity_id = $1`,
      [target.id],
    );
    expect(audit!.before).toMatchObject({ roleId: 4, companyIds: ['C1001'] });
    expect(audit!.after).toMatchObject({ roleId: 5, companyIds: ['C1002', 'C1003'], lastName: 'Αλλαγμένη' });
    expect(JSON.stringify(audit)).not.toMatch(/password|argon/i);
  });

  it('turns a company user into a merchant administrator and back', async () => {
    const target = await freshUser({ roleId: 3, companyIds: ['C1004'] });
    ok(
      await api('admin', 'POST', `users/${target.id}/updateManager`, {
        payload: updatePayload({
          userRoleId: 1001,
          companyIds: [],
          merchantId: 'M2002',
          merchantRole: 'admin',
        }),
      }),
    );
    expect(
      await query(`select merchant_id, role from merchant_users where user_id = $1`, [target.id]),
    ).toEqual([{ merchant_id: 'M2002', role: 'admin' }]);
    expect(await query(`select company_id from user_companies where user_id = $1`, [target.id])).toEqual([]);
    ok(
      await api('admin', 'POST', `users/${target.id}/updateManager`, {
        payload: updatePayload({ userRoleId: 3, companyIds: ['C1004'] }),
      }),
    );
    expect(await query(`select * from merchant_users where user_id = $1`, [target.id])).toEqual([]);
  });

  it('customer care cannot change, lock, reset or end the sessions of an admin, nor promote anyone', async () => {
    const admin = await freshUser({ roleId: 1 });
    const companyUser = await freshUser({ roleId: 3, companyIds: ['C1001'] });
    const refusals = [
      ['updateManager', admin.id, updatePayload({ userRoleId: 1, companyIds: [] })],
      ['lock', admin.id, undefined],
      ['requestPasswordReset', admin.id, undefined],
      ['endSessions', admin.id, { reason: 'Lost laptop reported' }],
      ['updateManager', companyUser.id, updatePayload({ userRoleId: 1, companyIds: [] })],
      ['updateManager', companyUser.id, updatePayload({ userRoleId: 2, companyIds: [] })],
    ] as const;
    const before = await query(
      `select row_to_json(u)::text as row from users u where id in ($1, $2) order by id`,
      [admin.id, companyUser.id],
    );
    for (const [route, userId, payload] of refusals) {
      const response = await api('care', 'POST', `users/${userId}/${route}`, payload ? { payload } : {});
      expect({ route, status: response.statusCode, code: response.json().errorCode }).toEqual({
        route,
        status: 403,
        code: 27,
      });
    }
    expect(
      await query(`select row_to_json(u)::text as row from users u where id in ($1, $2) order by id`, [
        admin.id,
        companyUser.id,
      ]),
    ).toEqual(before);
    // An admin may.
    ok(await api('admin', 'POST', `users/${admin.id}/lock`));
    ok(
      await api('admin', 'POST', `users/${companyUser.id}/updateManager`, {
        payload: updatePayload({ userRoleId: 2, companyIds: [] }),
      }),
    );
  });

  it('staff cannot lock themselves nor change their own role', async () => {
    const lock = await api('care', 'POST', `users/${world.ids.care}/lock`);
    expect(lock.statusCode).toBe(422);
    const role = await api('admin', 'POST', `users/${world.ids.admin}/updateManager`, {
      payload: updatePayload({ userRoleId: 2, companyIds: [] }),
    });
    expect(role.statusCode).toBe(422);
    expect(role.json().fields[0].field).toBe('userRoleId');
  });

  it.each(['el', 'en'] as const)('refuses bad changes naming the field (%s)', async (locale) => {
    const target = await freshUser({ roleId: 4, companyIds: ['C1001'] });
    const culture = locale === 'el' ? 'el-gr' : 'en-us';
    const noCompanies = await api('admin', 'POST', `users/${target.id}/updateManager`, {
      payload: updatePayload({ companyIds: [] }),
      culture,
    });
    expect(noCompanies.statusCode).toBe(400);
    expect(noCompanies.json().fields).toEqual([
      { field: 'companyIds', message: await validationMessage('required', locale) },
    ]);
    const badRole = await api('admin', 'POST', `users/${target.id}/updateManager`, {
      payload: updatePayload({ userRoleId: 7 }),
      culture,
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fields[0].field).toBe('userRoleId');
    const badId = await api('admin', 'POST', `users/not-a-user/lock`, { culture });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields[0].field).toBe('params.userId');
    const unknown = await api('admin', 'POST', `users/00000000-0000-4000-8000-000000000000/lock`, {
      culture,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('locks and unlocks, audited', async () => {
    const target = await freshUser({ roleId: 5, companyIds: ['C1002'] });
    const session = await sessionHeaders(world.ctx, target.id);
    expect(
      ok<{ user: { status: string } }>(await api('care', 'POST', `users/${target.id}/lock`)).user.status,
    ).toBe('locked');
    // A lock ends the sessions too.
    expect(
      (await world.ctx.app.inject({ url: `${API}/retrieveUserByToken`, headers: session })).statusCode,
    ).toBe(401);
    expect(
      ok<{ user: { status: string } }>(await api('care', 'POST', `users/${target.id}/unlock`)).user.status,
    ).toBe('active');
    const actions = await query<{ action: string }>(
      `select action from audit_log where entity_id = $1 order by id`,
      [target.id],
    );
    expect(actions.map((a) => a.action)).toEqual(['user.lock', 'user.unlock']);
  });
});

describe('back office: confirmation, password reset and sessions', () => {
  it('resends the confirmation of an unconfirmed user only', async () => {
    const pending = await freshUser({
      roleId: 4,
      companyIds: ['C1001'],
      isConfirmed: false,
      password: null,
      preferredLanguage: 'en',
    });
    ok(await api('care', 'POST', `users/${pending.id}/requestConfirmation`));
    const mail = await lastMailTo(world.ctx, pending.email);
    expect(mail!.subject).toBe('Activate your Tessera account');
    const confirmed = await freshUser({ roleId: 4, companyIds: ['C1001'] });
    expect((await api('care', 'POST', `users/${confirmed.id}/requestConfirmation`)).statusCode).toBe(422);
  });

  it('a forced reset stops the old password, ends the sessions and mails a reset link in the user’s language', async () => {
    const target = await freshUser({ roleId: 3, companyIds: ['C1003'], preferredLanguage: 'en' });
    const session = await sessionHeaders(world.ctx, target.id);
    ok(await api('care', 'POST', `users/${target.id}/requestPasswordReset`));
    expect(
      (await world.ctx.app.inject({ url: `${API}/retrieveUserByToken`, headers: session })).statusCode,
    ).toBe(401);
    const old = await signInThroughProvider(world.ctx, target.email, DEMO_PASSWORD);
    expect(old.login.statusCode).toBe(403);
    expect(old.login.json()).toMatchObject({ errorCode: 28 });
    const mail = await lastMailTo(world.ctx, target.email);
    expect(mail!.subject).toBe('Set a new Tessera password');
    expect(mail!.text).toMatch(/\/en\/user\/reset\?token=/);
    const reset = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/password/reset',
      headers: await sessionHeaders(world.ctx, world.ids.admin),
      payload: { token: tokenOfMail(mail!.text), password: 'Neos-kodikos-2027' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signInThroughProvider(world.ctx, target.email, 'Neos-kodikos-2027')).login.statusCode).toBe(
      200,
    );
    const [audit] = await query(
      `select after from audit_log where action = 'user.force_password_reset' and entity_id = $1`,
      [target.id],
    );
    expect(audit).toEqual({ after: { hasPassword: false } });
  });

  it('ending the sessions signs the user out everywhere: the portal cookie gets 401 and the provider keeps nothing', async () => {
    const target = await freshUser({ roleId: 3, companyIds: ['C1001'] });
    const { browser, callback } = await signInThroughProvider(world.ctx, target.email, DEMO_PASSWORD);
    expect(callback?.statusCode).toBeLessThan(400);
    expect((await browser.get(`${API}/retrieveUserByToken`)).statusCode).toBe(200);
    const other = await sessionHeaders(world.ctx, target.id);
    expect(
      Object.keys(await world.ctx.app.services.identity.providerArtefacts(target.id)).length,
    ).toBeGreaterThan(0);

    const noReason = await api('admin', 'POST', `users/${target.id}/endSessions`, {
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields[0].field).toBe('reason');
    const body = ok<{ endedSessions: number }>(
      await api('admin', 'POST', `users/${target.id}/endSessions`, {
        payload: { reason: 'Laptop stolen, reported by phone' },
      }),
    );
    expect(body.endedSessions).toBe(2);
    expect((await browser.get(`${API}/retrieveUserByToken`)).statusCode).toBe(401);
    expect(
      (await world.ctx.app.inject({ url: `${API}/retrieveUserByToken`, headers: other })).statusCode,
    ).toBe(401);
    expect(await world.ctx.app.services.identity.providerArtefacts(target.id)).toEqual({});
    const [audit] = await query(
      `select actor_user_id, after from audit_log where action = 'user.end_sessions' and entity_id = $1`,
      [target.id],
    );
    expect(audit).toMatchObject({
      actor_user_id: world.ids.admin,
      after: { reason: 'Laptop stolen, reported by phone', portalSessions: 2 },
    });
  });
});

describe('the order manager’s company users (/account/users)', () => {
  /** A finance user of each company the matrix names: C1001 for om1/om3 and staff, C1006 foreign. */
  let colleagues: Record<string, { id: string }>;
  beforeAll(async () => {
    colleagues = {
      C1001: await freshUser({ roleId: 4, companyIds: ['C1001'], lastName: 'Συνάδελφος' }),
      C1002: await freshUser({ roleId: 4, companyIds: ['C1002'] }),
      C1006: await freshUser({ roleId: 4, companyIds: ['C1006'] }),
    };
  });

  it('GET companyUsers answers the order manager for its own company and provider staff for any', async () => {
    const matrix = await tenantMatrixOf(world.ctx, world.ids, API, () => ({
      method: 'GET',
      url: 'companyUsers',
    }));
    expect(matrix).toEqual(WRITE_EXPECTATION);
  });

  it('lists the company’s users with their state and whether the manager may change them', async () => {
    const shared = await freshUser({ roleId: 5, companyIds: ['C1001', 'C1006'] });
    const body = ok<{ users: { userId: string; status: string; isManageable: boolean }[] }>(
      await api('om1', 'GET', 'companyUsers'),
    );
    const of = (id: string) => body.users.find((user) => user.userId === id);
    expect(of(colleagues.C1001!.id)).toMatchObject({ status: 'active', isManageable: true });
    expect(of(shared.id)).toMatchObject({ isManageable: false });
    expect(of(world.ids.om1)).toMatchObject({ isManageable: false });
    expect(of(world.ids.care)).toBeUndefined();
  });

  it.each(['lock', 'unlock', 'requestConfirmation'] as const)(
    'POST companyUsers/:userId/%s: the order manager within their company, provider staff anywhere',
    async (action) => {
      if (action === 'requestConfirmation') {
        for (const companyId of Object.keys(colleagues)) {
          await query(`update users set is_confirmed = false where id = $1`, [colleagues[companyId]!.id]);
        }
      }
      const matrix = await tenantMatrixOf(world.ctx, world.ids, API, (companyId) => ({
        method: 'POST',
        url: `companyUsers/${(colleagues[companyId] ?? colleagues.C1001)!.id}/${action}`,
      }));
      expect(matrix).toEqual(WRITE_EXPECTATION);
    },
  );

  it('the resent invitation goes out in the colleague’s language', async () => {
    const invited = ok<{ user: { userId: string; email: string } }>(
      await api('om1', 'POST', 'registerProfile', {
        payload: {
          email: uniqueEmail('invited'),
          firstName: 'Eva',
          lastName: 'Invited',
          userRoleId: 5,
          preferredLanguage: 'en',
        },
      }),
    );
    await lastMailTo(world.ctx, invited.user.email);
    await query(`delete from mail_outbox where "to" = $1`, [invited.user.email]);
    ok(await api('om1', 'POST', `companyUsers/${invited.user.userId}/requestConfirmation`));
    const mail = await lastMailTo(world.ctx, invited.user.email);
    expect(mail!.subject).toBe('Activate your Tessera account');
    expect(mail!.text).toMatch(/\/en\/user\/reset\?token=/);
  });

  it('refuses users of other companies, provider staff, merchants and oneself', async () => {
    const shared = await freshUser({ roleId: 4, companyIds: ['C1001', 'C1006'] });
    const cases: [string, number][] = [
      [shared.id, 403],
      [world.ids.care, 403],
      [world.ids.admin, 403],
      [world.ids.merchant, 403],
      [colleagues.C1006!.id, 403],
      [world.ids.om1, 422],
    ];
    for (const [userId, status] of cases) {
      const response = await api('om1', 'POST', `companyUsers/${userId}/lock`);
      expect({ userId, status: response.statusCode }).toEqual({ userId, status });
    }
    expect(await query(`select is_locked from users where id = $1`, [shared.id])).toEqual([
      { is_locked: false },
    ]);
    // Provider staff acting for the company may.
    ok(await api('care', 'POST', `companyUsers/${shared.id}/lock`));
  });

  it.each(['el', 'en'] as const)('refuses a malformed user id naming the field (%s)', async (locale) => {
    const response = await api('om1', 'POST', 'companyUsers/123/lock', {
      culture: locale === 'el' ? 'el-gr' : 'en-us',
    });
    expect(response.statusCode).toBe(400);
    const [field] = response.json().fields as { field: string; message: string }[];
    expect(field!.field).toBe('params.userId');
    expect(/[\u0370-\u03ff]/.test(field!.message)).toBe(locale === 'el');
  });
});
