import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexHtmlFor, installSpa } from './spa';

/**
 * Issue 17: built files go out compressed as the build wrote them (`.br`, `.gz` beside each file),
 * chosen by the request's accept-encoding, with the cache headers of their kind.
 */

const DIST = path.resolve('.tmp/test-spa-dist');
const SCRIPT = `export const greeting = ${JSON.stringify('Καλημέρα '.repeat(400))};\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
let app: FastifyInstance;

beforeAll(async () => {
  await mkdir(path.join(DIST, 'assets'), { recursive: true });
  await writeFile(path.join(DIST, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const asset = path.join(DIST, 'assets', 'index-Ab12Cd34.js');
  await writeFile(asset, SCRIPT);
  await writeFile(`${asset}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${asset}.gz`, gzipSync(SCRIPT));
  await writeFile(
    path.join(DIST, 'my.html'),
    '<!doctype html><html lang="el"><head><title>x</title><meta name="description" content="x" />' +
      '<link rel="manifest" href="/my.el.webmanifest" /></head><body><a class="brand" data-my="home" href="/my">T</a>' +
      '<a class="lang" data-my="lang" href="/en/my" lang="en">English</a><h1 data-my="heading">Οι κάρτες μου</h1></body></html>',
  );
  await writeFile(path.join(DIST, 'my-sw.js'), 'self.addEventListener("fetch", () => {});\n');
  const manifest = path.join(DIST, 'site.webmanifest');
  const manifestText = JSON.stringify({ name: 'Tessera', description: 'x'.repeat(2000) });
  await writeFile(manifest, manifestText);
  await writeFile(`${manifest}.gz`, gzipSync(manifestText));
  app = Fastify({ logger: false });
  expect(await installSpa(app, DIST)).toBe(true);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(DIST, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('built assets', () => {
  it('sends a hashed script as brotli to a client that accepts it, cached for a year', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file itself to a client that accepts neither, or says nothing', async () => {
    for (const acceptEncoding of ['identity', undefined]) {
      const response = await get('/assets/index-Ab12Cd34.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('keeps files outside /assets revalidated, compressed too', async () => {
    const gzipped = await get('/site.webmanifest', 'br, gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['cache-control']).toBe('no-cache');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    const plain = await get('/site.webmanifest');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the compressed siblings as pages of their own', async () => {
    const response = await get('/site.webmanifest.gz');
    expect(response.statusCode).toBe(404);
  });
});

describe('beside @fastify/compress (API responses above 1 KB)', () => {
  it('sends the precompressed file as the build wrote it: compressed once, with its cache header', async () => {
    const withCompress = Fastify({ logger: false });
    await withCompress.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
    await installSpa(withCompress, DIST);
    await withCompress.ready();
    try {
      const headers = { 'accept-encoding': 'br, gzip' };
      const script = await withCompress.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js', headers });
      expect(script.headers['content-encoding']).toBe('br');
      expect(script.headers['cache-control']).toBe(IMMUTABLE);
      expect(brotliDecompressSync(script.rawPayload).toString()).toBe(SCRIPT);
      const gzipOnly = await withCompress.inject({
        method: 'GET',
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(SCRIPT);
    } finally {
      await withCompress.close();
    }
  });
});

describe('the cardholder area (issue 35 §6, ADR 048)', () => {
  it('has its own page in each language under /my and /en/my, and the portal elsewhere', () => {
    const greek = indexHtmlFor(app, '/my/cards/abc?x=1')!;
    expect(greek).toContain('<html lang="el">');
    expect(greek).toContain('href="/my.el.webmanifest"');
    expect(greek).toContain('>Οι κάρτες μου</h1>');
    expect(greek).toContain('href="/en/my" lang="en">English<');
    const english = indexHtmlFor(app, '/en/my')!;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<title>Tessera · My cards</title>');
    expect(english).toContain('href="/my.en.webmanifest"');
    expect(english).toContain('data-my="home" href="/en/my"');
    expect(english).toContain('href="/my" lang="el">Ελληνικά<');
    expect(english).toContain('>My cards</h1>');
    expect(indexHtmlFor(app, '/en/my/stores')).toBe(english);
    expect(indexHtmlFor(app, '/mystery')).not.toContain('data-my');
    expect(indexHtmlFor(app, '/en/cards')).not.toContain('data-my');
  });

  it('lets its service worker, served from the root, control /my and /en/my', async () => {
    const response = await get('/my-sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
