import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER = 'http://localhost:3000';
/** The files of the entry's static graph: the boot chunk (`web-*`), the runtime, the boot CSS. */
const ENTRY_FILE = /^assets\/(rolldown-runtime|web)-[\w-]+\.(js|css)$/;
const messagesDir = fileURLToPath(new URL('./src/i18n/', import.meta.url));

/**
 * Production builds ship the UI messages already parsed (ICU AST), so the ICU parser stays out of
 * the bundle (react-intl's documented "precompile" setup). Development and tests parse at runtime.
 */
function precompileMessages(): Plugin {
  return {
    name: 'tessera:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    transform: {
      filter: { id: /\/src\/i18n\/(areas\/)?[a-z][a-z-]*(\.[a-z]+)?\.json$/ },
      handler(code, id) {
        if (!id.startsWith(messagesDir)) return null;
        const messages = JSON.parse(code) as Record<string, string>;
        const compiled = Object.fromEntries(
          Object.entries(messages).map(([key, message]) => [key, parse(message)]),
        );
        // Still JSON: Vite's JSON plugin turns it into a module afterwards.
        return { code: JSON.stringify(compiled), map: null };
      },
    },
  };
}

/** A top-level schema declaration of the domain package: `export const CardSchema = z.object(…)`. */
const SCHEMA_DECLARATION = /^((?:export )?const (\w+)(?::[^=\n]+)? = )(?=z\.|\w+Schema\b)/gm;

/**
 * Marks the domain's top-level zod schemas as pure (`/* @__PURE__ *\/`), so a page that uses only
 * a constant or a function of a domain module (`PRODUCTS`, `localePath`) does not keep that
 * module's schemas, and with them zod (issue 17: zod out of the entry chunk). Building a schema
 * has no side effect; rolldown cannot know it of the chained calls (`z.string().trim().max(30)`),
 * which `manualPureFunctions` does not reach. The domain's source is shared with the server and
 * stays as it is; only the web build sees the annotations.
 */
function pureDomainSchemas(): Plugin {
  return {
    name: 'tessera:pure-domain-schemas',
    apply: 'build',
    transform: {
      filter: { id: /\/domain\/src\/[a-z-]+\.ts$/ },
      handler(code) {
        const annotated = code.replace(SCHEMA_DECLARATION, '$1/* @__PURE__ */ ');
        return annotated === code ? null : { code: annotated, map: null };
      },
    },
  };
}

type Node = { type: string; start: number; end: number };
type Identifier = Node & { name: string };
type Statement = Node & {
  declaration?: (Node & { id?: Identifier; declarations?: (Node & { id: Node })[] }) | null;
  id?: Identifier;
  declarations?: (Node & { id: Node })[];
  source?: Node | null;
  specifiers?: (Node & { local: Identifier })[];
};

const SPLIT_PREFIX = '\0tessera-domain-split:';

/** Names a top-level statement declares, or null when it is not a plain declaration. */
function declaredNames(statement: Statement): string[] | null {
  const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
  if (!declaration) return null;
  if (declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') {
    return declaration.id ? [declaration.id.name] : null;
  }
  if (declaration.type !== 'VariableDeclaration') return null;
  const names = (declaration.declarations ?? []).map((declarator) =>
    declarator.id.type === 'Identifier' ? (declarator.id as Identifier).name : null,
  );
  return names.every((name) => name !== null) ? (names as string[]) : null;
}

const mentions = (text: string, name: string) =>
  new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);

/**
 * Splits each domain module, for the web build only, into its plain part (constants, functions)
 * and its zod part (the schemas and what builds them), behind a facade that re-exports both
 * (issue 17). A domain module mixes the two (`products.ts`: `PRODUCTS` and `CardCategorySchema`);
 * the bundler places a module in one chunk whole, so the shell's use of `PRODUCTS` brought every
 * schema a lazy page uses, and zod, into the first load. Split, the zod parts go where the pages
 * that validate with them go. A module the split does not understand is left whole.
 */
function splitDomainModules(): Plugin {
  const parts = new Map<string, string>();
  return {
    name: 'tessera:split-domain-modules',
    apply: 'build',
    resolveId: {
      filter: { id: /^\0tessera-domain-split:/ },
      handler(id) {
        return { id, moduleSideEffects: false };
      },
    },
    load: {
      filter: { id: /^\0tessera-domain-split:/ },
      handler(id) {
        const code = parts.get(id);
        return code === undefined ? null : { code, moduleSideEffects: false };
      },
    },
    transform: {
      filter: { id: /\/domain\/src\/[a-z-]+\.ts$/ },
      async handler(code, id) {
        if (!/\bz\./.test(code)) return null;
        const program = this.parse(code) as unknown as { body: Statement[] };
        const imports: Statement[] = [];
        const declarations: { statement: Statement; names: string[]; isExported: boolean }[] = [];
        const reexports: Statement[] = [];
        for (const statement of program.body) {
          if (statement.type === 'ImportDeclaration') imports.push(statement);
          else if (statement.type === 'ExportAllDeclaration' || statement.source) reexports.push(statement);
          else {
            const names = declaredNames(statement);
            if (!names) return null;
            declarations.push({ statement, names, isExported: statement.type === 'ExportNamedDeclaration' });
          }
        }
        const text = (node: Node) => code.slice(node.start, node.end);
        // The parts have no folder of their own: their imports name the resolved files.
        const sources = new Map<Statement, string>();
        for (const statement of imports) {
          const source = JSON.parse(text(statement.source!)) as string;
          const resolved = source.startsWith('.') ? await this.resolve(source, id) : null;
          sources.set(statement, JSON.stringify(resolved ? resolved.id : source));
        }
        const body = (entry: (typeof declarations)[number]) =>
          entry.isExported ? text(entry.statement.declaration!) : text(entry.statement);
        // A statement belongs to the zod part when it uses zod or another statement of that part.
        const isZod = new Set(declarations.filter((entry) => /\bz\./.test(body(entry))));
        for (let grew = true; grew;) {
          grew = false;
          const zodNames = [...isZod].flatMap((entry) => entry.names);
          for (const entry of declarations) {
            if (!isZod.has(entry) && zodNames.some((name) => mentions(body(entry), name))) {
              isZod.add(entry);
              grew = true;
            }
          }
        }
        const plain = declarations.filter((entry) => !isZod.has(entry));
        const zod = declarations.filter((entry) => isZod.has(entry));
        if (zod.length === 0 || plain.length === 0) return null;
        const importsFor = (source: string) =>
          imports
            .map((statement) => {
              const used = (statement.specifiers ?? []).filter((specifier) =>
                mentions(source, specifier.local.name),
              );
              if (used.length === 0) return '';
              const from = sources.get(statement)!;
              const named = used.map((specifier) => text(specifier));
              const namespace = named.find((specifier) => specifier.startsWith('*'));
              const defaults = used.filter((specifier) => specifier.type === 'ImportDefaultSpecifier');
              if (namespace) return `import ${namespace} from ${from};`;
              const others = named.filter((_, index) => used[index]!.type === 'ImportSpecifier');
              const head = defaults.map((specifier) => specifier.local.name);
              return `import ${[...head, ...(others.length ? [`{ ${others.join(', ')} }`] : [])].join(', ')} from ${from};`;
            })
            .join('\n');
        const plainId = `${SPLIT_PREFIX}${id}:plain`;
        const zodId = `${SPLIT_PREFIX}${id}:zod`;
        const plainBody = plain.map(body).join('\n');
        const plainNames = plain.flatMap((entry) => entry.names);
        parts.set(plainId, `${importsFor(plainBody)}\n${plainBody}\nexport { ${plainNames.join(', ')} };\n`);
        const zodBody = zod.map(body).join('\n');
        const fromPlain = plainNames.filter((name) => mentions(zodBody, name));
        parts.set(
          zodId,
          [
            importsFor(zodBody),
            fromPlain.length ? `import { ${fromPlain.join(', ')} } from ${JSON.stringify(plainId)};` : '',
            zodBody,
            `export { ${zod.flatMap((entry) => entry.names).join(', ')} };`,
          ].join('\n'),
        );
        const exported = (list: typeof declarations) =>
          list.filter((entry) => entry.isExported).flatMap((entry) => entry.names);
        const facade = [
          `export { ${exported(plain).join(', ')} } from ${JSON.stringify(plainId)};`,
          exported(zod).length ? `export { ${exported(zod).join(', ')} } from ${JSON.stringify(zodId)};` : '',
          ...reexports.map(text),
        ].join('\n');
        return { code: facade, map: null, moduleSideEffects: false };
      },
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text, above the size where the headers outweigh the gain. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible
 * built file, once at build time, so the server sends them with no CPU per request (issue 17:
 * `@fastify/static` with `preCompressed` in `server/src/platform/spa.ts`). A variant that is not
 * smaller than the file is not written; the server then sends the file itself. Source maps are
 * left alone: only developers load them.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'tessera:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The SPA is built to web/dist and served by the Fastify server in production. In development Vite
 * serves it on 5173 and proxies the server's routes.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompileMessages(), pureDomainSchemas(), splitDomainModules(), react(), precompressAssets()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': SERVER,
      '/metrics': SERVER,
      '/dev': SERVER,
      '/sandbox': SERVER,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // `dist/.vite/manifest.json`: each chunk's file and static imports, read by the JavaScript
    // budget check (`scripts/js-budget.ts`, issue 36 §4, ADR 052). The cardholder build
    // (`vite.my.config.ts`) replaces `build` and writes none, so it cannot overwrite this one.
    manifest: true,
    modulePreload: {
      // Every browser the portal supports preloads modules natively: no polyfill in the first load.
      polyfill: false,
      // A lazy chunk's preload list names what it imports that is not loaded yet: not itself (its
      // own import() fetches it at the same moment) nor the entry's files (the boot chunk, the
      // bundler's runtime, the boot CSS), which every page has already. Each name is a hashed,
      // incompressible file name in the boot chunk (issue 36 §4, ADR 052: 1.1 KB of it). The
      // HTML's own list (the entry's files, preloaded beside the entry stub) stays whole.
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep !== filename && !ENTRY_FILE.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Issue 17, fewer requests (each answer carries about 1 KB of headers, the security headers
        // included): everything the first load needs (`$initial`: the entry's static imports, as
        // far as they are used) in the entry chunk instead of some twenty shared chunks, and common
        // chunks under 12 KB before minification copied into the chunks that use them (the login
        // page then loads 5 files instead of 17). Experimental in rolldown: revisit on upgrade.
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 12_000 },
        },
      },
      treeshake: {
        // Building a zod schema has no side effect: unused schemas beside used constants (error codes)
        // are dropped, so zod only ships in the pages that use it.
        manualPureFunctions: ['z'],
      },
    },
  },
});
