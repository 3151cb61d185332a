import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installSecurityHeaders, securityHeadersOf } from './security-headers';

describe('security headers', () => {
  it("are helmet's, worked out once, the HSTS only when asked", () => {
    const plain = securityHeadersOf({ hsts: false });
    expect(plain['content-security-policy']).toContain("default-src 'self'");
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(securityHeadersOf({})['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('go whole on documents and API answers, and only those that apply on built files', async () => {
    const app = Fastify({ logger: false });
    installSecurityHeaders(app, {}, (url) => url.startsWith('/assets/'));
    app.get('/api/thing', async () => ({ ok: true }));
    app.get('/assets/app-1.js', async (_request, reply) => reply.type('text/javascript').send('1'));
    const api = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
    expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(api.headers['x-request-id']).toBeTruthy();
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-request-id']).toBeTruthy();
    await app.close();
  });

  it('go lean on a health probe: a built file’s set and a CSP that allows nothing', async () => {
    const app = Fastify({ logger: false });
    installSecurityHeaders(app, {});
    app.get('/api/health', { config: { probe: true } }, async () => ({ ok: true }));
    app.get('/api/other', async () => ({ ok: true }));
    const probe = await app.inject({ method: 'GET', url: '/api/health' });
    expect(probe.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(probe.headers['x-content-type-options']).toBe('nosniff');
    expect(probe.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(probe.headers['x-frame-options']).toBeUndefined();
    expect(probe.headers['x-request-id']).toBeTruthy();
    const other = await app.inject({ method: 'GET', url: '/api/other' });
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
