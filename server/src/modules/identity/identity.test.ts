import { describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders } from '../../../test/harness';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  lastMailTo,
  demoWorldTestFile,
  PROVIDER_ONLY_EXPECTATION,
  statusByUser,
  sessionHeaders,
  settle,
  signInThroughProvider,
  tokenOfMail,
  type DemoUserKey,
} from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';

const world = demoWorldTestFile({ env: { LOGIN_RATE_LIMIT: '1000', RESET_RATE_LIMIT: '1000' } });

async function post(url: string, payload: unknown, headers?: Record<string, string>) {
  return world.ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: headers ?? (await csrfHeaders(world.ctx.app)),
  });
}

async function signsIn(email: string, password: string): Promise<number> {
  const { login } = await signInThroughProvider(world.ctx, email, password);
  return login.statusCode === 200 ? 200 : (login.json().errorCode as number);
}

async function requestReset(email: string): Promise<string> {
  const response = await post('/api/v2/identity/password/request-reset', { email });
  expect(response.json()).toEqual({ success: true });
  const mail = await lastMailTo(world.ctx, email);
  return tokenOfMail(mail!.text);
}

describe('password reset by email', () => {
  it('answers a reset request for an unknown email exactly like one for a known email', async () => {
    const known = await post('/api/v2/identity/password/request-reset', { email: DEMO_USERS.om3.email });
    const unknown = await post('/api/v2/identity/password/request-reset', { email: 'ghost@tessera.demo' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    await settle(world.ctx);
    expect(await lastMailTo(world.ctx, 'ghost@tessera.demo')).toBeUndefined();
    expect(await lastMailTo(world.ctx, DEMO_USERS.om3.email)).toBeDefined();
  });

  it('mails a working link in the user’s language', async () => {
    await post('/api/v2/identity/password/request-reset', { email: DEMO_USERS.om1.email });
    const greek = await lastMailTo(world.ctx, DEMO_USERS.om1.email);
    expect(greek!.subject).toMatch(/κωδικού/);
    expect(greek!.text).toMatch(
      new RegExp(`${world.ctx.config.publicUrl}/user/reset\\?token=[\\w-]{43}&code_type=token`),
    );
    await post('/api/v2/identity/password/request-reset', { email: DEMO_USERS.finance.email.toUpperCase() });
    const english = await lastMailTo(world.ctx, DEMO_USERS.finance.email);
    expect(english!.subject).toBe('Set a new Tessera password');
    expect(english!.text).toContain(`${world.ctx.config.publicUrl}/en/user/reset?token=`);
    expect(english!.text).toContain('valid for 1 hour');
  });

  it('greets the user by name in the vocative, and neutrally where the form of the name is unknown', async () => {
    await post('/api/v2/identity/password/request-reset', { email: DEMO_USERS.om1.email });
    expect((await lastMailTo(world.ctx, DEMO_USERS.om1.email))!.text).toMatch(/^Αγαπητή Ελένη,\n\n/);
    await post('/api/v2/identity/password/request-reset', { email: DEMO_USERS.om3.email });
    expect((await lastMailTo(world.ctx, DEMO_USERS.om3.email))!.text).toMatch(/^Αγαπητέ Γιώργο,\n\n/);
    await post('/api/v2/identity/password/request-reset', { email: DEMO_USERS.finance.email });
    expect((await lastMailTo(world.ctx, DEMO_USERS.finance.email))!.text).toMatch(/^Dear Katerina,\n\n/);
    const latin = await createUser(world.ctx.database.db, { firstName: 'John' });
    await post('/api/v2/identity/password/request-reset', { email: latin.email });
    const neutral = (await lastMailTo(world.ctx, latin.email))!.text;
    expect(neutral).toMatch(/^Γεια σας,\n\n/);
    expect(neutral).not.toContain('Αγαπητέ/ή');
  });

  it('sets a new password once with the code; the old password fails and the code cannot be reused', async () => {
    const user = await createUser(world.ctx.database.db);
    const token = await requestReset(user.email);
    const reset = await post('/api/v2/identity/password/reset', {
      token,
      code_type: 'token',
      password: 'Kainourgios-2027',
    });
    expect(reset.json()).toEqual({ success: true });
    expect(await signsIn(user.email, DEMO_PASSWORD)).toBe(20);
    expect(await signsIn(user.email, 'Kainourgios-2027')).toBe(200);
    const again = await post('/api/v2/identity/password/reset', {
      token,
      code_type: 'token',
      password: 'Allos-kodikos-2028',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorCode).toBe(23);
  });

  it('refuses an expired code and an unknown one', async () => {
    const user = await createUser(world.ctx.database.db);
    const token = await requestReset(user.email);
    await world.ctx.database.pool.query(
      `update user_codes set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    const expired = await post('/api/v2/identity/password/reset', { token, password: 'Kainourgios-2027' });
    expect(expired.json()).toMatchObject({ success: false, errorCode: 23 });
    const unknown = await post('/api/v2/identity/password/reset', {
      token: 'x'.repeat(43),
      password: 'Kainourgios-2027',
    });
    expect(unknown.json().errorCode).toBe(23);
  });

  it('keeps only the latest link of a user valid', async () => {
    const user = await createUser(world.ctx.database.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(
      (await post('/api/v2/identity/password/reset', { token: first, password: 'Kainourgios-2027' })).json()
        .errorCode,
    ).toBe(23);
    expect(
      (await post('/api/v2/identity/password/reset', { token: second, password: 'Kainourgios-2027' })).json(),
    ).toEqual({ success: true });
  });

  it('refuses a weak password without spending the code', async () => {
    const user = await createUser(world.ctx.database.db);
    const token = await requestReset(user.email);
    for (const password of ['short1', 'onlyletters', 'qwerty123456']) {
      const response = await post(
        '/api/v2/identity/password/reset',
        { token, password },
        { ...(await csrfHeaders(world.ctx.app)), culture: 'en-us' },
      );
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'password' }] });
      expect(response.json().errorMessage).toMatch(/12 characters/);
    }
    expect(
      (await post('/api/v2/identity/password/reset', { token, password: 'Kainourgios-2027' })).json(),
    ).toEqual({ success: true });
  });

  it('lifts a lock after failed sign-ins but not a lock by staff', async () => {
    const failed = await createUser(world.ctx.database.db);
    await world.ctx.database.pool.query(
      `update users set is_locked = true, lock_reason = 'failed_attempts', failed_attempts = 5 where id = $1`,
      [failed.id],
    );
    await post('/api/v2/identity/password/reset', {
      token: await requestReset(failed.email),
      password: 'Kainourgios-2027',
    });
    expect(await signsIn(failed.email, 'Kainourgios-2027')).toBe(200);

    const staffLocked = await createUser(world.ctx.database.db, { isLocked: true });
    await post('/api/v2/identity/password/reset', {
      token: await requestReset(staffLocked.email),
      password: 'Kainourgios-2027',
    });
    expect(await signsIn(staffLocked.email, 'Kainourgios-2027')).toBe(21);
  });

  it('revokes every session of the user at a reset', async () => {
    const user = await createUser(world.ctx.database.db);
    const headers = await sessionHeaders(world.ctx, user.id);
    await post('/api/v2/identity/password/reset', {
      token: await requestReset(user.email),
      password: 'Kainourgios-2027',
    });
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers })).json()).toEqual({});
  });

  it('rate-limits reset requests', async () => {
    const limited = await createTestApp({ env: { RESET_RATE_LIMIT: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/v2/identity/password/request-reset',
          headers: await csrfHeaders(limited.app),
          payload: { email: 'someone@tessera.demo' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('refuses a reset request without a CSRF token', async () => {
    const response = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/password/request-reset',
      payload: { email: DEMO_USERS.om1.email },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe(8);
  });
});

describe('password change', () => {
  it('makes the old password fail and keeps only the current session', async () => {
    const user = await createUser(world.ctx.database.db);
    const other = await sessionHeaders(world.ctx, user.id);
    const { browser } = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD);
    const response = await browser.post('/api/v2/identity/password/change', {
      currentPassword: DEMO_PASSWORD,
      newPassword: 'Allagmenos-2027',
    });
    expect(response.json()).toEqual({ success: true });
    expect((await browser.get('/api/auth/session')).json().user.userId).toBe(user.id);
    expect((await world.ctx.app.inject({ url: '/api/auth/session', headers: other })).json()).toEqual({});
    expect(await world.ctx.app.services.identity.providerArtefacts(user.id)).toEqual({});
    expect(await signsIn(user.email, DEMO_PASSWORD)).toBe(20);
    expect(await signsIn(user.email, 'Allagmenos-2027')).toBe(200);
  });

  it('refuses a wrong current password and a weak new one', async () => {
    const user = await createUser(world.ctx.database.db);
    const headers = await sessionHeaders(world.ctx, user.id);
    const wrong = await post(
      '/api/v2/identity/password/change',
      { currentPassword: 'Not-it-12345', newPassword: 'Allagmenos-2027' },
      headers,
    );
    expect(wrong.json()).toMatchObject({ errorCode: 25, fields: [{ field: 'currentPassword' }] });
    const weak = await post(
      '/api/v2/identity/password/change',
      { currentPassword: DEMO_PASSWORD, newPassword: 'weak' },
      headers,
    );
    expect(weak.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'newPassword' }] });
  });

  it('needs a session and a CSRF token', async () => {
    const anonymous = await post('/api/v2/identity/password/change', {
      currentPassword: 'a',
      newPassword: 'b',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errorCode).toBe(3);
    const headers = await sessionHeaders(world.ctx, world.ids.om1);
    const noCsrf = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/password/change',
      headers: { cookie: headers.cookie! },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Allagmenos-2027' },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().errorCode).toBe(8);
  });
});

describe('password policy (ASVS level 2, ADR 033)', () => {
  async function changeTo(newPassword: string, culture: 'el-GR' | 'en-US', email?: string) {
    const user = await createUser(world.ctx.database.db, email ? { email } : {});
    const headers = { ...(await sessionHeaders(world.ctx, user.id)), culture };
    return post('/api/v2/identity/password/change', { currentPassword: DEMO_PASSWORD, newPassword }, headers);
  }

  it.each([
    ['el-GR', 'Ο κωδικός πρόσβασης χρειάζεται τουλάχιστον 12 χαρακτήρες.'],
    ['en-US', 'The password needs at least 12 characters.'],
  ] as const)('refuses an 11-character password, naming the field (%s)', async (culture, message) => {
    const response = await changeTo('Abcdefgh-12', culture);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'newPassword', message }] });
  });

  it.each([
    ['el-GR', /από τους πιο συνηθισμένους/],
    ['en-US', /most commonly used/],
  ] as const)(
    'refuses one of the 10,000 most common passwords, whatever its case (%s)',
    async (culture, message) => {
      const response = await changeTo('QWERTY123456', culture);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'newPassword' }] });
      expect(response.json().fields[0].message).toMatch(message);
    },
  );

  it('refuses a password containing the email’s local part, and takes 12 characters of any kind', async () => {
    const refused = await changeTo('nikos.policy-2027', 'en-US', 'nikos.policy@example.gr');
    expect(refused.json()).toMatchObject({
      errorCode: 24,
      fields: [{ field: 'newPassword', message: 'The password must not be or contain your email address.' }],
    });
    // No composition rules: twelve lower-case letters and a space are a password.
    expect((await changeTo('correct horse', 'en-US')).json()).toEqual({ success: true });
  });

  it('applies at reset and at confirmation too, before the code is spent', async () => {
    const user = await createUser(world.ctx.database.db, { email: 'eleni.reset@example.gr' });
    const token = await requestReset(user.email);
    const short = await post('/api/v2/identity/password/reset', { token, password: 'Short-pass1' });
    expect(short.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'password' }] });
    const withEmail = await post('/api/v2/identity/password/reset', { token, password: 'ELENI.RESET-2027' });
    expect(withEmail.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'password' }] });
    const common = await post('/api/v2/identity/password/reset', { token, password: '1qaz2wsx3edc' });
    expect(common.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'password' }] });
    expect(
      (await post('/api/v2/identity/password/reset', { token, password: 'Kainourgios-2027' })).json(),
    ).toEqual({ success: true });
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    await post(
      '/api/v2/identity/users',
      {
        email: 'policy.confirm@example.gr',
        firstName: 'Άννα',
        lastName: 'Λαμπράκη',
        userRoleId: 3,
        companyIds: ['C1004'],
        preferredLanguage: 'en',
      },
      admin,
    );
    const code = tokenOfMail((await lastMailTo(world.ctx, 'policy.confirm@example.gr'))!.text);
    const weak = await post('/api/v2/identity/confirmation/confirm', {
      token: code,
      password: 'qwerty123456',
    });
    expect(weak.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'password' }] });
    expect(
      (
        await post('/api/v2/identity/confirmation/confirm', { token: code, password: 'Protos-kodikos-1' })
      ).json(),
    ).toEqual({ success: true });
  });

  it('keeps existing passwords working: the policy is checked only when a password is set', async () => {
    const user = await createUser(world.ctx.database.db, { password: 'old-short1' });
    expect(await signsIn(user.email, 'old-short1')).toBe(200);
  });
});

describe('users created by the provider admin', () => {
  const newUser = (email: string) => ({
    email,
    firstName: 'Άννα',
    lastName: 'Λαμπράκη',
    userRoleId: 3,
    companyIds: ['C1004'],
    preferredLanguage: 'en',
  });

  it('creates an unconfirmed user who confirms by email, sets a password and signs in', async () => {
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    const created = await post('/api/v2/identity/users', newUser('Anna.L@Example.gr'), admin);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user).toMatchObject({
      email: 'anna.l@example.gr',
      userRoleId: 3,
      relatedCompanies: [{ companyId: 'C1004' }],
      isConfirmed: false,
      isLocked: false,
    });
    expect(await signsIn('anna.l@example.gr', 'Whatever-2027')).toBe(22);
    const mail = await lastMailTo(world.ctx, 'anna.l@example.gr');
    expect(mail!.subject).toBe('Activate your Tessera account');
    const token = tokenOfMail(mail!.text);
    const noPassword = await post('/api/v2/identity/confirmation/confirm', { token, code_type: 'token' });
    expect(noPassword.json()).toMatchObject({ errorCode: 24, fields: [{ field: 'password' }] });
    const confirmed = await post('/api/v2/identity/confirmation/confirm', {
      token,
      code_type: 'token',
      password: 'Protos-kodikos-1',
    });
    expect(confirmed.json()).toEqual({ success: true });
    expect(await signsIn('anna.l@example.gr', 'Protos-kodikos-1')).toBe(200);
    expect(
      (await post('/api/v2/identity/confirmation/confirm', { token, password: 'Protos-kodikos-1' })).json()
        .errorCode,
    ).toBe(23);
  });

  it('lets a new user set the password from the confirmation link on the reset page', async () => {
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    await post('/api/v2/identity/users', newUser('via.reset@example.gr'), admin);
    const token = tokenOfMail((await lastMailTo(world.ctx, 'via.reset@example.gr'))!.text);
    expect(
      (await post('/api/v2/identity/password/reset', { token, password: 'Protos-kodikos-1' })).json(),
    ).toEqual({ success: true });
    expect(await signsIn('via.reset@example.gr', 'Protos-kodikos-1')).toBe(200);
  });

  it('resends the confirmation to unconfirmed users only, answering every address alike', async () => {
    const unconfirmed = await createUser(world.ctx.database.db, { isConfirmed: false, password: null });
    const a = await post('/api/v2/identity/confirmation/request', { email: unconfirmed.email });
    const b = await post('/api/v2/identity/confirmation/request', { email: 'ghost@tessera.demo' });
    const c = await post('/api/v2/identity/confirmation/request', { email: DEMO_USERS.care.email });
    expect([a.body, b.body, c.body]).toEqual([a.body, a.body, a.body]);
    expect((await lastMailTo(world.ctx, unconfirmed.email))!.text).toContain('/user/reset?token=');
    expect(await lastMailTo(world.ctx, DEMO_USERS.care.email)).toBeUndefined();
  });

  it('refuses a taken email, a company role without companies and an unknown company', async () => {
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    expect(
      (await post('/api/v2/identity/users', newUser(DEMO_USERS.om1.email.toUpperCase()), admin)).statusCode,
    ).toBe(409);
    const noCompany = await post(
      '/api/v2/identity/users',
      { ...newUser('x1@example.gr'), companyIds: [] },
      admin,
    );
    expect(noCompany.json()).toMatchObject({ errorCode: 2, fields: [{ field: 'companyIds' }] });
    const unknown = await post(
      '/api/v2/identity/users',
      { ...newUser('x2@example.gr'), companyIds: ['C9999'] },
      admin,
    );
    expect(unknown.json()).toMatchObject({ errorCode: 2, fields: [{ field: 'companyIds' }] });
  });

  it('is open to the provider admin only', async () => {
    const statuses: Record<string, number> = {};
    for (const key of Object.keys(DEMO_USERS) as DemoUserKey[]) {
      const response = await post(
        '/api/v2/identity/users',
        newUser(`only-admin-${key}@example.gr`),
        await sessionHeaders(world.ctx, world.ids[key]),
      );
      statuses[key] = response.statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      care: 403,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
    expect((await post('/api/v2/identity/users', newUser('anon@example.gr'))).statusCode).toBe(401);
  });
});

describe('user search, lock and unlock by provider staff', () => {
  it('searches users by name without accents, by role and by company', async () => {
    const care = await sessionHeaders(world.ctx, world.ids.care);
    const byName = await post('/api/v2/identity/users/search', { query: 'ΔΗΜΗΤΡΙΟΥ' }, care);
    expect(byName.json().users.map((u: { email: string }) => u.email)).toEqual([DEMO_USERS.om3.email]);
    const byCompany = await post(
      '/api/v2/identity/users/search',
      { companyId: 'C1002', userRoleId: 5 },
      care,
    );
    expect(byCompany.json()).toMatchObject({
      total: 1,
      users: [
        {
          email: DEMO_USERS.payment.email,
          relatedCompanies: [{ companyId: 'C1002' }, { companyId: 'C1004' }],
        },
      ],
    });
    const page = await post(
      '/api/v2/identity/users/search',
      { query: 'tessera.demo', page: 2, pageSize: 3 },
      care,
    );
    expect(page.json()).toMatchObject({ total: 7, page: 2, pageSize: 3 });
    expect(page.json().users).toHaveLength(3);
    expect(JSON.stringify(page.json())).not.toMatch(/password|hash/i);
  });

  it('is open to roles 1 and 2 only', async () => {
    const statuses = await statusByUser(world.ctx, world.ids, (headers) =>
      post('/api/v2/identity/users/search', {}, headers),
    );
    expect(statuses).toEqual(PROVIDER_ONLY_EXPECTATION);
  });

  it('locks a user out at once and unlocks them again', async () => {
    const user = await createUser(world.ctx.database.db);
    const { browser } = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD);
    const care = await sessionHeaders(world.ctx, world.ids.care);
    const locked = await post(`/api/v2/identity/users/${user.id}/lock`, {}, care);
    expect(locked.json().user).toMatchObject({ userId: user.id, isLocked: true });
    expect((await browser.get('/api/auth/session')).json()).toEqual({});
    expect(await world.ctx.app.services.identity.providerArtefacts(user.id)).toEqual({});
    expect(await signsIn(user.email, DEMO_PASSWORD)).toBe(21);
    const { rows } = await world.ctx.database.pool.query(
      `select action from audit_log where entity_id = $1`,
      [user.id],
    );
    expect(rows.map((r) => r.action)).toContain('user.lock');

    const unlocked = await post(`/api/v2/identity/users/${user.id}/unlock`, {}, care);
    expect(unlocked.json().user.isLocked).toBe(false);
    expect(await signsIn(user.email, DEMO_PASSWORD)).toBe(200);
  });

  it('keeps customer care from locking an admin and everyone from locking themself', async () => {
    const care = await sessionHeaders(world.ctx, world.ids.care);
    expect((await post(`/api/v2/identity/users/${world.ids.admin}/lock`, {}, care)).statusCode).toBe(403);
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    expect((await post(`/api/v2/identity/users/${world.ids.admin}/lock`, {}, admin)).json().errorCode).toBe(
      10,
    );
  });

  it('refuses lock and unlock to company roles and merchants', async () => {
    for (const key of ['om1', 'finance', 'payment', 'merchant'] as const) {
      const response = await post(
        `/api/v2/identity/users/${world.ids.om3}/lock`,
        {},
        await sessionHeaders(world.ctx, world.ids[key]),
      );
      expect(response.statusCode, key).toBe(403);
      expect(response.json().errorCode).toBe(4);
    }
  });
});

describe('the signed-in user', () => {
  it('reads their own profile', async () => {
    const response = await world.ctx.app.inject({
      url: '/api/v2/identity/users/me',
      headers: await sessionHeaders(world.ctx, world.ids.om3),
    });
    expect(response.json()).toMatchObject({
      success: true,
      user: { email: DEMO_USERS.om3.email, userRoleId: 3, isConfirmed: true },
    });
  });
});
