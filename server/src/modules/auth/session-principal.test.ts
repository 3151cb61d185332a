import { ROLE } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { demoWorldTestFile, sessionHeaders } from '../../../test/tenant-helper';
import { createUser } from '../../db/seed/factories';

/**
 * The principal of every request comes from one statement (session, user and companies together,
 * issue 17) read afresh each time: nothing about the user is remembered between requests.
 */
const world = demoWorldTestFile();

async function newOrderManager(companyIds: string[]) {
  const user = await createUser(world.ctx.database.db, { roleId: ROLE.ORDER_MANAGER, companyIds });
  const headers = await sessionHeaders(world.ctx, user.id, { companyId: companyIds[0] ?? null });
  return { user, headers };
}

function cardFilter(headers: Record<string, string>, companyId: string) {
  return world.ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/cardFilter',
    headers: { ...headers, companyid: companyId },
    payload: { pageSize: 10 },
  });
}

function session(headers: Record<string, string>) {
  return world.ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers });
}

describe('the principal of a request', () => {
  it('is read with its user and companies in one statement', async () => {
    const { headers } = await newOrderManager(['C1001', 'C1002']);
    const pool = world.ctx.database.pool;
    const statements: string[] = [];
    const query = pool.query.bind(pool);
    pool.query = ((...args: Parameters<typeof pool.query>) => {
      const [first] = args as unknown as [string | { text: string }];
      statements.push(typeof first === 'string' ? first : first.text);
      return query(...args);
    }) as typeof pool.query;
    try {
      const response = await session(headers);
      expect(response.json().user.relatedCompanies).toEqual([{ companyId: 'C1001' }, { companyId: 'C1002' }]);
    } finally {
      pool.query = query;
    }
    const identityReads = statements.filter((text) => /"(portal_sessions|users|user_companies)"/.test(text));
    expect(identityReads).toHaveLength(1);
  });

  it('applies a lock at the next request and ends the session', async () => {
    const { user, headers } = await newOrderManager(['C1001']);
    expect((await cardFilter(headers, 'C1001')).statusCode).toBe(200);
    await world.ctx.database.pool.query(
      `update users set is_locked = true, lock_reason = 'staff' where id = $1`,
      [user.id],
    );
    const refused = await cardFilter(headers, 'C1001');
    expect(refused.statusCode).toBe(401);
    const { rows } = await world.ctx.database.pool.query(`select 1 from portal_sessions where user_id = $1`, [
      user.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('applies a role change at the next request', async () => {
    const { user, headers } = await newOrderManager(['C1001']);
    expect((await session(headers)).json().user.userRoleId).toBe(ROLE.ORDER_MANAGER);
    await world.ctx.database.pool.query(`update users set role_id = $2 where id = $1`, [
      user.id,
      ROLE.FINANCE_USER,
    ]);
    expect((await session(headers)).json().user.userRoleId).toBe(ROLE.FINANCE_USER);
  });

  it('applies a removed company at the next request', async () => {
    const { user, headers } = await newOrderManager(['C1001', 'C1002']);
    expect((await cardFilter(headers, 'C1002')).statusCode).toBe(200);
    await world.ctx.database.pool.query(`delete from user_companies where user_id = $1 and company_id = $2`, [
      user.id,
      'C1002',
    ]);
    expect((await cardFilter(headers, 'C1002')).statusCode).toBe(403);
    expect((await session(headers)).json().user.relatedCompanies).toEqual([{ companyId: 'C1001' }]);
    expect((await cardFilter(headers, 'C1001')).statusCode).toBe(200);
  });

  it('is gone as soon as the user is removed', async () => {
    const { user, headers } = await newOrderManager(['C1001']);
    expect((await cardFilter(headers, 'C1001')).statusCode).toBe(200);
    await world.ctx.database.pool.query(`delete from users where id = $1`, [user.id]);
    expect((await cardFilter(headers, 'C1001')).statusCode).toBe(401);
    expect((await session(headers)).json()).toEqual({});
  });

  it('ends at sign-out: the next request is signed out', async () => {
    const { headers } = await newOrderManager(['C1001']);
    expect((await cardFilter(headers, 'C1001')).statusCode).toBe(200);
    const signout = await world.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers,
      payload: { csrfToken: headers['x-csrf-token'], callbackUrl: '/', json: true },
    });
    expect(signout.statusCode).toBe(200);
    expect((await cardFilter(headers, 'C1001')).statusCode).toBe(401);
    expect((await session(headers)).json()).toEqual({});
  });
});
