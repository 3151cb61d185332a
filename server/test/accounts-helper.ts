import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Locale } from '@tessera/domain';
import type { ValidationKey } from '../src/platform/errors';
import type { TestContext } from './harness';
import {
  demoApiClient,
  demoWorldTestFile,
  type DemoApiOptions,
  type DemoUserKey,
  type TenantStatuses,
} from './tenant-helper';

/*
 * What the tests of the company set-up under `/api/v1/accounts` share: delivery points, card
 * printing, spend rules, contracts, people and notifications each test their own routes in a file of
 * their module, on a database of their own.
 */

/** Write routes: the order manager of the company and provider staff (for any company). */
export const WRITE_EXPECTATION: TenantStatuses = {
  admin: { own: 200, foreign: 200 },
  care: { own: 200, foreign: 200 },
  om1: { own: 200, foreign: 403 },
  om3: { own: 200, foreign: 403 },
  finance: { own: 403, foreign: 403 },
  payment: { own: 403, foreign: 403 },
  merchant: { own: 403, foreign: 403 },
};

/** The companies the fixtures use: om1's and om3's, finance's and payment's, one of provider staff only. */
export const COMPANIES = ['C1001', 'C1002', 'C1006'] as const;

/**
 * SQL on this file's database (`ctx` and `ids` are read when called, so test files create the kit at
 * module level and fill them in `beforeAll`).
 */
export function accountsTestKit(context: () => TestContext, userIds: () => Record<DemoUserKey, string>) {
  async function query<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await context().database.pool.query(text, params)).rows as T[];
  }
  return {
    query,

    /** Rows of `table` per company that `where` selects. */
    async countsByCompany(table: string, where: string): Promise<Record<string, number>> {
      const rows = await query<{ company_id: string; n: number }>(
        `select company_id, count(*)::int as n from ${table} where ${where} group by company_id`,
      );
      return Object.fromEntries(rows.map((row) => [row.company_id, row.n]));
    },

    /** Everything the bad requests of the accounts routes could have changed. */
    async state() {
      return query(`select
      (select count(*)::int from delivery_points) as points,
      (select count(*)::int from spend_rules where deleted_at is null) as rules,
      (select count(*)::int from users) as users,
      (select row_to_json(p)::text from card_printing_settings p where company_id = 'C1001') as printing,
      (select row_to_json(t)::text from trz_contracts t where company_id = 'C1001') as trz,
      (select row_to_json(u)::text from users u where id = '${userIds().om3}') as om3`);
    },

    /** The first delivery point of each of `COMPANIES` (the demo gives each a few). */
    async firstPoints(): Promise<Record<string, string>> {
      const points: Record<string, string> = {};
      for (const companyId of COMPANIES) {
        const [point] = await query<{ id: string }>(
          `select id from delivery_points where company_id = $1 order by created_at, id limit 1`,
          [companyId],
        );
        points[companyId] = point!.id;
      }
      return points;
    },
  };
}

/** A request the route must refuse with a 400 naming `field` with the catalogue's `key`. */
export type BadInput = {
  route: string;
  what: string;
  payload?: () => object;
  method?: 'GET';
  field: string;
  key: ValidationKey;
  params?: Record<string, string | number>;
};

/** Each bad input once in Greek and once in English. */
export function inBothLanguages(cases: BadInput[]): (BadInput & { locale: Locale })[] {
  return cases.flatMap((c) => (['el', 'en'] as const).map((locale) => ({ ...c, locale })));
}

/**
 * The check of one bad input, sent by om1: 400 with code 2, the field named with the catalogue's
 * message in the request's language, and `state` unchanged.
 */
export function refusesBadInput(
  context: () => TestContext,
  api: (
    user: DemoUserKey,
    method: 'GET' | 'POST',
    route: string,
    options?: DemoApiOptions,
  ) => Promise<LightMyRequestResponse>,
  state: () => Promise<unknown>,
) {
  return async ({ route, payload, method, field, key, params, locale }: BadInput & { locale: Locale }) => {
    const before = await state();
    const response = await api('om1', method ?? 'POST', route, {
      culture: locale === 'el' ? 'el-gr' : 'en-us',
      ...(payload ? { payload: payload() } : {}),
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, errorCode: 2 });
    const message = await context().app.services.content.catalogue().validationMessage(key, locale, params);
    expect(message).toBeTruthy();
    expect(body.fields).toContainEqual({ field, message });
    expect(/[\u0370-\u03ff]/.test(message!)).toBe(locale === 'el');
    expect(await state()).toEqual(before);
  };
}

/**
 * The set-up of a test file of the accounts routes: its own app and demo world (made before its
 * tests, closed after them), an API client for `/api/v1/accounts` and the SQL kit. `world.ctx` and
 * `world.ids` are read when the tests run; the file's own `beforeAll` runs after this one's.
 */
export function accountsTestFile() {
  const world = demoWorldTestFile({
    env: { RATE_LIMIT_MAX: '100000' },
    cardScale: 0.1,
  });
  const context = () => world.ctx;
  const userIds = () => world.ids;
  return {
    get ctx(): TestContext {
      return world.ctx;
    },
    get ids(): Record<DemoUserKey, string> {
      return world.ids;
    },
    API: '/api/v1/accounts',
    ...demoApiClient(context, userIds, '/api/v1/accounts'),
    ...accountsTestKit(context, userIds),
  };
}
