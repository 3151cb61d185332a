import { fileURLToPath } from 'node:url';
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

/**
 * The SPA is built to web/dist and served by the Fastify server in production. In development Vite
 * serves it on 5173 and proxies the server's routes.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompileMessages(), react()],
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
      treeshake: {
        // Building a zod schema has no side effect: unused schemas beside used constants (error codes)
        // are dropped, so zod only ships in the pages that use it.
        manualPureFunctions: ['z'],
      },
    },
  },
});
