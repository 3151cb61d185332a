/**
 * Lighthouse on the cardholder home, signed in (issue 35 §6, ADR 048): mobile form factor,
 * simulated throttling (Lighthouse's defaults: slow 4G, 4× CPU), Debian's Chromium. The target is
 * a performance score ≥ 90 with CLS ≤ 0.1. Run by hand, not by `npm test` nor `npm run bench`:
 *
 *   npm run build
 *   node --import tsx bench/lighthouse-my.ts            # starts its own server (demo seed, dev mailbox)
 *   BASE=http://127.0.0.1:4600 node --import tsx bench/lighthouse-my.ts   # or one already running so
 *
 * Lighthouse is not a dependency of the project (some 200 packages for a hand-run check): the
 * script runs `npx --yes lighthouse@12.8.2` (it declares Node ≥ 18.16 and runs on Node 20 here),
 * or the binary LIGHTHOUSE_BIN names. The cardholder signs in as a phone would: a code requested
 * for the e-mail of a demo card's holder (MY_EMAIL, else the first active card of the first demo
 * company), read from the development mailbox by the demo administrator, then verified; the
 * session cookie goes to Lighthouse as an extra header. Prints the score and the metrics.
 */
import { execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateCards } from '../server/src/db/seed/demo-cards';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/src/db/seed/demo';
import { csrfPoster, signIn } from './portal-sign-in';
import { startServer, stop } from './server-process';

const run = promisify(execFile);
const LIGHTHOUSE = process.env.LIGHTHOUSE_BIN
  ? [process.env.LIGHTHOUSE_BIN]
  : ['npx', '--yes', 'lighthouse@12.8.2'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** The e-mail of the first active card's holder of the first demo company (the seed is deterministic). */
export function demoCardholderEmail(): string {
  for (const card of generateCards(300, 1_000, new Date())) {
    const holder = card.cardholder;
    if (card.status === 'active' && holder && 'email' in holder && holder.email) return holder.email;
  }
  throw new Error('no active demo card with a holder e-mail');
}

export async function cardholderCookie(base: string, email: string): Promise<string> {
  const post = await csrfPoster(base);
  const requestedAt = Date.now() - 1_000;
  const sent = await post('/api/my/sign-in/code', { email, locale: 'el' });
  if (sent.status !== 202) throw new Error(`code request: HTTP ${sent.status} ${await sent.text()}`);
  const admin = await signIn(base, DEMO_USERS.admin.email, DEMO_PASSWORD);
  // The mail goes out through the outbox: wait for the one sent after the request.
  let code: string | undefined;
  for (let attempt = 0; !code && attempt < 40; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const mailbox = await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`, {
      headers: { cookie: admin.cookie },
    });
    const { mails } = (await mailbox.json()) as { mails: { text: string; createdAt: string }[] };
    const fresh = mails.find((mail) => Date.parse(mail.createdAt) >= requestedAt);
    code = /\b(\d{6})\b/.exec(fresh?.text ?? '')?.[1];
  }
  if (!code) throw new Error(`no sign-in code in the mailbox for ${email}`);
  const verified = await post('/api/my/sign-in/verify', { email, code });
  if (verified.status !== 200) throw new Error(`verify: HTTP ${verified.status} ${await verified.text()}`);
  const session = verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    // `__Host-tessera_my` when the server sets secure cookies (production), else `tessera_my`.
    .find((pair) => /^(__Host-)?tessera_my=/.test(pair));
  if (!session) throw new Error('verify: no tessera_my cookie');
  return session;
}

export async function lighthouseMyBenchmark(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'tessera-lighthouse-my-'));
  let server: ChildProcess | undefined;
  try {
    let base = process.env.BASE;
    if (!base) {
      const started = await startServer(
        { DATA_DIR: 'memory://', DEMO_SEED: 'true', DEV_MAILBOX: 'true' },
        path.join(work, 'server.log'),
      );
      server = started.child;
      base = started.base;
    }
    const email = process.env.MY_EMAIL ?? demoCardholderEmail();
    const cookie = await cardholderCookie(base, email);
    // The machine's load moves a run's blocking time (simulated throttling multiplies what it
    // measures): several runs, each printed, and their median.
    const runs = Number(process.env.RUNS ?? 3);
    const scores: number[] = [];
    console.log(`cardholder home (${email}), ${runs} runs`);
    for (let index = 0; index < runs; index += 1) {
      const report = path.join(work, `report-${index}.json`);
      const [command, ...args] = LIGHTHOUSE;
      try {
        await run(
          command!,
          [
            ...args,
            `${base}/my`,
            '--chrome-path=/usr/bin/chromium',
            '--chrome-flags=--headless --no-sandbox --disable-gpu',
            '--only-categories=performance',
            '--form-factor=mobile',
            '--throttling-method=simulate',
            `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
            '--output=json',
            `--output-path=${report}`,
            '--quiet',
          ],
          { maxBuffer: 64 * 1024 * 1024, timeout: 300_000 },
        );
      } catch (error) {
        // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is reported, not scored.
        console.log(
          `  run ${index + 1}: failed (${String((error as { stderr?: string }).stderr ?? error).trim()})`,
        );
        continue;
      }
      const result = JSON.parse(readFileSync(report, 'utf8')) as {
        categories: { performance: { score: number } };
        audits: Record<string, { displayValue?: string; numericValue?: number }>;
      };
      const score = Math.round(result.categories.performance.score * 100);
      scores.push(score);
      const cls = result.audits['cumulative-layout-shift']?.numericValue ?? NaN;
      const metrics = METRICS.map((metric) => `${metric} ${result.audits[metric]?.displayValue ?? '?'}`);
      console.log(`  run ${index + 1}: performance ${score}, CLS ${cls.toFixed(3)}; ${metrics.join(', ')}`);
    }
    scores.sort((a, b) => a - b);
    const median = scores[Math.floor(scores.length / 2)];
    console.log(`median performance ${median ?? '?'} (target ≥ 90; CLS target ≤ 0.1)`);
  } finally {
    if (server) await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await lighthouseMyBenchmark();
