import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort, serverArgs, stop, waitFor } from './server-process';

/** Issue 17: at most this many bytes of JavaScript over the wire for each page, compressed as served. */
const TARGET_BYTES = 170_000;
const PAGES = ['/', '/en', '/user/login'];

/** The browser as `playwright.config.ts` launches it: Debian's Chromium, never a downloaded one. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Script = { url: string; wireBytes: number; decodedBytes: number; encoding: string };

/**
 * The JavaScript a browser loads for the first view of `/`, `/en` and `/user/login` (issue 17):
 * the web app is built (`npm run build`), the server started as `npm start` starts it (a separate
 * `node --enable-source-maps server/dist/main.js`, NODE_ENV=production, embedded PGlite in memory, the
 * content seed and the production default of no demo seed: the pages measured are anonymous), and
 * each page opened in Debian's Chromium in a fresh context (empty cache) until the network is idle.
 *
 * Bytes over the wire are Chromium's own count from the DevTools protocol:
 * `Network.loadingFinished.encodedDataLength`, the response as it arrived (headers plus the body as
 * encoded, brotli or gzip when the server compressed it). Decoded bytes are the sum of
 * `Network.dataReceived.dataLength`, the JavaScript the engine parses. A response is JavaScript when
 * the protocol's resource type is `Script` (module scripts, their static imports and lazy chunks).
 *
 * Then, for the same files, the body bytes each encoding would cost (asked for one by one with an
 * explicit `accept-encoding`), so the gain of brotli over gzip is visible. A page that loads a
 * second document (the sign-in start leaving for the provider and coming back) shows its cached
 * reloads as responses of (nearly) 0 bytes: the responses are counted, each file once.
 */
export async function initialJsBenchmark(): Promise<void> {
  const started = Date.now();
  execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`web build: ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const work = mkdtempSync(path.join(tmpdir(), 'tessera-bench-initial-js-'));
  const port = await freePort();
  const logFile = path.join(work, 'server.log');
  const log = openSync(logFile, 'w');
  const server: ChildProcess = spawn(process.execPath, await serverArgs(), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MYDATA_GATEWAY: 'sandbox', // ADR 059: a benchmark names the sandbox AADE; production would refuse without AADE's settings
      SESSION_SECRET: 'bench-initial-js-session-secret-0123456789',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  let browser: Browser | undefined;
  try {
    await waitFor(`${base}/api/health`, server);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    for (const page of PAGES) {
      const scripts = await scriptsOf(browser, `${base}${page}`);
      const wire = sum(scripts.map((script) => script.wireBytes));
      const decoded = sum(scripts.map((script) => script.decodedBytes));
      const encodings = [...new Set(scripts.map((script) => script.encoding))].join(', ');
      // A file loaded again from the cache (a second document of the same visit) counts once here.
      const urls = [...new Set(scripts.map((script) => script.url))];
      console.log(
        `${page.padEnd(12)} ${String(scripts.length).padStart(3)} JS responses (${urls.length} files)  ` +
          `${kb(wire)} over the wire (${encodings})  ${kb(decoded)} decoded  ` +
          `target ≤ ${kb(TARGET_BYTES)} ${wire <= TARGET_BYTES ? 'met' : 'MISSED'}`,
      );
      const [br, gzip, identity] = await Promise.all(
        ['br', 'gzip', 'identity'].map(async (encoding) =>
          sum(await Promise.all(urls.map((url) => bodyBytes(url, encoding)))),
        ),
      );
      console.log(
        `${''.padEnd(12)} bodies of the same files: br ${kb(br!)}, gzip ${kb(gzip!)}, identity ${kb(identity!)}` +
          (br! < gzip! ? ` (brotli ${(100 * (1 - br! / gzip!)).toFixed(0)} % smaller than gzip)` : ''),
      );
      if (process.env.BENCH_INITIAL_JS_FILES) {
        for (const script of scripts.sort((a, b) => b.wireBytes - a.wireBytes)) {
          console.log(`${''.padEnd(14)}${kb(script.wireBytes)}  ${new URL(script.url).pathname}`);
        }
      }
    }
  } catch (error) {
    console.error(readFileSync(logFile, 'utf8').slice(-4000));
    throw error;
  } finally {
    await browser?.close();
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Opens `url` in a fresh context (empty cache) and returns every script response it loaded. */
async function scriptsOf(browser: Browser, url: string): Promise<Script[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const seen = new Map<string, { url: string; encoding: string; decodedBytes: number }>();
    const scripts: Script[] = [];
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
      );
      seen.set(event.requestId, {
        url: event.response.url,
        encoding: headers['content-encoding'] ?? 'identity',
        decodedBytes: 0,
      });
    });
    cdp.on('Network.dataReceived', (event) => {
      const script = seen.get(event.requestId);
      if (script) script.decodedBytes += event.dataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = seen.get(event.requestId);
      if (script) scripts.push({ ...script, wireBytes: event.encodedDataLength });
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return scripts;
  } finally {
    await context.close();
  }
}

/** Body bytes of `url` when the client accepts only `encoding` (no decompression here). */
function bodyBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
