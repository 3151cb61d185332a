import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';

/**
 * Issue 36 §4 (ADR 052): the JavaScript each first page loads, read from the web build's own
 * manifest (`web/dist/.vite/manifest.json`) and files, against a budget. Bytes are deterministic:
 * no browser, no server, no clock.
 *
 * A page's initial JavaScript is what `bench/initial-js.ts` saw a browser load for it, derived
 * here from the build: the HTML entry and its static imports (transitively: what `index.html`
 * runs and modulepreloads), then what the route's `lazy()` awaits before the page shows
 * (`web/src/app/routes.tsx`): the page's chunk and its static imports, and the texts of the shell
 * and of the page's message areas in the page's language (`web/src/i18n/load-messages.ts`), each
 * with its static imports. Dynamic imports are not counted (they load later, on use). A chunk
 * shared by several of these counts once.
 *
 * Size = the bytes the server sends for the file (`server/src/platform/spa.ts` serves the build's
 * precompressed siblings): the `.br` file beside it when there is one; else what the build's
 * `precompressAssets` plugin would have written (brotli at quality 11 for a file of 1024 bytes or
 * more, when smaller), else the file itself. Response headers are not counted.
 */

/** Issue 36 §4: at most 150 KB (1 KB = 1000 bytes, as the issue's figures) per page, brotli. */
export const BUDGET_BYTES = 150_000;

/** One chunk of Vite's `build.manifest`, keyed by its source path relative to the web root. */
export type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** A page measured: its address, and the source modules its route loads before it shows. */
export type PageSpec = { url: string; sources: string[] };

export type ChunkSize = { file: string; name: string; bytes: number };
export type PageReport = { url: string; totalBytes: number; chunks: ChunkSize[] };

/**
 * The manifest keys of `keys` and everything they import statically, each once, in load order.
 * Dynamic imports are left out: they load when used, not with the page.
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build's manifest has no chunk "${key}"`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
}

/** Where a build is: the web root (manifest keys are relative to it) and its output folder. */
export type Build = { webDir: string; distDir: string };

const CODE_EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js'];

/**
 * The manifest key of the chunk holding a source module (`src/features/x/page`, with or without
 * its extension). A module imported lazily has a key of its own; one the bundler merged into a
 * shared chunk (a page module that another page also imports statically) has none, and is found
 * in the source map of the chunk that holds it (`build.sourcemap` is on).
 */
export function chunkKeyOf(manifest: Manifest, build: Build, source: string): string {
  const key = CODE_EXTENSIONS.map((extension) => source + extension).find((candidate) => manifest[candidate]);
  if (key) return key;
  const wanted = new Set(CODE_EXTENSIONS.map((extension) => path.resolve(build.webDir, source + extension)));
  for (const [candidate, chunk] of Object.entries(manifest)) {
    const mapFile = path.join(build.distDir, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapFile)) continue;
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[]; sourceRoot?: string };
    const base = path.resolve(path.dirname(mapFile), map.sourceRoot ?? '');
    if ((map.sources ?? []).some((file) => wanted.has(path.resolve(base, file)))) return candidate;
  }
  throw new Error(`No chunk of the build holds ${source}: was the module renamed or moved?`);
}

/** The HTML entry of the build (`index.html`). */
export function htmlEntryKey(manifest: Manifest, html = 'index.html'): string {
  if (!manifest[html]?.isEntry) throw new Error(`The build's manifest has no entry ${html}`);
  return html;
}

/** The chunks a page loads at first: the HTML entry's static closure, then its route's. */
export function initialChunkKeys(
  manifest: Manifest,
  build: Build,
  page: PageSpec,
  html = 'index.html',
): string[] {
  return staticClosure(manifest, [
    htmlEntryKey(manifest, html),
    ...page.sources.map((source) => chunkKeyOf(manifest, build, source)),
  ]);
}

const MIN_COMPRESSED_BYTES = 1024;

/** The bytes the server sends for a built file to a browser that accepts brotli (see the top). */
export function wireBytes(distDir: string, file: string): number {
  const full = path.join(distDir, file);
  if (existsSync(`${full}.br`)) return statSync(`${full}.br`).size;
  const content = readFileSync(full);
  if (content.length < MIN_COMPRESSED_BYTES) return content.length;
  const compressed = brotliCompressSync(content, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  return Math.min(compressed.length, content.length);
}

/** One page's initial chunks with their sizes, largest first, and their total. */
export function measurePage(manifest: Manifest, build: Build, page: PageSpec): PageReport {
  const chunks = initialChunkKeys(manifest, build, page)
    .map((key) => {
      const chunk = manifest[key]!;
      return { file: chunk.file, name: chunk.name ?? key, bytes: wireBytes(build.distDir, chunk.file) };
    })
    .sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  return { url: page.url, totalBytes: chunks.reduce((total, chunk) => total + chunk.bytes, 0), chunks };
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export const isWithinBudget = (report: PageReport, budget = BUDGET_BYTES) => report.totalBytes <= budget;

/** One line per page: its total against the budget and its largest chunks. */
export function describePage(report: PageReport, budget = BUDGET_BYTES): string {
  const verdict = isWithinBudget(report, budget)
    ? `within the ${kb(budget)} budget`
    : `OVER the ${kb(budget)} budget by ${kb(report.totalBytes - budget)}`;
  const largest = report.chunks.slice(0, 3).map((chunk) => `${chunk.file} ${kb(chunk.bytes)}`);
  const more = report.chunks.length > 3 ? `, ${report.chunks.length - 3} more` : '';
  return (
    `${report.url.padEnd(12)} ${kb(report.totalBytes).padStart(9)} of JS (brotli), ${verdict}; ` +
    `${report.chunks.length} chunks, largest ${largest.join(', ')}${more}`
  );
}

/** What a page over the budget fails with: the page, its total, its chunks largest first. */
export function budgetFailure(report: PageReport, budget = BUDGET_BYTES): string | undefined {
  if (isWithinBudget(report, budget)) return undefined;
  const [largest] = report.chunks;
  return [
    `${report.url} loads ${kb(report.totalBytes)} of JavaScript at first (brotli), over the ${kb(budget)} ` +
      `budget by ${kb(report.totalBytes - budget)} (issue 36 §4, ADR 052). Largest chunk: ` +
      `${largest ? `${largest.file} (${largest.name}) ${kb(largest.bytes)}` : 'none'}. Its chunks, largest first:`,
    ...report.chunks.map((chunk) => `  ${kb(chunk.bytes).padStart(9)}  ${chunk.file}  (${chunk.name})`),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// What a route loads before its page shows, read from the web's sources.

export type RoutePage = { url: string; routeKey: string; locale: 'el' | 'en' };

/** Issue 36 §4: the pages under the budget. */
export const BUDGET_PAGES: readonly RoutePage[] = [
  { url: '/', routeKey: 'home', locale: 'el' },
  { url: '/en', routeKey: 'home', locale: 'en' },
  { url: '/user/login', routeKey: 'login', locale: 'el' },
  { url: '/merchant', routeKey: 'merchant', locale: 'el' },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const stringsOf = (list: string) => [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]!);

/**
 * The lazy modules of one `page(() => import('…'), …, preload?)` of `routes.tsx`, named as the
 * `built()` call names it (`content.home`): the page's module and, when it has one, the module its
 * preload slot loads with it.
 */
function lazyImportsOf(routesCode: string, reference: string): string[] {
  const [group, member] = reference.split('.');
  const start = member
    ? routesCode.search(new RegExp(`const ${escape(group!)}\\b[^=]*= \\{`))
    : routesCode.search(new RegExp(`const ${escape(group!)}\\b[^=]*= page\\(`));
  if (start < 0) throw new Error(`routes.tsx: no declaration of ${reference}`);
  const from = member
    ? routesCode.slice(start).search(new RegExp(`\\n\\s+${escape(member)}: page\\(`)) + start
    : start;
  if (from < start) throw new Error(`routes.tsx: no page ${reference}`);
  const call = /page\(\s*\(\) => import\('([^']+)'\),\s*\(m\) => m\.\w+,?\s*(preloadSlot\.\w+)?/.exec(
    routesCode.slice(from),
  );
  if (!call) throw new Error(`routes.tsx: ${reference} is not a page(() => import('…'), …) call`);
  if (call[2])
    throw new Error(`routes.tsx: ${reference} preloads ${call[2]}, which this check does not follow`);
  return [call[1]!];
}

/** A route's `built('<key>', <page>, '<Name>', <areas>?)` in `routes.tsx`: its page and areas. */
function builtRoute(routesCode: string, routeKey: string): { reference: string; areas: string[] } {
  const call = new RegExp(
    `built\\(\\s*'${escape(routeKey)}',\\s*([\\w.]+),\\s*'\\w+'(?:,\\s*(\\[[^\\]]*\\]|\\w+))?\\s*,?\\s*\\)`,
  ).exec(routesCode);
  if (!call) throw new Error(`routes.tsx: no built('${routeKey}', …) route`);
  const areasText = call[2];
  let areas: string[] = [];
  if (areasText?.startsWith('[')) areas = stringsOf(areasText);
  else if (areasText) {
    const constant = new RegExp(`const ${escape(areasText)}\\b[^=]*= (\\[[^\\]]*\\])`).exec(routesCode);
    if (!constant) throw new Error(`routes.tsx: no list ${areasText} of message areas`);
    areas = stringsOf(constant[1]!);
  }
  return { reference: call[1]!, areas };
}

/** The message module of `area` in `locale`, as `load-messages.ts` imports it. */
function messagesImport(messagesCode: string, area: string, locale: string): string {
  const entry = new RegExp(
    `\\b${escape(area)}: \\{\\s*el: \\(\\) => import\\('([^']+)'\\),\\s*en: \\(\\) => import\\('([^']+)'\\)`,
  ).exec(messagesCode);
  if (!entry) throw new Error(`load-messages.ts: no message area ${area}`);
  return locale === 'en' ? entry[2]! : entry[1]!;
}

/**
 * The source modules (relative to the web root, without extension for code) that a route's
 * `lazy()` loads before its page shows: the page's module, the account layout for account pages,
 * the shell's texts and the page's message areas in its language (`withTexts`, `shellTexts`).
 */
export function routeSources(
  routesCode: string,
  messagesCode: string,
  page: RoutePage,
  files = { routes: 'src/app/routes.tsx', messages: 'src/i18n/load-messages.ts' },
): string[] {
  const { reference, areas } = builtRoute(routesCode, page.routeKey);
  const modules = lazyImportsOf(routesCode, reference);
  // Account pages render inside the account layout, which loads with its own texts.
  const isAccountPage = page.routeKey.startsWith('account');
  if (isAccountPage) modules.push(...lazyImportsOf(routesCode, 'accountLayout'));
  const allAreas = [...new Set(['shell', ...(isAccountPage ? ['account'] : []), ...areas])];
  const relative = (from: string, specifier: string) =>
    path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return [
    ...modules.map((specifier) => relative(files.routes, specifier)),
    ...allAreas.map((area) => relative(files.messages, messagesImport(messagesCode, area, page.locale))),
  ];
}

/** Every budget page of the build in `distDir`, measured. */
export function measureBuild(webDir: string, distDir = path.join(webDir, 'dist')): PageReport[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(
      `${manifestFile} is missing: build the web first (npm run build), with build.manifest on (web/vite.config.ts)`,
    );
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const routesCode = readFileSync(path.join(webDir, 'src/app/routes.tsx'), 'utf8');
  const messagesCode = readFileSync(path.join(webDir, 'src/i18n/load-messages.ts'), 'utf8');
  return BUDGET_PAGES.map((page) =>
    measurePage(
      manifest,
      { webDir, distDir },
      { url: page.url, sources: routeSources(routesCode, messagesCode, page) },
    ),
  );
}

/**
 * `node --import tsx scripts/js-budget.ts [dist folder] [--budget <bytes>]`: one line per page,
 * then the failure of each page over the budget; exit 1 when any is. `--budget` sets another
 * limit than issue 36's (an interim ratchet while the pages are above it).
 */
function main(): void {
  const args = process.argv.slice(2);
  const budgetAt = args.indexOf('--budget');
  const budget = budgetAt >= 0 ? Number(args[budgetAt + 1]) : BUDGET_BYTES;
  const positional = args.filter(
    (_, index) => budgetAt < 0 || (index !== budgetAt && index !== budgetAt + 1),
  );
  const webDir = path.resolve(import.meta.dirname, '..', 'web');
  const distDir = path.resolve(positional[0] ?? path.join(webDir, 'dist'));
  if (!Number.isInteger(budget) || budget <= 0) {
    console.error(`JS budget: --budget takes a number of bytes, not ${args[budgetAt + 1]}`);
    process.exit(1);
  }
  let reports: PageReport[];
  try {
    reports = measureBuild(webDir, distDir);
  } catch (error) {
    console.error(`JS budget: ${(error as Error).message}`);
    process.exit(1);
  }
  for (const report of reports) console.log(describePage(report, budget));
  const failures = reports
    .map((report) => budgetFailure(report, budget))
    .filter((failure) => failure !== undefined);
  for (const failure of failures) console.error(failure);
  if (failures.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
