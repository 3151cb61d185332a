import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGET_PAGES,
  budgetFailure,
  chunkKeyOf,
  describePage,
  initialChunkKeys,
  measurePage,
  routeSources,
  staticClosure,
  wireBytes,
  type Build,
  type Manifest,
} from './js-budget';

/**
 * A small build: `index.html` runs the entry, which imports the boot chunk statically and the two
 * pages dynamically; both pages import a shared chunk; the home page also imports a chart chunk
 * dynamically, and holds a module merged into it (found through its source map).
 */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_boot.js'] },
  '_boot.js': {
    file: 'assets/boot.js',
    name: 'boot',
    imports: ['_runtime.js'],
    dynamicImports: ['_home.js', 'src/pages/login-page.tsx'],
  },
  '_runtime.js': { file: 'assets/runtime.js', name: 'runtime' },
  '_home.js': {
    file: 'assets/home.js',
    name: 'home-page',
    imports: ['_boot.js', '_shared.js'],
    dynamicImports: ['src/pages/chart.tsx'],
  },
  'src/pages/login-page.tsx': {
    file: 'assets/login.js',
    name: 'login-page',
    src: 'src/pages/login-page.tsx',
    isDynamicEntry: true,
    imports: ['_boot.js', '_shared.js'],
  },
  '_shared.js': { file: 'assets/shared.js', name: 'shared', imports: ['_runtime.js'] },
  'src/pages/chart.tsx': {
    file: 'assets/chart.js',
    name: 'chart',
    src: 'src/pages/chart.tsx',
    isDynamicEntry: true,
  },
  'src/i18n/el.json': { file: 'assets/el.js', name: 'el', src: 'src/i18n/el.json', isDynamicEntry: true },
};

/** Text that brotli shrinks only to about three quarters (base64 of random bytes). */
const noise = (bytes: number) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString('base64')
    .slice(0, bytes);

let root: string;
let build: Build;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-js-budget-'));
  build = { webDir: path.join(root, 'web'), distDir: path.join(root, 'web', 'dist') };
  mkdirSync(path.join(build.distDir, 'assets'), { recursive: true });
  const write = (file: string, content: string | Buffer) =>
    writeFileSync(path.join(build.distDir, file), content);
  write('assets/index.js', 'import"./boot.js";');
  write('assets/runtime.js', noise(500));
  write('assets/boot.js', noise(60_000));
  // The build's precompressed sibling is what the server sends: its size counts, whatever it holds.
  write('assets/boot.js.br', Buffer.alloc(90_000));
  write('assets/home.js', noise(20_000));
  write(
    'assets/home.js.map',
    JSON.stringify({
      version: 3,
      sources: ['../../src/pages/home-page.tsx', '../../src/ui/tile.tsx'],
      mappings: '',
    }),
  );
  write('assets/login.js', noise(8_000));
  write('assets/shared.js', noise(30_000));
  write('assets/chart.js', noise(100_000));
  write('assets/el.js', noise(5_000));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the JavaScript budget (issue 36 §4)', () => {
  it('follows static imports transitively, each chunk once', () => {
    expect(staticClosure(MANIFEST, ['index.html'])).toEqual(['index.html', '_boot.js', '_runtime.js']);
    expect(staticClosure(MANIFEST, ['index.html', '_home.js'])).toEqual([
      'index.html',
      '_boot.js',
      '_runtime.js',
      '_home.js',
      '_shared.js',
    ]);
  });

  it('does not count dynamic imports: the chart a page loads on use, the other pages', () => {
    const keys = initialChunkKeys(MANIFEST, build, { url: '/', sources: ['src/pages/home-page'] });
    expect(keys).not.toContain('src/pages/chart.tsx');
    expect(keys).not.toContain('src/pages/login-page.tsx');
  });

  it('finds a page module by its own manifest key, or by the source map of the chunk it was merged into', () => {
    expect(chunkKeyOf(MANIFEST, build, 'src/pages/login-page')).toBe('src/pages/login-page.tsx');
    expect(chunkKeyOf(MANIFEST, build, 'src/pages/home-page')).toBe('_home.js');
    expect(chunkKeyOf(MANIFEST, build, 'src/i18n/el.json')).toBe('src/i18n/el.json');
    expect(() => chunkKeyOf(MANIFEST, build, 'src/pages/gone-page')).toThrow(/src\/pages\/gone-page/);
  });

  it('measures the precompressed file when there is one, else brotli, else a small file as it is', () => {
    expect(wireBytes(build.distDir, 'assets/boot.js')).toBe(90_000);
    expect(wireBytes(build.distDir, 'assets/index.js')).toBe('import"./boot.js";'.length);
    const shared = wireBytes(build.distDir, 'assets/shared.js');
    expect(shared).toBeGreaterThan(20_000);
    expect(shared).toBeLessThanOrEqual(30_000);
  });

  it('counts a chunk shared by the page and its texts once, and lists the chunks largest first', () => {
    const report = measurePage(MANIFEST, build, {
      url: '/user/login',
      sources: ['src/pages/login-page', 'src/i18n/el.json'],
    });
    const files = report.chunks.map((chunk) => chunk.file);
    expect(files.filter((file) => file === 'assets/boot.js')).toHaveLength(1);
    expect(files.filter((file) => file === 'assets/runtime.js')).toHaveLength(1);
    expect(files[0]).toBe('assets/boot.js');
    expect(files).toEqual([...report.chunks].sort((a, b) => b.bytes - a.bytes).map((chunk) => chunk.file));
    expect(report.totalBytes).toBe(report.chunks.reduce((total, chunk) => total + chunk.bytes, 0));
  });

  it('fails a page over the budget naming the page, its total and its biggest chunk first', () => {
    const report = measurePage(MANIFEST, build, { url: '/', sources: ['src/pages/home-page'] });
    expect(report.totalBytes).toBeGreaterThan(120_000);
    expect(budgetFailure(report, 1_000_000)).toBeUndefined();
    expect(describePage(report, 1_000_000)).toMatch(
      /^\/\s+\d+\.\d KB of JS \(brotli\), within the 1000\.0 KB budget/,
    );
    const failure = budgetFailure(report, 100_000)!;
    const [headline, first] = failure.split('\n');
    expect(headline).toContain(`/ loads ${(report.totalBytes / 1000).toFixed(1)} KB`);
    expect(headline).toContain('over the 100.0 KB budget');
    expect(headline).toContain('Largest chunk: assets/boot.js (boot) 90.0 KB');
    expect(first).toContain('assets/boot.js');
    expect(describePage(report, 100_000)).toContain('OVER the 100.0 KB budget');
  });
});

describe("a route's modules, read from routes.tsx and load-messages.ts", () => {
  const routes = `
const content = {
  home: page(
    () => import('../features/content/pages/home-page'),
    (m) => m.HomePage,
  ),
};
const identity = {
  login: page(
    () => import('../features/identity/pages/login-page'),
    (m) => m.LoginPage,
  ),
};
const accountLayout = page(
  () => import('./account-layout'),
  (m) => m.AccountLayout,
);
const ORDERS: readonly MessageArea[] = ['account', 'orders'];
const PAGES = [
  built('home', content.home, 'HomePage', ['cards']),
  built('accountAbout', identity.login, 'AboutPage', ORDERS),
  built('login', identity.login, 'LoginPage'),
];`;
  const messages = `
const LOADERS = {
  shell: { el: () => import('./el.json'), en: () => import('./en.json') },
  cards: { el: () => import('./areas/cards.el.json'), en: () => import('./areas/cards.en.json') },
  account: { el: () => import('./areas/account.el.json'), en: () => import('./areas/account.en.json') },
  orders: {
    el: () => import('./areas/orders.el.json'),
    en: () => import('./areas/orders.en.json'),
  },
};`;

  it("gives the page's module, the shell's texts and its areas' in the page's language", () => {
    expect(routeSources(routes, messages, { url: '/en', routeKey: 'home', locale: 'en' })).toEqual([
      'src/features/content/pages/home-page',
      'src/i18n/en.json',
      'src/i18n/areas/cards.en.json',
    ]);
    expect(routeSources(routes, messages, { url: '/user/login', routeKey: 'login', locale: 'el' })).toEqual([
      'src/features/identity/pages/login-page',
      'src/i18n/el.json',
    ]);
  });

  it('adds the account layout to account pages and reads a named list of areas', () => {
    expect(
      routeSources(routes, messages, { url: '/account/about', routeKey: 'accountAbout', locale: 'el' }),
    ).toEqual([
      'src/features/identity/pages/login-page',
      'src/app/account-layout',
      'src/i18n/el.json',
      'src/i18n/areas/account.el.json',
      'src/i18n/areas/orders.el.json',
    ]);
  });

  it('says which route it cannot find', () => {
    expect(() => routeSources(routes, messages, { url: '/x', routeKey: 'merchant', locale: 'el' })).toThrow(
      /built\('merchant'/,
    );
  });

  it("finds the budget pages' modules in the web's own routes.tsx and load-messages.ts", () => {
    const web = path.resolve(import.meta.dirname, '..', 'web');
    const read = (file: string) => readFileSync(path.join(web, file), 'utf8');
    const [routesCode, messagesCode] = [read('src/app/routes.tsx'), read('src/i18n/load-messages.ts')];
    const sources = BUDGET_PAGES.map((page) => routeSources(routesCode, messagesCode, page));
    expect(sources.map((list) => list[0])).toEqual([
      'src/features/content/pages/home-page',
      'src/features/content/pages/home-page',
      'src/features/identity/pages/login-page',
      'src/app/merchant-home-page',
    ]);
    expect(sources[1]).toContain('src/i18n/en.json');
    expect(sources[3]).toContain('src/i18n/areas/merchants.el.json');
  });
});
