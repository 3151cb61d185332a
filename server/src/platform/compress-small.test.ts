import { brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, installSmallAnswerCompression } from './compress-small';

/** Issue 36 §3: answers of 1–64 KB compressed at once, larger ones by the plugin's streams. */
let app: FastifyInstance;
const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index,
    holder: `Κάτοχος ${index}`,
    balanceCents: index * 7,
  }));

beforeAll(async () => {
  app = Fastify({ logger: false });
  installSmallAnswerCompression(app);
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
  });
  app.get('/small', async () => ({ rows: rows(3) }));
  app.get('/page', async (_request, reply) => reply.header('vary', 'origin').send({ rows: rows(300) }));
  app.get('/large', async () => ({ rows: rows(5000) }));
  app.get('/image', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(10_000, 1)));
  await app.ready();
});
afterAll(async () => app.close());

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressing answers', () => {
  it('compresses a page-sized answer at once in brotli or gzip, as accepted, adding to vary', async () => {
    const plain = await get('/page');
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body.length).toBeLessThan(64 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/page', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('origin, accept-encoding');
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);

    const gzip = await get('/page', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    expect((await get('/page', 'identity')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers and other types alone, and larger ones to the plugin', async () => {
    expect((await get('/small', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/image', 'br')).headers['content-encoding']).toBeUndefined();
    const large = await get('/large', 'br');
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).rows).toHaveLength(5000);
  });

  it('reads the accepted encodings as HTTP writes them', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
