import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isProviderRole, type RoleId } from '../domain/src/roles';
import { STEP_UP_MINUTES } from '../domain/src/second-factor';
import { demoTotpCode } from '../server/src/db/seed/demo-second-factor';
import { copyOfSeed, SERVER_START_TIMEOUT_MS, startServer } from './server';

export { expect };

/**
 * Full-page screenshots for people to look at; nothing compares them, so CI, where nobody looks,
 * takes none (about 150 a run; ADR 038, round four): `E2E_SCREENSHOTS=1` takes them there too.
 */
const TAKE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Screenshots land in `.tmp/screenshots/` to be looked at; they are not compared. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync('.tmp/screenshots', { recursive: true });
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true });
}

/**
 * An axe scan of the page as it is: no serious or critical violation is allowed (ARCHITECTURE §8).
 *
 * axe-core runs in the page itself, loaded once per document: a journey that moves through the app
 * without a full load scans every page with the same copy. (@axe-core/playwright's `analyze()`
 * injected axe again for every scan and opened a second page to finish each one: 2.2 s a scan here
 * against 0.4 s, about 60 scans a run; ADR 038, round five.) Every WCAG 2.0/2.1 A and AA rule
 * runs, as before; frames are not entered: the only ones the portal shows are YouTube's and Vimeo's
 * players, which are not ours to fix and never load on this closed network (the `<iframe>` elements
 * themselves are still checked, for a title).
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = severe.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

type Violation = { id: string; impact?: string | null; nodes: { target: string[] }[] };

async function axeViolations(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, {
      runOnly: { type: 'tag', values: tags },
      // Every rule of the tags runs; only the violations are gathered in full, as only they are read.
      resultTypes: ['violations'],
      iframes: false,
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String) })),
    }));
  }, AXE_TAGS);
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// ------------------------------------------------------------------------------------------------
// One server per worker

type Tessera = { baseURL: string };

/** The current worker's server address: `signInAs` and `signedInState` are plain functions. */
let workerBaseURL: string | undefined;

function baseURLOfWorker(): string {
  if (!workerBaseURL) throw new Error('the worker has no server: import `test` from ./fixtures');
  return workerBaseURL;
}

/**
 * Starts the worker's own server on its own copy of the run's seeded database (a file runs wholly
 * in one worker) and stops it at the worker's end. A worker that restarts after a failure gets a
 * fresh copy.
 */
async function runServer(root: string, use: (tessera: Tessera) => Promise<void>): Promise<void> {
  const copy = copyOfSeed(root);
  try {
    const server = await startServer(root, copy.dataDir);
    try {
      workerBaseURL = server.baseURL;
      await use({ baseURL: server.baseURL });
    } finally {
      workerBaseURL = undefined;
      await server.stop();
    }
  } finally {
    copy.remove();
  }
}

export const test = base.extend<object, { tessera: Tessera }>({
  tessera: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      const root = workerInfo.config.configFile ? path.dirname(workerInfo.config.configFile) : process.cwd();
      await runServer(root, use);
    },
    { scope: 'worker', auto: true, timeout: SERVER_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ tessera }, use) => {
    await use(tessera.baseURL);
  },
});

// ------------------------------------------------------------------------------------------------
// Signing in

/** Waits as long as a 429 answer's `Retry-After` says (the rate limits are raised for the journeys). */
export async function waitForRetryAfter(response: APIResponse | { headers(): Record<string, string> }) {
  const seconds = Number(response.headers()['retry-after'] ?? 60);
  await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(seconds) ? seconds : 60) * 1000 + 100));
}

/** Types the demo code on the sign-in's second step, with the next step's code if one was refused. */
export async function typeDemoCode(
  page: Page,
  email: string,
  text: { code: RegExp; verify: string },
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel(text.code).fill(await nextDemoCode(email));
    const answer = page.waitForResponse(
      (response) =>
        /\/interaction\/[^/]+\/second-factor$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    if ((await answer).status() === 200) return;
  }
  throw new Error(`the demo code of ${email} was refused`);
}

export const DEMO_PASSWORD = 'Tessera-2026';

/**
 * The last demo code step used per user by this worker: the server accepts a code once (issue 21),
 * and each worker has its own server.
 */
const usedDemoSteps = new Map<string, number>();

/**
 * A code of the demo staff's published second factor the server has not seen yet for `email`:
 * the current step's, else the next one's (accepted one step ahead), else after waiting for the
 * next step (a wait of the protocol; saved sign-ins keep it rare).
 */
export async function nextDemoCode(email: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const last = usedDemoSteps.get(email) ?? -1;
    for (const offset of [0, 1]) {
      if (step + offset > last) {
        usedDemoSteps.set(email, step + offset);
        return demoTotpCode(now, offset);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - now + 50));
  }
}

type Lang = 'el' | 'en';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

type SessionAnswer = {
  user?: { email: string; userRoleId: RoleId };
  companyId?: string;
  acting?: unknown;
};

/** A sign-in kept for reuse: cookies and localStorage right after it, and where it landed. */
type SavedSignIn = {
  state: StorageState;
  /** The landing page's path without the language prefix (`/`, `/merchant`). */
  landing: string;
  /** What the session said right after the sign-in. */
  session: SessionAnswer;
  /** When the sign-in's second-factor code was typed (provider staff and other enrolled users). */
  codeTypedAt: number | null;
};

/**
 * A session whose code is older than this is not reused: money and approval changes ask for a code
 * typed within STEP_UP_MINUTES (issue 21 §2), and a fresh sign-in would have given one. The margin
 * leaves a journey time to reach such a change.
 */
const FRESH_CODE_MS = (STEP_UP_MINUTES - 2) * 60_000;

/** Per worker (and so per server): the first full sign-in of each email. */
const savedSignIns = new Map<string, SavedSignIn>();

/** Says in the report how each sign-in was made. */
function note(description: string): void {
  test.info().annotations.push({ type: 'sign-in', description });
}

const keyOf = (email: string) => `${baseURLOfWorker()} ${email.toLowerCase()}`;

const withoutLanguage = (pathname: string) =>
  pathname === '/en' ? '/' : pathname.startsWith('/en/') ? pathname.slice(3) : pathname;

const inLanguage = (pathname: string, lang: Lang) =>
  lang === 'el' ? pathname : pathname === '/' ? '/en' : `/en${pathname}`;

async function sessionOf(state: StorageState): Promise<SessionAnswer> {
  const context = await playwrightRequest.newContext({ baseURL: baseURLOfWorker(), storageState: state });
  try {
    const response = await context.get('/api/auth/session');
    return response.ok() ? ((await response.json()) as SessionAnswer) : {};
  } finally {
    await context.dispose();
  }
}

/**
 * Whether a saved sign-in can stand for a new one: its session is alive for `email` (tests sign
 * out, revoke sessions, lock users and change passwords), and for provider staff it acts for the
 * same company as right after signing in (acting is kept in the session, not the browser).
 */
async function isReusable(saved: SavedSignIn, email: string): Promise<boolean> {
  if (saved.codeTypedAt !== null && Date.now() - saved.codeTypedAt > FRESH_CODE_MS) return false;
  const now = await sessionOf(saved.state);
  if (now.user?.email.toLowerCase() !== email.toLowerCase()) return false;
  if (!isProviderRole(now.user.userRoleId)) return true;
  return (
    (now.companyId ?? null) === (saved.session.companyId ?? null) &&
    JSON.stringify(now.acting ?? null) === JSON.stringify(saved.session.acting ?? null)
  );
}

/** Puts a saved sign-in's cookies and localStorage into the page's context. */
async function restore(page: Page, state: StorageState): Promise<void> {
  await page.context().addCookies(state.cookies);
  const origin = new URL(baseURLOfWorker()).origin;
  const items = state.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  // localStorage is per origin: set it from a page of the origin (a bare JSON answer) before the
  // portal boots, so the portal starts as it was right after the sign-in.
  await page.goto('/api/health');
  await page.evaluate((entries) => {
    window.localStorage.clear();
    for (const { name, value } of entries) window.localStorage.setItem(name, value);
  }, items);
}

const SIGN_IN_TEXT = {
  el: {
    password: /^Κωδικός πρόσβασης/,
    submit: 'Σύνδεση',
    profile: /^Μενού προφίλ/,
    code: /^Κωδικός επαλήθευσης/,
    verify: 'Επαλήθευση',
  },
  en: {
    password: /^Password/,
    submit: 'Sign in',
    profile: /^Profile menu/,
    code: /^Verification code/,
    verify: 'Verify',
  },
} as const;

/**
 * Signs in a demo user through the whole OpenID flow (login page → provider → callback) and waits
 * until the portal shows the profile menu. Retries when the sign-in rate limit answers 429. Returns
 * when the second factor's code was typed, if it was.
 */
async function fullSignIn(page: Page, email: string, lang: Lang, password: string): Promise<number | null> {
  const text = SIGN_IN_TEXT[lang];
  await page.goto(lang === 'el' ? '/user/login' : '/en/user/login');
  await page.waitForURL(/\/user\/login\?uid=/, { timeout: 15_000 });
  let codeTypedAt: number | null = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(text.password).fill(password);
    const answer = page.waitForResponse(
      (response) =>
        /\/interaction\/[^/]+\/login$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    const response = await answer;
    if (response.status() === 429) {
      await waitForRetryAfter(response);
      continue;
    }
    // Provider staff type the code of the demo's published second factor (issue 21, ADR 031).
    const body = (await response.json().catch(() => ({}))) as { next?: string };
    if (body.next === 'secondFactor') {
      await typeDemoCode(page, email, text);
      codeTypedAt = Date.now();
    }
    break;
  }
  await page.waitForURL((url) => !url.pathname.endsWith('/user/login'), { timeout: 15_000 });
  await expect(page.getByRole('button', { name: text.profile })).toBeVisible();
  return codeTypedAt;
}

/** Keeps the sign-in the page has just made for later `signInAs` calls of this worker. */
async function save(page: Page, email: string, codeTypedAt: number | null): Promise<SavedSignIn> {
  const state = await page.context().storageState();
  const saved = {
    state,
    landing: withoutLanguage(new URL(page.url()).pathname),
    session: await sessionOf(state),
    codeTypedAt,
  };
  savedSignIns.set(keyOf(email), saved);
  return saved;
}

/**
 * Signs a demo user in and waits until the portal shows the profile menu on the page the sign-in
 * lands on. The first time in a worker (and whenever the saved session has ended) through the whole
 * OpenID flow (login page → provider → callback, with the demo code for provider staff); after that
 * the saved cookies and localStorage of that sign-in are put into the page's context instead
 * (ARCHITECTURE §9: journeys reuse saved sign-in state).
 *
 * `fresh` always goes through the whole flow, for journeys whose subject is the sign-in itself (a
 * new session, a new browser, signing out); it is kept only when none is saved yet.
 */
export async function signInAs(
  page: Page,
  email: string,
  lang: Lang = 'el',
  password = DEMO_PASSWORD,
  options: { fresh?: boolean } = {},
): Promise<void> {
  const saved = savedSignIns.get(keyOf(email));
  if (!options.fresh && saved && (await isReusable(saved, email))) {
    note(`${email}: saved sign-in reused`);
    await restore(page, saved.state);
    await page.goto(inLanguage(saved.landing, lang));
    await expect(page.getByRole('button', { name: SIGN_IN_TEXT[lang].profile })).toBeVisible();
    return;
  }
  note(`${email}: ${options.fresh ? 'fresh' : saved ? 'saved one ended, full' : 'first'} sign-in`);
  const codeTypedAt = await fullSignIn(page, email, lang, password);
  if (!options.fresh || !saved) await save(page, email, codeTypedAt);
}

/**
 * The saved sign-in of `email` (cookies and localStorage) for `browser.newContext({ storageState })`
 * or an API context, signing in through the whole flow in a context of its own when there is none
 * alive.
 */
export async function signedInState(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const saved = savedSignIns.get(keyOf(email));
  if (saved && (await isReusable(saved, email))) {
    note(`${email}: saved sign-in reused`);
    return saved.state;
  }
  note(`${email}: ${saved ? 'saved one ended, full' : 'first'} sign-in`);
  const context = await browser.newContext({ baseURL: baseURLOfWorker() });
  try {
    const page = await context.newPage();
    const codeTypedAt = await fullSignIn(page, email, 'el', password);
    return (await save(page, email, codeTypedAt)).state;
  } finally {
    await context.close();
  }
}
