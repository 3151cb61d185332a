import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi';

/**
 * Requests generated from a route's own schemas (issue 20 §2): values the schema allows, at and past
 * its bounds, and hostile ones in any leaf — huge and unicode strings, NUL bytes, NaN and infinities
 * as text, negative and huge amounts, nested junk, the wrong type. The OpenAPI document (made from
 * the routes' zod schemas) is the source, so a new route is fuzzed without a line written for it.
 */

type Schema = JsonSchema & {
  maxLength?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  pattern?: string;
  additionalProperties?: boolean | Schema;
};

const HUGE_TEXT = 'x'.repeat(70_000);

/** Values no schema of the portal should let through, or that must not hurt it if one does. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    ' ',
    HUGE_TEXT,
    '\u0000',
    'half \uD800 pair',
    '💳'.repeat(500),
    'NaN',
    'Infinity',
    '-1',
    '1e999',
    '9007199254740993',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '2026-02-30',
    '0000-00-00',
    -1,
    0,
    -9_007_199_254_740_991,
    9_007_199_254_740_991,
    1e308,
    0.5,
    true,
    null,
    [],
    {},
    { a: { b: { c: { d: [1, [2, [3, [4]]]] } } } },
    Array.from({ length: 2_000 }, (_, index) => index),
  ),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A value of the schema: valid mostly, at its bounds often, and now and then a hostile one. */
export function arbitraryOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const valid = validOf(schema ?? {}, depth);
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: hostile, weight: 1 });
}

function validOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0)
    return fc.oneof(...options.map((option) => validOf(option as Schema, depth)));
  if (schema.allOf && schema.allOf.length > 0) {
    return fc
      .tuple(...schema.allOf.map((part) => validOf(part as Schema, depth)))
      .map((parts) => Object.assign({}, ...parts.filter((part) => typeof part === 'object')) as unknown);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['object'];
  return fc.oneof(...types.map((type) => ofType(type, schema, depth)));
}

function ofType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e9);
      const low = Math.max(Math.ceil(Math.min(min, max)), -Number.MAX_SAFE_INTEGER);
      const high = Math.min(Math.floor(Math.max(min, max)), Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.integer({ min: low, max: high }),
        // The bounds and just past them.
        fc.constantFrom(low, high, low - 1, high + 1),
      );
    }
    case 'string':
      return stringOf(schema);
    case 'array': {
      const maxItems = Math.min(schema.maxItems ?? 5, 5);
      const items = depth > 3 ? fc.constant('x') : arbitraryOf(schema.items as Schema | undefined, depth + 1);
      return fc.array(items, { minLength: Math.min(schema.minItems ?? 0, maxItems), maxLength: maxItems });
    }
    default: {
      if (depth > 4) return fc.constant({});
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      return fc
        .record(
          Object.fromEntries(
            properties.map(([key, value]) => [key, arbitraryOf(value as Schema, depth + 1)]),
          ),
          // Required fields mostly there; any may be missing now and then.
          { requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)) },
        )
        .chain((value) =>
          fc.boolean().map((drop) => {
            if (!drop || properties.length === 0) return value;
            const copy: Record<string, unknown> = { ...value };
            delete copy[properties[0]![0]];
            return copy;
          }),
        );
    }
  }
}

function stringOf(schema: Schema): fc.Arbitrary<unknown> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(fc.uuid(), fc.constant('6f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a10'));
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constant('someone@example.com'));
    case 'date':
      return fc
        .date({ min: new Date('1899-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('1899-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
        .map((date) => date.toISOString());
    default: {
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? 40, 200);
      return fc.oneof(
        fc.string({ minLength: Math.min(min, max), maxLength: max }),
        fc.string({ unit: 'grapheme', minLength: Math.min(min, max), maxLength: max }),
        // The length bounds and one past them.
        fc.constantFrom('α'.repeat(Math.max(min, 1)), 'β'.repeat(max), 'γ'.repeat(max + 1)),
      );
    }
  }
}

export type FuzzRequest = {
  url: string;
  payload: unknown;
  /** A body sent as the wrong content type (the route must refuse it, not fail). */
  contentType: 'application/json' | 'text/plain' | 'application/x-www-form-urlencoded';
  culture: 'el-gr' | 'en-us';
};

/** Percent-encodes a value; half a surrogate pair goes as its raw (invalid) UTF-8 bytes. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text
    .split(/([\uD800-\uDFFF])/)
    .map((part) => (/^[\uD800-\uDFFF]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** Requests of one operation: every path and query parameter and the body from their schemas. */
export function requestsOf(route: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema as Schema | undefined;
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((parameter) => arbitraryOf(parameter.schema as Schema))),
      query: fc.tuple(
        ...queryParameters.map((parameter) =>
          fc.option(arbitraryOf(parameter.schema as Schema), { nil: undefined }),
        ),
      ),
      body: bodySchema ? arbitraryOf(bodySchema) : fc.constant(undefined),
      contentType: fc.constantFrom<FuzzRequest['contentType']>(
        'application/json',
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
      culture: fc.constantFrom<FuzzRequest['culture']>('el-gr', 'en-us'),
    })
    .map(({ path, query, body, contentType, culture }) => {
      let index = 0;
      const pathname = route.replace(/\{(\w+)\}/g, () => encode(path[index++] ?? 'x'));
      const search = queryParameters
        .map((parameter, position) => [parameter.name, query[position]] as const)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${encode(name)}=${encode(value)}`)
        .join('&');
      return {
        url: search ? `${pathname}?${search}` : pathname,
        payload: body,
        contentType: bodySchema ? contentType : 'application/json',
        culture,
      };
    });
}
