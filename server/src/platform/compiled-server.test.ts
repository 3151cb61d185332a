import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../../../bench/portal-sign-in';
import { buildServer, SERVER_BUNDLE } from '../../../scripts/build-server';
import { CONTENT_FOLDER } from '../modules/content';
import { PROFORMA_FONTS } from '../modules/documents';
import { bytesBlob, MIGRATIONS_FOLDER, openDatabase } from './db';
import { SERVER_ROOT } from './paths';

/*
 * Issue 20 §6: production runs compiled JavaScript. `npm run build:server` bundles the server into
 * `server/dist/main.js`; its imports are the declared dependencies of the server and domain
 * packages and nothing of the TypeScript tool chain, so `npm ci --omit=dev` after the build is
 * enough. The bundle starts with plain `node` in production mode, finds its data files (migrations,
 * content, fonts), and serves a real sign-in. (Once, on the PGlite run: the process has a PGlite
 * folder of its own either way.) Its folder is the run's demo template, the demo companies and
 * users already in it, so the bundle migrates and seeds nothing: the demo seed of an empty database
 * (six months of merchant trade, a minute of one core here) is the e2e set-up's, which starts the
 * same bundle on an empty folder (e2e/global-setup.ts).
 */
const target = inject('testDatabase');

function dependenciesOf(manifest: string): string[] {
  const { dependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(dependencies);
}

/** The package a bare import names: `drizzle-orm/pg-core` → `drizzle-orm`, `@a/b/c` → `@a/b`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(target.kind === 'postgres')('the compiled server', () => {
  let externals: string[] = [];
  let child: ChildProcess | undefined;
  let base = '';
  const output: string[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-compiled-'));

  beforeAll(async () => {
    ({ externals } = await buildServer());
    const template = await openDatabase({
      dataDir,
      loadDataDir: bytesBlob(readFileSync(target.demoTemplate)),
      poolSize: 1,
    });
    await template.close();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
      // From another working directory: the bundle finds its files from where it lies.
      cwd: path.dirname(SERVER_BUNDLE),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SESSION_SECRET: 'compiled-server-test-secret-0123456789abcdef',
        DATA_DIR: dataDir,
        DEMO_SEED: 'true',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bundle exited: ${output.join('')}`);
      const ready = await fetch(`${base}/api/health/ready`).catch(() => null);
      if (ready?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`the bundle did not start: ${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports only declared dependencies, nothing of the TypeScript tool chain', () => {
    const declared = new Set([
      ...dependenciesOf(path.join(SERVER_ROOT, 'package.json')),
      ...dependenciesOf(path.join(SERVER_ROOT, '../domain/package.json')),
    ]);
    const packages = [...new Set(externals.filter((name) => !name.startsWith('node:')).map(packageOf))];
    expect(packages.length).toBeGreaterThan(10);
    expect(packages.filter((name) => !declared.has(name))).toEqual([]);
    for (const tool of ['tsx', 'typescript', 'esbuild', 'vite', 'vitest', '@tessera/domain']) {
      expect(packages).not.toContain(tool);
    }
    expect(readFileSync(SERVER_BUNDLE, 'utf8')).not.toMatch(/from ["']tsx/);
  });

  it('finds its data files from the bundle as from the sources', () => {
    expect(SERVER_ROOT).toBe(path.resolve(path.dirname(SERVER_BUNDLE), '..'));
    for (const file of [
      path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'),
      path.join(CONTENT_FOLDER, 'el/error-codes.json'),
      PROFORMA_FONTS.regular,
      PROFORMA_FONTS.bold,
    ]) {
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('runs with plain node in production: live, ready, and a real sign-in', async () => {
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    const session = await signIn(base, 'om1@tessera.demo', 'Tessera-2026');
    const kpis = await fetch(`${base}/api/v1/accounts/retrieveCardsKpis`, {
      headers: { cookie: session.cookie, companyid: 'C1001' },
    });
    expect(kpis.status).toBe(200);
    // A production server: the development conveniences are off unless asked for by name.
    expect((await fetch(`${base}/api/docs`)).status).toBe(404);
    expect(output.join('')).toContain('DEMO_SEED is on');
  }, 60_000);
});
