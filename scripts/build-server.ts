import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build:server`: compiles the server to JavaScript once, so production runs plain Node
 * with no TypeScript compiler at run time (issue 20 §6, ADR 030). One ESM bundle,
 * `server/dist/main.js`, with a source map; the workspace's own packages (`@tessera/*`, TypeScript
 * sources) are bundled in, every other package stays an import of `node_modules`. The data files
 * the server reads (migrations, content, fonts) stay where they are: `platform/paths.ts` finds them
 * from the bundle as from the sources.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(ROOT, 'server/dist/main.js');

/** Bare imports stay external, except the workspace's own TypeScript packages. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tessera/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(): Promise<{ externals: string[]; bytes: number }> {
  await rm(path.dirname(SERVER_BUNDLE), { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['server/src/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Stack traces need the mappings, not the sources: with them the map was 4 MB, which
    // `--enable-source-maps` reads into every server's heap (ADR 055).
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  const output = result.metafile.outputs[path.relative(ROOT, SERVER_BUNDLE)];
  const externals = [
    ...new Set((output?.imports ?? []).filter((entry) => entry.external).map((entry) => entry.path)),
  ].sort();
  return { externals, bytes: output?.bytes ?? 0 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { bytes, externals } = await buildServer();
  console.log(
    `server bundle: ${path.relative(ROOT, SERVER_BUNDLE)} (${(bytes / 1024).toFixed(0)} KB, ${externals.length} external imports)`,
  );
}
