/**
 * The OpenAPI document of the app as the route tests walk it, and a plausible value of a schema
 * (enough for a request to get past its other fields to the guard and the handler).
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  minLength?: number;
  default?: unknown;
};
export type Parameter = {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export const UUID = '6f1c2b1e-8d2a-4c1b-9a53-0e6d2b7f4a10';

/** A plausible value of a schema: enough for the route to get past its other fields. */
export function sample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined && schema.default !== null) return schema.default;
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((option) => option.type !== 'null') ?? options[0]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return UUID;
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00.000Z';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [sample(schema.items)];
    case 'object':
    case undefined:
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    default:
      return null;
  }
}

/** A request of an operation with every parameter and the body sampled from their schemas. */
export function sampleRequest(
  route: string,
  operation: Operation,
): { url: string; payload: object | undefined } {
  const parameters = operation.parameters ?? [];
  const valueOf = (where: Parameter['in']) =>
    Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, sample(p.schema)]));
  const pathValues = valueOf('path');
  const pathname = route.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(pathValues[name] ?? 'x')),
  );
  const search = Object.entries(valueOf('query'))
    .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return {
    url: search ? `${pathname}?${search}` : pathname,
    payload: bodySchema ? (sample(bodySchema) as object) : undefined,
  };
}
