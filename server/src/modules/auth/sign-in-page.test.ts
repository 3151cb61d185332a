import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  demoWorldTestFile,
  signInThroughProvider,
} from '../../../test/tenant-helper';

/**
 * `/user/login` opened as a document (ADR 054, issue 36 §7): without an interaction, an error or a
 * session the server starts the sign-in itself and the browser goes straight to the provider; the
 * form, an error to explain and a signed-in visitor get the page.
 */
const DIST = path.resolve(`.tmp/test-sign-in-page-${process.pid}`);
mkdirSync(DIST, { recursive: true });
writeFileSync(
  path.join(DIST, 'index.html'),
  '<!doctype html><html lang="el"><head><meta charset="UTF-8" /><title>Tessera</title></head><body><div id="root">SPA</div></body></html>',
);
const world = demoWorldTestFile({ env: { WEB_DIST: DIST, LOGIN_RATE_LIMIT: '1000' } });
afterAll(() => rmSync(DIST, { recursive: true, force: true }));

const isPage = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
  response.statusCode === 200 &&
  String(response.headers['content-type']).startsWith('text/html') &&
  response.body.includes('<div id="root">');

describe('the sign-in page as a document', () => {
  it('starts the sign-in on the server and comes back to the form, in English, then where it was going', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const start = await browser.get('/en/user/login?callbackUrl=%2Fen%2Fcard-list');
    expect(start.statusCode).toBe(302);
    expect(start.headers['cache-control']).toBe('no-store');
    const authorize = new URL(start.headers.location as string);
    expect(authorize.pathname).toBe('/api/v2/identity/oidc/auth');
    expect(authorize.searchParams.get('ui_locales')).toBe('en');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const pending = start.cookies.find((cookie) => cookie.name === 'tessera.signin');
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/callback/tessera' });

    const provider = await browser.get(start.headers.location as string);
    expect(provider.statusCode).toBe(303);
    const form = await browser.get(provider.headers.location as string);
    expect(new URL(provider.headers.location as string, world.ctx.config.publicUrl).pathname).toBe(
      '/en/user/login',
    );
    expect(isPage(form)).toBe(true);
    expect(form.body).toContain('<html lang="en">');

    const uid = new URL(provider.headers.location as string, world.ctx.config.publicUrl).searchParams.get(
      'uid',
    );
    const login = await browser.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: DEMO_USERS.om1.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    const resume = await browser.get(login.json<{ redirectTo: string }>().redirectTo);
    const callback = await browser.get(resume.headers.location as string);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${world.ctx.config.publicUrl}/en/card-list`);
  });

  it('starts towards the Greek home when opened without a destination', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const start = await browser.get('/user/login');
    expect(start.statusCode).toBe(302);
    expect(new URL(start.headers.location as string).searchParams.get('ui_locales')).toBe('el');
  });

  it('gives the page to the form, to an error it must explain, and to a signed-in visitor', async () => {
    const stranger = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    for (const url of [
      '/user/login?uid=abc',
      '/user/login?error=Refused',
      '/en/user/login?error=SessionRequired&callbackUrl=%2Fen%2Forders',
    ]) {
      expect(isPage(await stranger.get(url)), url).toBe(true);
    }
    const { browser } = await signInThroughProvider(world.ctx, DEMO_USERS.finance.email, DEMO_PASSWORD);
    expect(isPage(await browser.get('/user/login'))).toBe(true);
  });
});
