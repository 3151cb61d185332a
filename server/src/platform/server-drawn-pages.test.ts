import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/browser';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  demoWorldTestFile,
  signInThroughProvider,
} from '../../test/tenant-helper';

/**
 * Pages the server draws part of (ADR 054 and its amendments, issue 36 §7). `/user/login` opened as
 * a document without an interaction, an error other than `SessionRequired` or a session: the server
 * starts the sign-in and the provider's interaction itself, and the page comes with the provider's
 * cookies, its interaction and the form's title and summary: no round trip through the provider.
 * The form, an error to explain and a signed-in visitor get the page as it is. `/` and `/en` for a
 * visitor: the home page's hero.
 */
const DIST = path.resolve(`.tmp/test-sign-in-page-${process.pid}`);
mkdirSync(DIST, { recursive: true });
writeFileSync(
  path.join(DIST, 'index.html'),
  '<!doctype html><html lang="el"><head><meta charset="UTF-8" /><title>Tessera</title></head><body><div id="root">' +
    '<main class="tessera-container tessera-main"><p role="status">Loading…</p></main></div></body></html>',
);
const world = demoWorldTestFile({ env: { WEB_DIST: DIST, LOGIN_RATE_LIMIT: '1000' } });
afterAll(() => rmSync(DIST, { recursive: true, force: true }));

const isPage = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
  response.statusCode === 200 &&
  String(response.headers['content-type']).startsWith('text/html') &&
  response.body.includes('<div id="root">');

/** The interaction the page names, if it names one. */
const interactionOf = (body: string) =>
  /<meta name="tessera-interaction" content="([^"]+)" \/>/.exec(body)?.[1] ?? null;

describe('the sign-in page as a document', () => {
  it('comes with the interaction the server started at the provider, in English, then goes where it was going', async () => {
    const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const start = await browser.get('/en/user/login?callbackUrl=%2Fen%2Fcard-list');
    expect(isPage(start), start.body).toBe(true);
    expect(start.headers['cache-control']).toBe('no-store');
    expect(start.body).toContain('<html lang="en">');
    // The form's title and summary are in the page, from the sign-in page's texts.
    const texts = await world.ctx.app.services.content.getPage('login', 'en');
    expect(start.body).toContain(`id="auth-title" `);
    expect(start.body).toContain(`>${texts.title}</h1><p class="tessera-auth__summary`);
    expect(start.body).not.toContain('Loading…');
    const uid = interactionOf(start.body);
    expect(uid).toMatch(/^[A-Za-z0-9_-]+$/);
    // The portal's pending sign-in for its callback, and the provider's interaction cookies.
    const pending = start.cookies.find((cookie) => cookie.name === 'tessera.signin');
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/callback/tessera' });
    expect(start.cookies.find((cookie) => cookie.name === 'tessera.op.interaction')).toMatchObject({
      httpOnly: true,
    });
    // The interaction is the provider's, in English, of the portal's PKCE request.
    const [row] = (
      await world.ctx.database.pool.query<{ payload: { params: Record<string, string> } }>(
        `select payload from oidc_payloads where type = 'Interaction' and id = $1`,
        [uid],
      )
    ).rows;
    expect(row!.payload.params).toMatchObject({
      ui_locales: 'en',
      code_challenge_method: 'S256',
      prompt: 'login',
    });

    // The form signs in with the cookies the page came with, and the flow ends where it was going.
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

  it('starts towards the Greek home when opened without a destination, and for a guard that asked for a session', async () => {
    for (const url of ['/user/login', '/user/login?error=SessionRequired&callbackUrl=%2Forders']) {
      const browser = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
      const start = await browser.get(url);
      expect(isPage(start), url).toBe(true);
      expect(start.body, url).toContain('<html lang="el">');
      expect(interactionOf(start.body), url).not.toBeNull();
      const texts = await world.ctx.app.services.content.getPage('login', 'el');
      expect(start.body, url).toContain(`>${texts.title}</h1>`);
    }
  });

  it('another browser cannot use the interaction without its cookies', async () => {
    const owner = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const uid = interactionOf((await owner.get('/user/login')).body);
    const stranger = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    const login = await stranger.post(`/api/v2/identity/interaction/${uid}/login`, {
      email: DEMO_USERS.om1.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).not.toBe(200);
  });

  it('gives the page as it is to the form, to an error it must explain, and to a signed-in visitor', async () => {
    const stranger = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    for (const url of ['/user/login?uid=abc', '/user/login?error=Refused', '/en/user/login?error=Expired']) {
      const page = await stranger.get(url);
      expect(isPage(page), url).toBe(true);
      expect(interactionOf(page.body), url).toBeNull();
      expect(page.body, url).toContain('Loading…');
    }
    const { browser } = await signInThroughProvider(world.ctx, DEMO_USERS.finance.email, DEMO_PASSWORD);
    const page = await browser.get('/user/login');
    expect(isPage(page)).toBe(true);
    expect(interactionOf(page.body)).toBeNull();
  });
});

describe('the home page as a document', () => {
  it("draws the home page's hero for a visitor, in each language, and leaves a signed-in user's to the app", async () => {
    const visitor = new TestBrowser(world.ctx.app, world.ctx.config.publicUrl);
    for (const [url, locale] of [
      ['/', 'el'],
      ['/en', 'en'],
    ] as const) {
      const page = await visitor.get(url);
      expect(isPage(page), url).toBe(true);
      const texts = await world.ctx.app.services.content.getPage('home', locale);
      expect(page.body, url).toContain('<main class="tessera-container tessera-main" data-server-drawn="">');
      expect(page.body, url).toContain(`${texts.title}</h1><p class="tessera-page-header__summary`);
      expect(page.body, url).toContain(`>${texts.summary}</p>`);
      expect(page.body, url).not.toContain('Loading…');
    }
    const { browser } = await signInThroughProvider(world.ctx, DEMO_USERS.merchant.email, DEMO_PASSWORD);
    const page = await browser.get('/');
    expect(isPage(page)).toBe(true);
    expect(page.body).not.toContain('data-server-drawn');
    expect(page.body).toContain('Loading…');
  });
});
