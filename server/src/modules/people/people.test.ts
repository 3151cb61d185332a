import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountsTestFile,
  inBothLanguages,
  refusesBadInput,
  WRITE_EXPECTATION,
  type BadInput,
} from '../../../test/accounts-helper';
import {
  COMPANY_SCOPED_EXPECTATION,
  tenantMatrix,
  DEMO_ROLE_KEYS,
  DEMO_USERS,
  lastMailTo,
  tokenOfMail,
} from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';

const world = accountsTestFile();
const { API, api, ok, query, countsByCompany, state } = world;

/** A colleague of role 4 in C1001 and a manager of C1006 (related to no demo user). */
let colleague: { id: string };
let c1006Manager: { id: string };

beforeAll(async () => {
  colleague = await createUser(world.ctx.database.db, {
    roleId: 4,
    companyIds: ['C1001'],
    firstName: 'Αλέξης',
    lastName: 'Συνάδελφος',
  });
  c1006Manager = await createUser(world.ctx.database.db, { roleId: 3, companyIds: ['C1006'] });
});

describe('tenant scope of every people route', () => {
  it.each([
    ['GET', 'userList', undefined],
    ['GET', 'retrieveAgents', undefined],
  ] as const)('%s %s answers every role for its own company only', async (method, route, payload) => {
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method,
      url: `${API}/${route}`,
      ...(payload ? { payload } : {}),
    });
    expect(matrix).toEqual(COMPANY_SCOPED_EXPECTATION);
  });

  it('POST updateManager: writes for the order manager and provider staff only', async () => {
    const target: Record<string, { id: string; roleId: 3 | 4 }> = {
      C1001: { id: colleague.id, roleId: 4 },
      C1002: { id: world.ids.payment, roleId: 3 },
      C1006: { id: c1006Manager.id, roleId: 3 },
    };
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: `${API}/updateManager`,
      payload: (companyId) => ({
        userId: target[companyId]!.id,
        firstName: 'Πίνακας',
        lastName: 'Διαχειριστής',
        jobTitle: `Θέση ${companyId}`,
        userRoleId: target[companyId]!.roleId,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    const jobOf = async (userId: string) =>
      (await query<{ job_title: string }>(`select job_title from users where id = $1`, [userId]))[0]!
        .job_title;
    expect(await jobOf(colleague.id)).toBe('Θέση C1001');
    expect(await jobOf(c1006Manager.id)).toBe('Θέση C1006');
    // Finance and payment were refused: the payment manager (their C1002 target) is unchanged.
    expect(await jobOf(world.ids.payment)).toBe('Υπεύθυνη πληρωμών');
  });

  it('POST registerProfile: writes for the order manager and provider staff only', async () => {
    let invitation = 0;
    const matrix = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: `${API}/registerProfile`,
      payload: () => ({
        email: `matrix.invitee${(invitation += 1)}@example.gr`,
        firstName: 'Πρόσκληση',
        lastName: 'Πίνακα',
        userRoleId: 5,
      }),
    });
    expect(matrix).toEqual(WRITE_EXPECTATION);
    expect(
      await countsByCompany(
        'user_companies uc join users u on u.id = uc.user_id',
        `u.email like 'matrix.invitee%'`,
      ),
    ).toEqual({ C1001: 4, C1006: 2 });
  });
});

describe('per-user routes (no company)', () => {
  it('retrieveUserByToken answers every role with the signed-in user only', async () => {
    for (const key of DEMO_ROLE_KEYS) {
      const user = await ok(await api(key, 'GET', 'retrieveUserByToken', { company: 'C1006' }));
      const demo = DEMO_USERS[key];
      expect(user).toMatchObject({
        success: true,
        userId: world.ids[key],
        userRoleId: demo.roleId,
        email: demo.email,
        preferredLanguage: demo.preferredLanguage,
      });
      expect((user.relatedCompanies as { companyId: string }[]).map((c) => c.companyId).sort()).toEqual(
        [...demo.companyIds].sort(),
      );
    }
  });

  it('need a session', async () => {
    expect((await world.ctx.app.inject({ url: `${API}/retrieveUserByToken` })).statusCode).toBe(401);
  });
});

describe('bad input answers 400 naming the field, in the request’s language', () => {
  const cases: BadInput[] = [
    {
      route: 'updateManager',
      what: 'a provider role',
      payload: () => ({ userId: world.ids.om3, firstName: 'Γ', lastName: 'Δ', userRoleId: 1 }),
      field: 'userRoleId',
      key: 'invalidChoice',
    },
    {
      route: 'updateManager',
      what: 'the phone 12345',
      payload: () => ({
        userId: world.ids.om3,
        firstName: 'Γ',
        lastName: 'Δ',
        phone: '12345',
        userRoleId: 3,
      }),
      field: 'phone',
      key: 'invalidPhone',
    },
    {
      route: 'registerProfile',
      what: 'an email without @',
      payload: () => ({ email: 'new.user.example.gr', firstName: 'Ν', lastName: 'Χ', userRoleId: 4 }),
      field: 'email',
      key: 'invalidEmail',
    },
    {
      route: 'registerProfile',
      what: 'the merchant role',
      payload: () => ({ email: 'new.user@example.gr', firstName: 'Ν', lastName: 'Χ', userRoleId: 1001 }),
      field: 'userRoleId',
      key: 'invalidChoice',
    },
  ];

  it.each(inBothLanguages(cases))(
    '$route with $what ($locale)',
    refusesBadInput(() => world.ctx, api, state),
  );
});

describe('entities of another company', () => {
  it('a manager cannot change a colleague who also works for a company they do not manage (ADR 012)', async () => {
    // payment@ works for C1002 and C1004; om3 manages C1001–C1003 only.
    const [before] = await query(`select * from users where id = $1`, [world.ids.payment]);
    for (const payload of [
      { userId: world.ids.payment, firstName: 'Ελένη', lastName: 'Παππά', userRoleId: 3 },
      { userId: world.ids.payment, firstName: 'Άλλο', lastName: 'Όνομα', userRoleId: 5 },
    ]) {
      const response = await api('om3', 'POST', 'updateManager', {
        company: 'C1002',
        payload,
        headers: { culture: 'en-us' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ fields: { field: string; message: string }[] }>().fields).toEqual([
        {
          field: 'userId',
          message:
            'This person also works for another company, so their details and role are changed by the provider’s customer care.',
        },
      ]);
    }
    expect((await query(`select * from users where id = $1`, [world.ids.payment]))[0]).toEqual(before);
    // The provider's customer care may (audited).
    const care = await api('care', 'POST', 'updateManager', {
      company: 'C1002',
      payload: { userId: world.ids.payment, firstName: 'Ελένη', lastName: 'Παππά', userRoleId: 3 },
    });
    expect(care.statusCode).toBe(200);
    expect((await query(`select role_id from users where id = $1`, [world.ids.payment]))[0]).toEqual({
      role_id: 3,
    });
  });

  it('a manager of another company cannot be edited through one’s own', async () => {
    const [before] = await query(`select * from users where id = $1`, [world.ids.payment]);
    const response = await api('om3', 'POST', 'updateManager', {
      company: 'C1001',
      payload: { userId: world.ids.payment, firstName: 'Ξένος', lastName: 'Χρήστης', userRoleId: 3 },
    });
    expect(response.statusCode).toBe(404);
    expect((await query(`select * from users where id = $1`, [world.ids.payment]))[0]).toEqual(before);
    // Provider staff are no company's managers either.
    const staff = await api('om1', 'POST', 'updateManager', {
      payload: { userId: world.ids.care, firstName: 'Νίκος', lastName: 'Γεωργίου', userRoleId: 3 },
    });
    expect(staff.statusCode).toBe(404);
  });
});

describe('people', () => {
  it('userList gives the company’s users of roles 3–5 and nobody else', async () => {
    const { users } = await ok<{ users: { userId: string; userRoleId: number }[] }>(
      await api('om1', 'GET', 'userList'),
    );
    const rows = await query<{ id: string }>(
      `select u.id from users u join user_companies uc on uc.user_id = u.id
        where uc.company_id = 'C1001' and u.role_id in (3, 4, 5)`,
    );
    expect(users.map((u) => u.userId).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(users.map((u) => u.userId)).toEqual(
      expect.arrayContaining([world.ids.om1, world.ids.om3, colleague.id]),
    );
    expect(users.map((u) => u.userId)).not.toContain(world.ids.payment);
    const roles = users.map((u) => u.userRoleId);
    expect(roles).toEqual([...roles].sort((a, b) => a - b));
  });

  it('retrieveAgents gives the provider’s people of the company', async () => {
    const { agents } = await ok<{ agents: { userId: string; kind: string }[] }>(
      await api('payment', 'GET', 'retrieveAgents', { company: 'C1004' }),
    );
    expect(agents.map((a) => [a.userId, a.kind]).sort()).toEqual(
      [
        [world.ids.admin, 'account_manager'],
        [world.ids.care, 'customer_care'],
      ].sort(),
    );
  });

  it('updateManager changes a colleague’s details and role, audited', async () => {
    const response = await api('om1', 'POST', 'updateManager', {
      payload: {
        userId: colleague.id,
        firstName: 'Αλέξανδρος',
        lastName: 'Συνάδελφος',
        phone: '210 600 9999',
        jobTitle: 'Λογιστής',
        userRoleId: 5,
      },
    });
    const { user } = await ok<{ user: Record<string, unknown> }>(response);
    expect(user).toMatchObject({
      userId: colleague.id,
      firstName: 'Αλέξανδρος',
      phone: '+302106009999',
      jobTitle: 'Λογιστής',
      userRoleId: 5,
    });
    const [row] = await query(`select first_name, phone, job_title, role_id from users where id = $1`, [
      colleague.id,
    ]);
    expect(row).toEqual({
      first_name: 'Αλέξανδρος',
      phone: '+302106009999',
      job_title: 'Λογιστής',
      role_id: 5,
    });
    const [audit] = await query<{
      actor_user_id: string;
      company_id: string;
      before: { roleId: number };
      after: { userRoleId: number };
    }>(
      `select actor_user_id, company_id, before, after from audit_log where action = 'user.update-profile' and entity_id = $1 order by id desc limit 1`,
      [colleague.id],
    );
    expect(audit).toMatchObject({
      actor_user_id: world.ids.om1,
      company_id: 'C1001',
      before: { roleId: 4 },
      after: { userRoleId: 5 },
    });
  });

  it('nobody changes their own role (422), but may change their own details', async () => {
    const [before] = await query(`select role_id from users where id = $1`, [world.ids.om3]);
    const own = await api('om3', 'POST', 'updateManager', {
      payload: { userId: world.ids.om3, firstName: 'Γιώργος', lastName: 'Δημητρίου', userRoleId: 4 },
    });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({ success: false, errorCode: 10 });
    expect((await query(`select role_id from users where id = $1`, [world.ids.om3]))[0]).toEqual(before);
    const details = await ok<{ user: { jobTitle: string; userRoleId: number } }>(
      await api('om3', 'POST', 'updateManager', {
        payload: {
          userId: world.ids.om3,
          firstName: 'Γιώργος',
          lastName: 'Δημητρίου',
          jobTitle: 'Διευθυντής',
          userRoleId: 3,
        },
      }),
    );
    expect(details.user).toMatchObject({ jobTitle: 'Διευθυντής', userRoleId: 3 });
  });

  it('registerProfile invites an unconfirmed colleague of the company by email; an email in use is 409', async () => {
    const payload = {
      email: 'Nea.Synadelfos@Example.GR',
      firstName: 'Νεφέλη',
      lastName: 'Αντωνίου',
      phone: '6977 123 456',
      jobTitle: 'Υπεύθυνη πληρωμών',
      userRoleId: 5,
      preferredLanguage: 'en',
    };
    const { user } = await ok<{ user: Record<string, unknown> }>(
      await api('om1', 'POST', 'registerProfile', { payload }),
    );
    expect(user).toMatchObject({
      email: 'nea.synadelfos@example.gr',
      userRoleId: 5,
      phone: '+306977123456',
      isConfirmed: false,
      isLocked: false,
    });
    const [row] = await query<{ is_confirmed: boolean; password_hash: string | null; companies: string[] }>(
      `select u.is_confirmed, u.password_hash, array_agg(uc.company_id) as companies
         from users u join user_companies uc on uc.user_id = u.id where u.id = $1 group by u.id`,
      [user.userId],
    );
    expect(row).toEqual({ is_confirmed: false, password_hash: null, companies: ['C1001'] });
    const mail = await lastMailTo(world.ctx, 'nea.synadelfos@example.gr');
    expect(mail!.subject).toBe('Activate your Tessera account');
    expect(tokenOfMail(mail!.text)).toMatch(/^[\w-]{20,}$/);
    // The colleague now shows in the company's list.
    const { users } = await ok<{ users: { userId: string; isConfirmed: boolean }[] }>(
      await api('om3', 'GET', 'userList'),
    );
    expect(users.find((u) => u.userId === user.userId)).toMatchObject({ isConfirmed: false });

    for (const email of [
      'nea.synadelfos@example.gr',
      'NEA.SYNADELFOS@EXAMPLE.GR',
      DEMO_USERS.finance.email,
    ]) {
      const duplicate = await api('om3', 'POST', 'registerProfile', { payload: { ...payload, email } });
      expect(duplicate.statusCode, email).toBe(409);
      expect(duplicate.json()).toMatchObject({ success: false, errorCode: 6 });
    }
    const [count] = await query<{ n: number }>(
      `select count(*)::int as n from users where lower(email) = 'nea.synadelfos@example.gr'`,
    );
    expect(count!.n).toBe(1);
  });

  it('registerProfile mails in Greek by default', async () => {
    await ok(
      await api('admin', 'POST', 'registerProfile', {
        company: 'C1003',
        payload: {
          email: 'neos.xristis@example.gr',
          firstName: 'Στέφανος',
          lastName: 'Ρήγας',
          userRoleId: 3,
        },
      }),
    );
    const mail = await lastMailTo(world.ctx, 'neos.xristis@example.gr');
    expect(mail!.subject).toBe('Ενεργοποίηση του λογαριασμού σας στην Tessera');
    // Greeted in the vocative (issue 13 §6, ADR 013).
    expect(mail!.text).toContain('Αγαπητέ Στέφανε,');
  });
});

describe('the ledger', () => {
  it('its invariants hold after everything above', async () => {
    expect(await world.ctx.app.services.ledger.checkInvariants(world.ctx.database.db)).toEqual({
      unbalancedTransactions: [],
      balanceMismatches: [],
      negativeAccounts: [],
    });
  });
});
