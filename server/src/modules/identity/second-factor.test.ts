import { TOTP, Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import {
  DEMO_PASSWORD,
  DEMO_ROLE_KEYS,
  DEMO_USERS,
  demoWorldTestFile,
  sessionHeaders,
  signInThroughProvider,
  tenantMatrix,
  type DemoUserKey,
} from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';
import { DEMO_TOTP_SECRET, demoTotpCode } from '../../db/seed/demo-second-factor';
import {
  acceptedTotpStep,
  decryptTotpSecret,
  encryptTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  secondFactorKey,
  totpStep,
} from './second-factor-crypto';

const world = demoWorldTestFile({ env: { LOGIN_RATE_LIMIT: '1000' } });

function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });
}

async function startLogin(browser: TestBrowser): Promise<string> {
  const csrfToken = await browser.csrf();
  const signin = await browser.request('POST', '/api/auth/signin/tessera', {
    payload: { csrfToken, callbackUrl: '/', json: true },
  });
  const authorize = await browser.get(signin.json<{ url: string }>().url);
  return new URL(authorize.headers.location as string, 'http://x').searchParams.get('uid')!;
}

/** How many portal sessions the user opened since `since` (a refused sign-in opens none). */
async function sessionsSince(userId: string, since: Date): Promise<number> {
  const { rows } = await world.ctx.database.pool.query<{ n: number }>(
    'select count(*)::int as n from portal_sessions where user_id = $1 and created_at >= $2',
    [userId, since],
  );
  return rows[0]!.n;
}

async function latestSession(userId: string) {
  const { rows } = await world.ctx.database.pool.query<{
    amr: string[];
    second_factor_at: Date | null;
    id_token: string;
  }>(
    'select amr, second_factor_at, id_token from portal_sessions where user_id = $1 order by created_at desc limit 1',
    [userId],
  );
  return rows[0];
}

/** A confirmed order manager of C1001 with the demo password, for flows that change the account. */
async function freshUser(roleId: 1 | 2 | 3 | 4 | 5 = 3, companyIds: string[] = ['C1001']) {
  return createUser(world.ctx.database.db, { roleId, companyIds });
}

/** Enrols `userId` on the account page; returns the secret and the recovery codes. */
async function enrolOnAccountPage(userId: string, at = new Date()) {
  const headers = await sessionHeaders(world.ctx, userId);
  const start = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/v2/identity/second-factor/enrol',
    headers,
  });
  expect(start.statusCode).toBe(200);
  const { secret, qrDataUrl, otpauthUrl } = start.json<{
    secret: string;
    qrDataUrl: string;
    otpauthUrl: string;
  }>();
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Tessera:/);
  const confirm = await world.ctx.app.inject({
    method: 'POST',
    url: '/api/v2/identity/second-factor/enrol/confirm',
    headers,
    payload: { code: codeAt(secret, at) },
  });
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes, headers };
}

describe('TOTP with a controlled clock', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const at = new Date('2026-03-02T10:00:15Z');

  it('accepts a code of the current step and one step either side, and nothing further', () => {
    const step = totpStep(at);
    expect(acceptedTotpStep(secret, codeAt(secret, at), at, null)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(at.getTime() - 30_000)), at, null)).toBe(
      step - 1,
    );
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(at.getTime() + 30_000)), at, null)).toBe(
      step + 1,
    );
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(at.getTime() - 60_000)), at, null)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(at.getTime() + 60_000)), at, null)).toBeNull();
    expect(acceptedTotpStep(secret, '000000', at, null)).toBeNull();
  });

  it('refuses a code of the step already used, or of an earlier one (replay)', () => {
    const step = totpStep(at);
    expect(acceptedTotpStep(secret, codeAt(secret, at), at, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(at.getTime() - 30_000)), at, step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, new Date(at.getTime() + 30_000)), at, step)).toBe(
      step + 1,
    );
  });

  it('keeps the secret encrypted (AES-256-GCM) and refuses a tampered ciphertext', () => {
    const key = secondFactorKey('a session secret of at least thirty-two chars');
    const stored = encryptTotpSecret(key, secret);
    expect(stored).not.toContain(secret);
    expect(stored).toMatch(/^v1\./);
    expect(decryptTotpSecret(key, stored)).toBe(secret);
    expect(() => decryptTotpSecret(secondFactorKey('another secret entirely, also long'), stored)).toThrow();
  });

  it('makes ten distinct recovery codes whose hash ignores case and dashes', () => {
    const codes = newRecoveryCodes(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);
    const key = secondFactorKey('x'.repeat(40));
    expect(hashRecoveryCode(key, codes[0]!.toUpperCase().replace(/-/g, ' '))).toBe(
      hashRecoveryCode(key, codes[0]!),
    );
  });
});

describe('two-factor sign-in', () => {
  it('does not sign provider staff in with the password alone', async () => {
    const { login, callback } = await signInThroughProvider(
      world.ctx,
      DEMO_USERS.admin.email,
      DEMO_PASSWORD,
      {
        secondFactor: false,
      },
    );
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ success: true, next: 'secondFactor', enrolled: true });
    expect(callback).toBeUndefined();
  });

  it('signs staff in with the code: the id token and the session carry amr otp', async () => {
    const { browser, secondFactor } = await signInThroughProvider(
      world.ctx,
      DEMO_USERS.care.email,
      DEMO_PASSWORD,
    );
    expect(secondFactor!.statusCode).toBe(200);
    const session = (await browser.get('/api/auth/session')).json<{ user?: { email: string } }>();
    expect(session.user?.email).toBe(DEMO_USERS.care.email);
    const row = await latestSession(world.ids.care);
    expect(row!.amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
    expect(row!.second_factor_at).not.toBeNull();
    expect(claimsOf(row!.id_token).amr).toEqual(expect.arrayContaining(['pwd', 'otp']));
    expect((await browser.get('/api/v2/identity/users/me')).statusCode).toBe(200);
  });

  it('refuses a wrong code and a replayed one, counting them towards the lockout', async () => {
    const user = await freshUser(2, []);
    const { secret } = await enrolOnAccountPage(user.id);
    const wrong = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: { code: '000000' },
    });
    expect(wrong.secondFactor!.statusCode).toBe(400);
    expect(wrong.secondFactor!.json()).toMatchObject({ errorCode: 32 });
    // The code used to confirm the enrolment cannot sign in again.
    const replay = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: { code: codeAt(secret, new Date()) },
    });
    expect(replay.secondFactor!.statusCode).toBe(400);
    const { rows } = await world.ctx.database.pool.query('select failed_attempts from users where id = $1', [
      user.id,
    ]);
    expect(rows[0].failed_attempts).toBe(2);
    const next = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: { code: codeAt(secret, new Date(Date.now() + 30_000)) },
    });
    expect(next.callback?.statusCode).toBe(302);
    const after = await world.ctx.database.pool.query('select failed_attempts from users where id = $1', [
      user.id,
    ]);
    expect(after.rows[0].failed_attempts).toBe(0);
  });

  it('locks the account after five wrong codes even though the password was right each time', async () => {
    const user = await freshUser(2, []);
    await enrolOnAccountPage(user.id);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { secondFactor, login } = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
        secondFactor: { code: '123456' },
      });
      answers.push((secondFactor ?? login).json<{ errorCode: number }>().errorCode);
    }
    expect(answers).toEqual([32, 32, 32, 32, 21]);
  });

  it('refuses the right code once five wrong ones locked the account, and keeps the count (issue 33 §6)', async () => {
    const user = await freshUser(2, []);
    const { secret, recoveryCodes } = await enrolOnAccountPage(user.id);
    const started = new Date();
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    const login = await browser.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    expect(login.json()).toMatchObject({ next: 'secondFactor' });
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, {
        code: '123456',
      });
      answers.push(wrong.json<{ errorCode: number }>().errorCode);
    }
    expect(answers).toEqual([32, 32, 32, 32, 21]);
    // The same interaction, the right code (the next step's: the enrolment spent this one's).
    const right = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, {
      code: codeAt(secret, new Date(Date.now() + 30_000)),
    });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ errorCode: 21 });
    const recovery = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, {
      recoveryCode: recoveryCodes[0]!,
    });
    expect(recovery.json()).toMatchObject({ errorCode: 21 });
    const { rows } = await world.ctx.database.pool.query<{ failed_attempts: number; is_locked: boolean }>(
      'select failed_attempts, is_locked from users where id = $1',
      [user.id],
    );
    expect(rows[0]).toEqual({ failed_attempts: 5, is_locked: true });
    // Nothing was spent and nobody was signed in.
    const unused = await world.ctx.database.pool.query<{ n: number }>(
      'select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is null',
      [user.id],
    );
    expect(unused.rows[0]!.n).toBe(10);
    expect(await sessionsSince(user.id, started)).toBe(0);
  });

  it('refuses the code step of an account staff locked after its password step; only the unlock resets the count', async () => {
    const user = await freshUser(2, []);
    const { secret } = await enrolOnAccountPage(user.id);
    const started = new Date();
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    await browser.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    const wrong = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, { code: '123456' });
    expect(wrong.json()).toMatchObject({ errorCode: 32 });
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    const lock = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v2/identity/users/${user.id}/lock`,
      headers: admin,
    });
    expect(lock.statusCode, lock.body).toBe(200);
    const right = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, {
      code: codeAt(secret, new Date(Date.now() + 30_000)),
    });
    expect(right.json()).toMatchObject({ errorCode: 21 });
    const counted = await world.ctx.database.pool.query<{ failed_attempts: number }>(
      'select failed_attempts from users where id = $1',
      [user.id],
    );
    expect(counted.rows[0]!.failed_attempts).toBe(1);
    expect(await sessionsSince(user.id, started)).toBe(0);

    const unlock = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v2/identity/users/${user.id}/unlock`,
      headers: admin,
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const reset = await world.ctx.database.pool.query<{ failed_attempts: number }>(
      'select failed_attempts from users where id = $1',
      [user.id],
    );
    expect(reset.rows[0]!.failed_attempts).toBe(0);
  });

  it('refuses the enrolment steps of a sign-in once the account is locked', async () => {
    const user = await freshUser(2, []);
    const started = new Date();
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    const login = await browser.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    expect(login.json()).toMatchObject({ next: 'secondFactor', enrolled: false });
    const start = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor/enrol`);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json<{ secret: string }>();
    const admin = await sessionHeaders(world.ctx, world.ids.admin);
    expect(
      (
        await world.ctx.app.inject({
          method: 'POST',
          url: `/api/v2/identity/users/${user.id}/lock`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
    const confirm = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor/enrol/confirm`, {
      code: codeAt(secret, new Date()),
    });
    expect(confirm.json()).toMatchObject({ errorCode: 21 });
    const again = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor/enrol`);
    expect(again.json()).toMatchObject({ errorCode: 21 });
    const { rows } = await world.ctx.database.pool.query(
      'select enrolled_at from user_second_factors where user_id = $1',
      [user.id],
    );
    expect(rows[0]?.enrolled_at ?? null).toBeNull();
    expect(await sessionsSince(user.id, started)).toBe(0);
  });

  it('accepts each recovery code once', async () => {
    const user = await freshUser();
    const { recoveryCodes } = await enrolOnAccountPage(user.id);
    expect(recoveryCodes).toHaveLength(10);
    const first = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: { recoveryCode: recoveryCodes[0]!.toUpperCase() },
    });
    expect(first.callback?.statusCode).toBe(302);
    const again = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: { recoveryCode: recoveryCodes[0]! },
    });
    expect(again.secondFactor!.statusCode).toBe(400);
    const headers = await sessionHeaders(world.ctx, user.id);
    const status = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v2/identity/second-factor',
      headers,
    });
    expect(status.json()).toMatchObject({ isEnrolled: true, isRequired: false, recoveryCodesLeft: 9 });
    const { rows } = await world.ctx.database.pool.query(
      'select code_hash from user_recovery_codes where user_id = $1',
      [user.id],
    );
    expect(JSON.stringify(rows)).not.toContain(recoveryCodes[1]!);
  });

  it('makes staff without a second factor enrol during the sign-in, then shows the recovery codes once', async () => {
    const user = await freshUser(2, []);
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    const login = await browser.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: user.email,
      password: DEMO_PASSWORD,
    });
    expect(login.json()).toEqual({ success: true, next: 'secondFactor', enrolled: false });
    // Without the code nothing continues: the enrolment cannot be skipped with an empty step.
    const skip = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, { code: '123456' });
    expect(skip.statusCode).toBe(422);
    const start = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor/enrol`);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json<{ secret: string }>();
    const { rows } = await world.ctx.database.pool.query(
      'select secret_ciphertext, enrolled_at from user_second_factors where user_id = $1',
      [user.id],
    );
    expect(rows[0].secret_ciphertext).not.toContain(secret);
    expect(rows[0].enrolled_at).toBeNull();
    const confirm = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor/enrol/confirm`, {
      code: codeAt(secret, new Date()),
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes, redirectTo } = confirm.json<{ recoveryCodes: string[]; redirectTo: string }>();
    expect(recoveryCodes).toHaveLength(10);
    const resume = await browser.get(redirectTo);
    const callback = await browser.get(resume.headers.location as string);
    expect(callback.statusCode).toBe(302);
    expect((await browser.get('/api/v2/identity/users/me')).statusCode).toBe(200);
    expect((await latestSession(user.id))!.amr).toContain('otp');
  });

  it('refuses the second step without the password step of the same interaction', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = await startLogin(browser);
    const step = await browser.post(`/api/v2/identity/interaction/${uid}/second-factor`, {
      code: demoTotpCode(),
    });
    expect(step.json()).toMatchObject({ errorCode: 26 });
  });

  it('remembers a device for 30 days, and not after revocation or expiry', async () => {
    const user = await freshUser();
    const { secret } = await enrolOnAccountPage(user.id);
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const first = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      browser,
      secondFactor: { code: codeAt(secret, new Date(Date.now() + 30_000)), rememberDevice: true },
    });
    const cookie = first.secondFactor!.cookies.find((c) => c.name === 'tessera.trusted')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    const second = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      browser,
      secondFactor: false,
    });
    expect(second.login.json().redirectTo).toBeTruthy();
    expect((await latestSession(user.id))!.amr).toEqual(expect.arrayContaining(['pwd', 'mfa']));
    // Another browser still needs the code.
    const other = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, { secondFactor: false });
    expect(other.login.json().next).toBe('secondFactor');
    // Expired: the code again.
    await world.ctx.database.pool.query(
      `update trusted_devices set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    const expired = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      browser,
      secondFactor: false,
    });
    expect(expired.login.json().next).toBe('secondFactor');
    // Revoked on the security page: the code again.
    await world.ctx.database.pool.query(`update trusted_devices set expires_at = now() + interval '1 day'`);
    const headers = await sessionHeaders(world.ctx, user.id);
    const status = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/v2/identity/second-factor',
      headers,
    });
    const [device] = status.json<{ devices: { deviceId: string }[] }>().devices;
    const revoke = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v2/identity/second-factor/devices/${device!.deviceId}/revoke`,
      headers,
    });
    expect(revoke.statusCode).toBe(200);
    const revoked = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      browser,
      secondFactor: false,
    });
    expect(revoked.login.json().next).toBe('secondFactor');
  });

  it('enforces two factors for the company roles a company chooses', async () => {
    const user = await freshUser(4, ['C1003']);
    const headers = await sessionHeaders(world.ctx, user.id, { amr: ['pwd'] });
    expect(
      (await world.ctx.app.inject({ method: 'GET', url: '/api/v2/identity/users/me', headers })).statusCode,
    ).toBe(200);
    const staff = await sessionHeaders(world.ctx, world.ids.admin);
    const set = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/updateSecondFactorRoles',
      headers: staff,
      payload: { companyId: 'C1003', roleIds: [4] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ roleIds: [4] });
    const { rows } = await world.ctx.database.pool.query(
      `select actor_user_id, before, after from audit_log where action = 'company.second_factor_roles'`,
    );
    expect(rows.at(-1)).toMatchObject({ actor_user_id: world.ids.admin, after: { roleIds: [4] } });
    // The password-only session is refused from the next request, and the sign-in asks to enrol.
    const refused = await world.ctx.app.inject({ method: 'GET', url: '/api/v2/identity/users/me', headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 31 });
    const { login } = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: false,
    });
    expect(login.json()).toEqual({ success: true, next: 'secondFactor', enrolled: false });
    // Not required: the user cannot turn it off where it is; elsewhere they can.
    await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/updateSecondFactorRoles',
      headers: staff,
      payload: { companyId: 'C1003', roleIds: [] },
    });
    const nextLogin = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: false,
    });
    expect(nextLogin.login.json().redirectTo).toBeTruthy();
  });
});

describe('the guard', () => {
  it('refuses a provider staff session opened without the second factor (403, code 31)', async () => {
    for (const key of ['admin', 'care'] as const) {
      const headers = await sessionHeaders(world.ctx, world.ids[key], { amr: ['pwd'] });
      const response = await world.ctx.app.inject({
        method: 'GET',
        url: '/api/v2/identity/users/me',
        headers,
      });
      expect(response.statusCode, key).toBe(403);
      expect(response.json().errorCode).toBe(31);
    }
    const om = await sessionHeaders(world.ctx, world.ids.om1, { amr: ['pwd'] });
    expect(
      (await world.ctx.app.inject({ method: 'GET', url: '/api/v2/identity/users/me', headers: om }))
        .statusCode,
    ).toBe(200);
  });

  it('refreshes the session second factor with a step-up code', async () => {
    const user = await freshUser();
    const { secret } = await enrolOnAccountPage(user.id);
    const headers = await sessionHeaders(world.ctx, user.id, { amr: ['pwd'] });
    const stepUp = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/step-up',
      headers,
      payload: { code: codeAt(secret, new Date(Date.now() + 30_000)) },
    });
    expect(stepUp.statusCode).toBe(200);
    const row = await latestSession(user.id);
    expect(row!.amr).toContain('otp');
    expect(Date.now() - row!.second_factor_at!.getTime()).toBeLessThan(10_000);
  });
});

describe('the account page and staff reset', () => {
  it('regenerates recovery codes and disables the factor only with a current code, where not enforced', async () => {
    const user = await freshUser();
    const { secret, recoveryCodes, headers } = await enrolOnAccountPage(user.id);
    const wrong = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/second-factor/recovery-codes',
      headers,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const regenerated = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/second-factor/recovery-codes',
      headers,
      payload: { code: codeAt(secret, new Date(Date.now() + 30_000)) },
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recoveryCodes).not.toContain(recoveryCodes[0]);
    const staffDisable = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/second-factor/disable',
      headers: await sessionHeaders(world.ctx, world.ids.care),
      payload: { code: demoTotpCode() },
    });
    expect(staffDisable.statusCode).toBe(422);
    const bad = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/v2/identity/second-factor/disable',
      headers,
      payload: { code: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('code');
  });

  it('lets provider staff reset a second factor with a reason: audited, sessions ended, user emailed', async () => {
    const user = await freshUser();
    await enrolOnAccountPage(user.id);
    const userHeaders = await sessionHeaders(world.ctx, user.id);
    const reset = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v2/identity/users/${user.id}/second-factor/reset`,
      headers: await sessionHeaders(world.ctx, world.ids.care),
      payload: { reason: 'Lost phone, identity checked by call-back' },
    });
    expect(reset.statusCode).toBe(200);
    const { rows } = await world.ctx.database.pool.query(
      `select actor_user_id, entity_id, after from audit_log where action = 'user.second_factor_reset'`,
    );
    expect(rows.at(-1)).toMatchObject({
      actor_user_id: world.ids.care,
      entity_id: user.id,
      after: { reason: 'Lost phone, identity checked by call-back' },
    });
    expect(
      (await world.ctx.app.inject({ method: 'GET', url: '/api/v2/identity/users/me', headers: userHeaders }))
        .statusCode,
    ).toBe(401);
    const { login } = await signInThroughProvider(world.ctx, user.email, DEMO_PASSWORD, {
      secondFactor: false,
    });
    expect(login.json().redirectTo).toBeTruthy();
    await world.ctx.app.services.identity.settle();
  });

  it('allows the reset to provider staff only, and customer care never for an admin', async () => {
    const target = await freshUser();
    const statuses: Partial<Record<DemoUserKey, number>> = {};
    for (const key of DEMO_ROLE_KEYS) {
      const response = await world.ctx.app.inject({
        method: 'POST',
        url: `/api/v2/identity/users/${target.id}/second-factor/reset`,
        headers: await sessionHeaders(world.ctx, world.ids[key]),
        payload: { reason: 'Role matrix of the reset' },
      });
      statuses[key] = response.statusCode;
    }
    expect(statuses).toEqual({
      admin: 200,
      care: 200,
      om1: 403,
      om3: 403,
      finance: 403,
      payment: 403,
      merchant: 403,
    });
    const careOnAdmin = await world.ctx.app.inject({
      method: 'POST',
      url: `/api/v2/identity/users/${world.ids.admin}/second-factor/reset`,
      headers: await sessionHeaders(world.ctx, world.ids.care),
      payload: { reason: 'Should not be allowed' },
    });
    expect(careOnAdmin.json()).toMatchObject({ errorCode: 27 });
    await world.ctx.app.services.identity.settle();
  });

  it('serves the account routes to every signed-in role and nobody else', async () => {
    for (const key of DEMO_ROLE_KEYS) {
      const headers = await sessionHeaders(world.ctx, world.ids[key]);
      const status = await world.ctx.app.inject({
        method: 'GET',
        url: '/api/v2/identity/second-factor',
        headers,
      });
      expect(status.statusCode, key).toBe(200);
      expect(status.json().isRequired, key).toBe(key === 'admin' || key === 'care');
      const revokeAll = await world.ctx.app.inject({
        method: 'POST',
        url: '/api/v2/identity/second-factor/devices/revoke-all',
        headers,
      });
      expect(revokeAll.statusCode, key).toBe(200);
    }
    expect(
      (await world.ctx.app.inject({ method: 'GET', url: '/api/v2/identity/second-factor' })).statusCode,
    ).toBe(401);
  });

  it('lets the company setting be read and changed by its order managers and staff only', async () => {
    const read = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: '/api/v1/accounts/getSecondFactorRoles',
      payload: (companyId) => ({ companyId }),
    });
    const write = await tenantMatrix(world.ctx, world.ids, {
      method: 'POST',
      url: '/api/v1/accounts/updateSecondFactorRoles',
      payload: (companyId) => ({ companyId, roleIds: [] }),
    });
    for (const matrix of [read, write]) {
      expect(matrix.admin).toEqual({ own: 200, foreign: 200 });
      expect(matrix.care).toEqual({ own: 200, foreign: 200 });
      expect(matrix.om1).toEqual({ own: 200, foreign: 403 });
      expect(matrix.finance.own).toBe(403);
      expect(matrix.payment.own).toBe(403);
      expect(matrix.merchant.own).toBe(403);
    }
  });
});

it('uses the published demo secret for the demo provider staff', () => {
  expect(DEMO_TOTP_SECRET).toMatch(/^[A-Z2-7]+$/);
});
