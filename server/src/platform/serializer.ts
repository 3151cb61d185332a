import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/** JSON Schema keywords that only check a value: fast-json-stringify writes the value as it is. */
const CHECKS_ONLY = new Set([
  '$schema',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'description',
  'title',
  'examples',
]);

const isPlainType = (schema: JsonSchema): boolean =>
  Object.keys(schema).every((key) => key === 'type') &&
  (typeof schema.type === 'string' || Array.isArray(schema.type));

/**
 * The schema fast-json-stringify needs to write a value: what only checks a value left out, and a
 * union of plain types (`string | null`, what zod's `.nullable()` gives) made one `type` list, so
 * that writing it needs no validation to choose a branch. Unions of objects stay (their `const`
 * and `enum` tell the branches apart).
 */
export function writingSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(writingSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (CHECKS_ONLY.has(key)) continue;
    out[key] =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, sub]) => [name, writingSchema(sub)]),
          )
        : writingSchema(value);
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const branches = out[union] as JsonSchema[] | undefined;
    if (!branches) continue;
    if (Object.keys(out).length === 1 && branches.every(isPlainType)) {
      return { type: [...new Set(branches.flatMap((branch) => [branch.type].flat()))] };
    }
    // Other unions keep their branches whole: fast-json-stringify picks a branch by validating
    // the value against them, and should pick the one zod picks.
    out[union] = (schema as JsonSchema)[union];
  }
  return out;
}

/**
 * Responses written from their schema (issue 36 §3, ADR 053): each route's zod response schema is
 * turned into JSON Schema once, on the route's first answer, and compiled by fast-json-stringify
 * (Fastify's own serializer), instead of a zod parse and `JSON.stringify` per answer. A schema JSON
 * Schema cannot say (a transform, a date object) keeps the zod path. With `check` on (the test
 * suite), every answer is written both ways and a difference fails the request: the suite proves on
 * every route it calls that the fast path writes what zod would, and that zod accepts the answer.
 */
export function createResponseSerializerCompiler(options: {
  check: boolean;
  /** The writer compiled from a JSON Schema (tests give a faulty one to see the check catch it). */
  writerOf?: (schema: unknown) => Serialize;
}): FastifySerializerCompiler<z.ZodType> {
  const writerOf =
    options.writerOf ??
    ((schema: unknown) => fastJson(schema as Parameters<typeof fastJson>[0]) as Serialize);
  const zodCompiler = createSerializerCompiler();
  return (route) => {
    const viaZod = zodCompiler(route) as Serialize;
    let chosen: Serialize | undefined;
    const choose = (): Serialize => {
      try {
        const json = z.toJSONSchema(route.schema, {
          io: 'output',
          unrepresentable: 'throw',
          target: 'draft-07',
        });
        const fast = writerOf(writingSchema(json));
        if (!options.check) return fast;
        return (data) => {
          const expected = viaZod(data);
          const written = fast(data);
          if (!sameJson(expected, written)) {
            throw new Error(
              `the fast serializer of ${route.method} ${route.url} wrote ${written.slice(0, 400)} where zod wrote ${expected.slice(0, 400)}`,
            );
          }
          return written;
        };
      } catch {
        return viaZod;
      }
    };
    return (data: unknown) => (chosen ??= choose())(data);
  };
}

/** Whether two JSON texts hold the same value (key order aside). */
function sameJson(a: string, b: string): boolean {
  return canonical(JSON.parse(a)) === canonical(JSON.parse(b));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
