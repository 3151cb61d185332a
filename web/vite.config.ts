import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER = 'http://localhost:3000';
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
  plugins: [precompileMessages(), pureDomainSchemas(), react(), precompressAssets()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'] }],
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
