/**
 * `npm run bench -- lighthouse` (issue 36 §7, ADR 054): Lighthouse 12 over the portal's first
 * pages, as a phone on a slow network sees them. Mobile form factor, simulated throttling
 * (Lighthouse's defaults: slow 4G, 4× CPU slowdown), Debian's Chromium, performance only. Each page
 * is measured in rounds, one run of every page per round (interleaved, so a burst of load on the
 * shared machine touches every page alike), and each figure printed is the median of its runs.
 *
 * The pages: `/`, `/en`, `/user/login`, `/faqs` signed out; `/card-list` signed in as a demo company
 * user (order manager of one company); `/merchant` signed in as the demo merchant; the cardholder
 * home `/my` signed in as a demo cardholder (as `bench/lighthouse-my.ts` does). `/user/login` is
 * opened as a visitor opens it: the page starts the sign-in, the provider sends the browser back to
 * `/user/login?uid=…`, and the form is what Lighthouse measures.
 *
 * Targets (issue 36 "done when"): CLS ≤ 0.1 on every page; LCP ≤ 2.5 s and a performance score
 * ≥ 90 on `/user/login` and `/en`. Printed beside the figures, never asserted: a benchmark prints.
 *
 *   npm run bench -- lighthouse                 # builds what changed, starts its own server
 *   BASE=http://127.0.0.1:4600 npm run bench -- lighthouse   # a server already running (demo seed)
 *   ROUNDS=5 PAGES=/en,/user/login npm run bench -- lighthouse
 *   LIGHTHOUSE_REPORTS=.tmp/lighthouse npm run bench -- lighthouse   # keeps each run's JSON report
 *
 * Lighthouse is not a dependency (some 200 packages for a benchmark): `npx --yes lighthouse@12.8.2`
 * runs it, or the binary LIGHTHOUSE_BIN names; CHROME_PATH names the browser (`/usr/bin/chromium`).
 * The server is started as `npm start` starts it (`bench/server-process.ts`: the compiled bundle,
 * NODE_ENV=production), on PGlite in memory with the demo seed and the development mailbox (the
 * cardholder's sign-in code is read from it).
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/db/seed/demo';
import { median } from './figures';
import { cardholderCookie, demoCardholderEmail } from './lighthouse-my';
import { signIn } from './portal-sign-in';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { freePort, startServer, stop, waitFor } from './server-process';

const run = promisify(execFile);
const LIGHTHOUSE = process.env.LIGHTHOUSE_BIN
  ? [process.env.LIGHTHOUSE_BIN]
  : ['npx', '--yes', 'lighthouse@12.8.2'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

type Visitor = 'anonymous' | 'company' | 'merchant' | 'cardholder';
type Target = { lcpMs?: number; score?: number; cls: number };
type PageSpec = { path: string; visitor: Visitor; target: Target };

/** CLS ≤ 0.1 everywhere; the two first pages a visitor meets also have LCP and score targets. */
const EVERYWHERE: Target = { cls: 0.1 };
const FIRST_PAGES: Target = { cls: 0.1, lcpMs: 2500, score: 90 };

export const LIGHTHOUSE_PAGES: readonly PageSpec[] = [
  { path: '/', visitor: 'anonymous', target: EVERYWHERE },
  { path: '/en', visitor: 'anonymous', target: FIRST_PAGES },
  { path: '/user/login', visitor: 'anonymous', target: FIRST_PAGES },
  { path: '/faqs', visitor: 'anonymous', target: EVERYWHERE },
  { path: '/card-list', visitor: 'company', target: EVERYWHERE },
  { path: '/merchant', visitor: 'merchant', target: EVERYWHERE },
  { path: '/my', visitor: 'cardholder', target: EVERYWHERE },
];

/** The figures of one Lighthouse run. */
export type RunFigures = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  /** The elements that moved, largest shift first (Lighthouse's `layout-shifts` audit). */
  shifts: { score: number; element: string }[];
  load: number;
};

type LighthouseReport = {
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { score?: number; node?: { snippet?: string; selector?: string } }[] };
    }
  >;
};

/** The figures Lighthouse's JSON report gives for one run. */
export function figuresOf(report: LighthouseReport, load: number): RunFigures {
  const value = (audit: string) => report.audits[audit]?.numericValue ?? NaN;
  const shifts = (report.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
    score: item.score ?? 0,
    element: item.node?.selector ?? item.node?.snippet ?? '?',
  }));
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    siMs: value('speed-index'),
    shifts,
    load,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line per page: the median of each figure over its runs, and the targets beside them. */
export function describeRuns(spec: PageSpec, runs: readonly RunFigures[]): string {
  if (runs.length === 0) return `${spec.path.padEnd(12)} no run succeeded`;
  const of = (pick: (run: RunFigures) => number) => median(runs.map(pick));
  const score = of((run) => run.score);
  const lcp = of((run) => run.lcpMs);
  const cls = of((run) => run.cls);
  const verdicts = [
    `CLS ≤ ${spec.target.cls} ${cls <= spec.target.cls ? 'met' : 'MISSED'}`,
    ...(spec.target.lcpMs
      ? [`LCP ≤ ${seconds(spec.target.lcpMs)} ${lcp <= spec.target.lcpMs ? 'met' : 'MISSED'}`]
      : []),
    ...(spec.target.score
      ? [`score ≥ ${spec.target.score} ${score >= spec.target.score ? 'met' : 'MISSED'}`]
      : []),
  ];
  return (
    `${spec.path.padEnd(12)} ${String(Math.round(score)).padStart(5)}  ${seconds(of((run) => run.fcpMs)).padStart(6)}  ` +
    `${seconds(lcp).padStart(6)}  ${`${Math.round(of((run) => run.tbtMs))} ms`.padStart(8)}  ${cls.toFixed(3).padStart(6)}  ` +
    `${seconds(of((run) => run.siMs)).padStart(6)}  ${of((run) => run.load)
      .toFixed(2)
      .padStart(5)}   ` +
    `(${runs.length} runs; scores ${runs.map((run) => run.score).join(', ')})  ${verdicts.join(', ')}`
  );
}

/** The cookies of a signed-in visitor (`name=value; …`), from a real sign-in; none for a visitor. */
async function cookiesOf(base: string, visitor: Visitor): Promise<string | undefined> {
  if (visitor === 'anonymous') return undefined;
  if (visitor === 'cardholder') return cardholderCookie(base, process.env.MY_EMAIL ?? demoCardholderEmail());
  const user = visitor === 'company' ? DEMO_USERS.om1 : DEMO_USERS.merchant;
  return (await signIn(base, user.email, DEMO_PASSWORD)).cookie;
}

/** Chromium's flags: headless, and nothing of its own on the network while measured. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--mute-audio',
  '--password-store=basic',
];

/** One visitor's browser: Lighthouse drives it through its debugging port. */
type VisitorBrowser = { port: number; child: ChildProcess; browser: Browser; context: BrowserContext };

/**
 * A Chromium of its own for each visitor, holding the visitor's cookies. Lighthouse is pointed at
 * it (`--port`): it clears the cache and the origin's service workers and caches before each run but
 * keeps cookies, so the visitor is signed in, as a returning user with an empty cache. Sending the
 * cookies as an extra header instead (`--extra-headers`) fixes the whole `Cookie` header: the CSRF
 * cookie the page receives never goes back, its first POST is refused and the session ends.
 */
async function openBrowser(
  base: string,
  cookies: string | undefined,
  profile: string,
): Promise<VisitorBrowser> {
  const port = await freePort();
  const child = spawn(
    CHROME_PATH,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(`http://127.0.0.1:${port}/json/version`, child, 30_000);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0]!;
  if (cookies) {
    const host = new URL(base).hostname;
    await context.addCookies(
      cookies.split('; ').map((pair) => {
        const name = pair.slice(0, pair.indexOf('='));
        // `__Host-` cookies are Secure (the server runs in production mode); Chromium keeps them
        // for the loopback address, a secure context.
        return {
          name,
          value: pair.slice(name.length + 1),
          domain: host,
          path: '/',
          secure: name.startsWith('__Host-'),
        };
      }),
    );
  }
  return { port, child, browser, context };
}

/**
 * Before each run: the origin's local storage and IndexedDB cleared too (Lighthouse keeps them), so
 * every run starts as the first visit of a signed-in user; a visitor's cookies go as well.
 */
async function resetBrowser(visitor: VisitorBrowser, base: string, isAnonymous: boolean): Promise<void> {
  const page = await visitor.context.newPage();
  try {
    const cdp = await visitor.context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'local_storage,indexeddb' });
    if (isAnonymous) await visitor.context.clearCookies();
  } finally {
    await page.close();
  }
}

async function closeBrowser(visitor: VisitorBrowser): Promise<void> {
  await visitor.browser.close().catch(() => {});
  await stop(visitor.child);
}

/** One Lighthouse run of `url` in the browser on `port`: its JSON report's figures. */
async function lighthouseRun(url: string, port: number, reportFile: string): Promise<RunFigures> {
  const [command, ...args] = LIGHTHOUSE;
  const load = loadavg()[0]!;
  await run(
    command!,
    [
      ...args,
      url,
      `--port=${port}`,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--output=json',
      `--output-path=${reportFile}`,
      '--quiet',
    ],
    { maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
  );
  return figuresOf(JSON.parse(readFileSync(reportFile, 'utf8')) as LighthouseReport, load);
}

export async function lighthouseBenchmark(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'tessera-lighthouse-'));
  const keep = process.env.LIGHTHOUSE_REPORTS;
  if (keep) mkdirSync(keep, { recursive: true });
  const wanted = process.env.PAGES?.split(',').map((page) => page.trim());
  const pages = wanted ? LIGHTHOUSE_PAGES.filter((page) => wanted.includes(page.path)) : LIGHTHOUSE_PAGES;
  const rounds = Number(process.env.ROUNDS ?? 3);
  let server: ChildProcess | undefined;
  const browsers = new Map<Visitor, VisitorBrowser>();
  try {
    let base = process.env.BASE;
    if (!base) {
      // What `npm start` does first: build what changed (the web app the server serves).
      execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
      const started = await startServer(
        { DATA_DIR: 'memory://', DEMO_SEED: 'true', DEV_MAILBOX: 'true' },
        path.join(work, 'server.log'),
      );
      server = started.child;
      base = started.base;
    }
    const visitors = [...new Set(pages.map((page) => page.visitor))];
    for (const visitor of visitors) {
      browsers.set(
        visitor,
        await openBrowser(base, await cookiesOf(base, visitor), path.join(work, `profile-${visitor}`)),
      );
    }
    console.log(
      `Lighthouse 12, mobile, simulated throttling, ${CHROME_PATH}; ${rounds} interleaved rounds; ` +
        `load average at start ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}`,
    );
    const results = new Map<string, RunFigures[]>(pages.map((page) => [page.path, []]));
    for (let round = 1; round <= rounds; round += 1) {
      for (const page of pages) {
        const reportFile = path.join(work, 'report.json');
        const browser = browsers.get(page.visitor)!;
        try {
          await resetBrowser(browser, base, page.visitor === 'anonymous');
          const figures = await lighthouseRun(`${base}${page.path}`, browser.port, reportFile);
          results.get(page.path)!.push(figures);
          if (keep) {
            copyFileSync(
              reportFile,
              path.join(keep, `${page.path.replace(/\W+/g, '_') || 'home'}-${round}.json`),
            );
          }
          const moved = figures.shifts
            .slice(0, 3)
            .map((shift) => `${shift.score.toFixed(3)} ${shift.element}`)
            .join('; ');
          console.log(
            `  round ${round} ${page.path.padEnd(12)} score ${figures.score}, LCP ${seconds(figures.lcpMs)}, ` +
              `TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, load ${figures.load.toFixed(2)}` +
              (moved ? `; moved: ${moved}` : ''),
          );
        } catch (error) {
          // Lighthouse now and then fails to record a trace (NO_NAVSTART): reported, not scored.
          const reason = String((error as { stderr?: string }).stderr ?? error)
            .trim()
            .split('\n')
            .pop();
          console.log(`  round ${round} ${page.path.padEnd(12)} failed: ${reason}`);
        }
      }
    }
    console.log(
      `\n${'page'.padEnd(12)} ${'score'.padStart(5)}  ${'FCP'.padStart(6)}  ${'LCP'.padStart(6)}  ` +
        `${'TBT'.padStart(8)}  ${'CLS'.padStart(6)}  ${'SI'.padStart(6)}  ${'load'.padStart(5)}   (medians)`,
    );
    for (const page of pages) console.log(describeRuns(page, results.get(page.path)!));
    console.log(
      `load average at end ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const browser of browsers.values()) await closeBrowser(browser);
    if (server) await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await lighthouseBenchmark();
