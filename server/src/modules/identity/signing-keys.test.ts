import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness';
import { loadSigningKeys } from './oidc-provider';

/*
 * The sign-in's signing key (STACK: an RS256 JWK made at the first start, kept in the database).
 * The test template already holds one (server/test/global-setup.ts); this file starts from none.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

describe('the signing key', () => {
  it('the provider publishes the key the database holds', async () => {
    const [key] = await loadSigningKeys(ctx.database.db);
    const host = { host: new URL(ctx.config.publicUrl).host };
    const configuration = await ctx.app.inject({
      url: '/api/v2/identity/oidc/.well-known/openid-configuration',
      headers: host,
    });
    const { jwks_uri: jwksUri } = configuration.json<{ jwks_uri: string }>();
    const jwks = await ctx.app.inject({ url: new URL(jwksUri).pathname, headers: host });
    expect(jwks.json<{ keys: { kid: string }[] }>().keys.map((k) => k.kid)).toEqual([key!.kid]);
  });

  it('is made at the first start when there is none, kept, and reused by the next start', async () => {
    await ctx.database.pool.query('delete from oidc_keys');
    const first = await loadSigningKeys(ctx.database.db);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    // A private key: the provider signs with it.
    expect(first[0]).toHaveProperty('d');

    const again = await loadSigningKeys(ctx.database.db);
    expect(again.map((key) => key.kid)).toEqual([first[0]!.kid]);
    const { rows } = await ctx.database.pool.query<{ n: number }>('select count(*)::int as n from oidc_keys');
    expect(rows[0]!.n).toBe(1);
  });
});
