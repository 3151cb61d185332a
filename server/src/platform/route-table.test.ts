import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { sample, type OpenApi, type Operation } from '../../test/openapi';
import { seedDemoWorld, sessionHeaders, type DemoUserKey } from '../../test/tenant-helper';

/**
 * Every route of the OpenAPI document, every field of its query, path and body (nested ones
 * included), each filled in turn with input that once answered 500 (issue 12 §4–6): a NUL byte,
 * half a surrogate pair, an impossible date and a huge amount. No answer may be a 500, and unsafe
 * text must be refused as a 400 naming the field.
 */

type Leaf = { path: (string | number)[]; kind: 'text' | 'number' };

/** The leaves of a sampled value with their kind. */
function leavesOf(value: unknown, path: (string | number)[] = []): Leaf[] {
  if (typeof value === 'string') return [{ path, kind: 'text' }];
  if (typeof value === 'number') return [{ path, kind: 'number' }];
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  }
  return [];
}

function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}

const BAD_TEXT = ['before\u0000after', 'half \uD800 pair'];
const BAD_DATES = ['2026-13-45', '0000-00-00'];
const HUGE = 9_007_199_254_740_991;

/** Percent-encodes like encodeURIComponent; half a surrogate pair goes as its raw (invalid) UTF-8 bytes. */
function encode(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

type Attempt = {
  method: string;
  url: string;
  part: 'query' | 'path' | 'body';
  field: string;
  value: unknown;
  kind: 'text' | 'date' | 'amount';
  /**
   * Must be refused with a 400 naming the field: unsafe text that arrives as such. Half a surrogate
   * pair cannot cross a URL (its bytes decode to U+FFFD), so in a query or path it only must not fail.
   */
  mustRefuse: boolean;
};

/** Every mutated request of one operation. */
function attemptsOf(method: string, route: string, operation: Operation): Attempt[] {
  const parameters = operation.parameters ?? [];
  const query = Object.fromEntries(
    parameters.filter((p) => p.in === 'query').map((p) => [p.name, sample(p.schema)]),
  );
  const pathValues = Object.fromEntries(
    parameters.filter((p) => p.in === 'path').map((p) => [p.name, sample(p.schema)]),
  );
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const urlOf = (path: Record<string, unknown>, search: Record<string, unknown>) => {
    const pathname = route.replace(/\{(\w+)\}/g, (_, name: string) => encode(String(path[name] ?? 'x')));
    const text = Object.entries(search)
      .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
      .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
      .join('&');
    return text ? `${pathname}?${text}` : pathname;
  };
  const badValues = (leaf: Leaf, name: string): { value: unknown; kind: Attempt['kind'] }[] =>
    leaf.kind === 'number'
      ? [{ value: HUGE, kind: 'amount' }]
      : [
          ...BAD_TEXT.map((value) => ({ value, kind: 'text' as const })),
          ...(/date|^from$|^to$/i.test(name)
            ? BAD_DATES.map((value) => ({ value, kind: 'date' as const }))
            : []),
          ...(/cents|amount|page/i.test(name) ? [{ value: String(HUGE), kind: 'amount' as const }] : []),
        ];
  const attempts: Attempt[] = [];
  for (const [part, values] of [
    ['query', query],
    ['path', pathValues],
  ] as const) {
    for (const [name, value] of Object.entries(values)) {
      const kind: Leaf['kind'] = typeof value === 'number' ? 'number' : 'text';
      for (const bad of badValues({ path: [name], kind }, name)) {
        const mutated = {
          ...values,
          [name]: part === 'query' && kind === 'number' ? String(bad.value) : bad.value,
        };
        attempts.push({
          method,
          url: part === 'query' ? urlOf(pathValues, mutated) : urlOf(mutated, query),
          part,
          field: name,
          ...bad,
          mustRefuse: bad.kind === 'text' && String(bad.value).includes('\u0000'),
        });
      }
    }
  }
  if (body !== undefined) {
    for (const leaf of leavesOf(body)) {
      const name = String(leaf.path.at(-1) ?? 'body');
      for (const bad of badValues(leaf, name)) {
        attempts.push({
          method,
          url: urlOf(pathValues, query),
          part: 'body',
          field: leaf.path.join('.'),
          value: withLeaf(body, leaf.path, bad.value),
          kind: bad.kind,
          mustRefuse: bad.kind === 'text',
        });
      }
    }
  }
  return attempts;
}

let ctx: TestContext;
let ids: Record<DemoUserKey, string>;

beforeAll(async () => {
  ctx = await createTestApp({
    demoWorld: { cardScale: 0.05 },
    env: { RATE_LIMIT_MAX: '1000000', LOGIN_RATE_LIMIT: '1000000', RESET_RATE_LIMIT: '1000000' },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0.05 });
}, 120_000);
afterAll(async () => ctx?.close());

/** Roles tried in turn until one may call the route (so the bad input reaches its handler). */
const ROLES: DemoUserKey[] = ['om1', 'admin', 'finance', 'payment', 'merchant'];

describe('the route table under hostile input', () => {
  it('no route answers 500 to a NUL byte, a lone surrogate, an impossible date or a huge amount', async () => {
    const spec = ctx.app.swagger() as unknown as OpenApi;
    const failures: string[] = [];
    let attempts = 0;
    let refusedByField = 0;
    let routes = 0;
    const statuses = new Map<number, number>();
    for (const [route, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const upper = method.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
        // Signing out ends the session the next attempt would use; its body has nothing to store.
        if (route === '/api/auth/signout') continue;
        routes += 1;
        for (const attempt of attemptsOf(upper, route, operation)) {
          let status = 0;
          let body = '';
          for (const role of ROLES) {
            const headers = await sessionHeaders(ctx, ids[role], { companyId: 'C1001' });
            const response = await ctx.app.inject({
              method: upper as 'GET',
              url: attempt.url,
              headers: { ...headers, companyid: 'C1001', culture: 'en-us' },
              ...(attempt.part === 'body' ? { payload: attempt.value as object } : {}),
            });
            status = response.statusCode;
            body = response.body;
            if (status !== 401 && status !== 403) break;
          }
          attempts += 1;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const label = `${upper} ${attempt.url.split('?')[0]} ${attempt.part}.${attempt.field} (${attempt.kind})`;
          if (status >= 500) failures.push(`${label}: ${status} ${body.slice(0, 200)}`);
          // Unsafe text is refused before any handler, naming the field (or the route was closed to
          // every role, or its own rate limit answered first).
          if (attempt.mustRefuse && ![400, 401, 403, 429].includes(status)) {
            failures.push(`${label}: ${status} instead of 400`);
          }
          if (attempt.mustRefuse && status === 400 && attempt.part !== 'path') {
            const parsed = JSON.parse(body) as {
              fields?: { field: string; message: string }[];
              error_description?: string;
            };
            const fields = parsed.fields ?? [];
            // The public API's token endpoint answers as RFC 6749 §5.2 says (ADR 034), naming the
            // refused field in its description; every other route in the portal's error body.
            const named =
              (label.startsWith('POST /api/public/v1/oauth/') &&
                (parsed.error_description ?? '').includes(attempt.field)) ||
              fields.some(
                (field) =>
                  field.message.startsWith('The text contains characters that are not allowed') &&
                  field.field.endsWith(attempt.field),
              );
            if (!named) failures.push(`${label}: 400 without the field named (${body.slice(0, 200)})`);
          }
          // A huge amount or an impossible date is refused by its own field's schema, or it got past
          // it and then did no harm (no 500 above): count which, so the figure shows what was reached.
          if (!attempt.mustRefuse && status === 400) {
            const fields = (JSON.parse(body) as { fields?: { field: string }[] }).fields ?? [];
            if (fields.some((field) => field.field.endsWith(attempt.field))) refusedByField += 1;
          }
        }
      }
    }
    process.stdout.write(
      `route table: ${routes} operations, ${attempts} hostile requests (${refusedByField} dates and amounts refused by their own field), statuses ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
    expect(routes).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  }, 600_000);
});
