import Fastify from 'fastify';
import fastJson from 'fast-json-stringify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, writingSchema } from './serializer';

const Row = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  balanceCents: z.number().int(),
  replacedBy: z.uuid().nullable(),
  kind: z.discriminatedUnion('type', [
    z.object({ type: z.literal('card'), last4: z.string() }),
    z.object({ type: z.literal('voucher'), code: z.string() }),
  ]),
  note: z.string().optional(),
});
const Page = z.object({ success: z.literal(true), rows: z.array(Row), total: z.number().int() });

const row = {
  id: '0a1b2c3d-1111-4222-8333-444455556666',
  name: 'Γιάννης',
  balanceCents: 1234,
  replacedBy: null,
  kind: { type: 'voucher', code: 'V-1' },
  secret: 'never written',
};

async function appWith(check: boolean, schema: z.ZodType, answer: () => unknown) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer());
  await app.ready();
  return app;
}

describe('answers written from their schema', () => {
  it('leave out what only checks a value and make `X | null` one type list', () => {
    const json = writingSchema(z.toJSONSchema(Row, { io: 'output', target: 'draft-07' })) as {
      properties: Record<string, unknown>;
    };
    expect(json.properties.id).toEqual({ type: 'string' });
    expect(json.properties.replacedBy).toEqual({ type: ['string', 'null'] });
    expect(JSON.stringify(json)).not.toMatch(/pattern|format|minLength|\$schema/);
    // A union of objects keeps its branches and the literals that tell them apart.
    expect(JSON.stringify(json.properties.kind)).toContain('"const":"voucher"');
  });

  it('write what zod writes, without the fields the schema does not declare', async () => {
    const answer = {
      success: true,
      rows: [row, { ...row, replacedBy: row.id, kind: { type: 'card', last4: '1234' }, note: 'n' }],
      total: 2,
    };
    const fast = await appWith(false, Page, () => answer);
    const checked = await appWith(true, Page, () => answer);
    const one = await fast.inject({ method: 'GET', url: '/x' });
    const two = await checked.inject({ method: 'GET', url: '/x' });
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(one.json()).toEqual(two.json());
    expect(one.body).not.toContain('never written');
    expect(one.json().rows[1]).toMatchObject({
      replacedBy: row.id,
      kind: { type: 'card', last4: '1234' },
      note: 'n',
    });
    await Promise.all([fast.close(), checked.close()]);
  });

  it('in check mode fail an answer the two writers disagree on, and not otherwise', async () => {
    // A writer that loses a field: the check must catch it; without the check it goes out.
    const lossy = (schema: unknown) => {
      const write = fastJson(schema as Parameters<typeof fastJson>[0]);
      return (data: unknown) => write({ ...(data as object), total: 0 });
    };
    const answer = () => ({ success: true, rows: [row], total: 1 });
    for (const check of [true, false]) {
      const app = Fastify({ logger: false });
      app.setSerializerCompiler(createResponseSerializerCompiler({ check, writerOf: lossy }));
      app.get('/x', { schema: { response: { 200: Page } } }, async () => answer());
      const response = await app.inject({ method: 'GET', url: '/x' });
      expect(response.statusCode).toBe(check ? 500 : 200);
      await app.close();
    }
    // The real writer passes the same check.
    const app = await appWith(true, Page, answer);
    expect((await app.inject({ method: 'GET', url: '/x' })).json().total).toBe(1);
    await app.close();
  });

  it('keep zod for a schema JSON Schema cannot say (a date object)', async () => {
    const app = await appWith(false, z.object({ at: z.date() }), () => ({
      at: new Date(Date.UTC(2026, 10, 29)),
    }));
    const response = await app.inject({ method: 'GET', url: '/x' });
    expect(response.json()).toEqual({ at: '2026-11-29T00:00:00.000Z' });
    await app.close();
  });
});
