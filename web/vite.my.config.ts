import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';
import portal from './vite.config';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * `.br` and `.gz` beside each file this build wrote, as the portal's build does for its own (the
 * portal's plugin would compress the whole of `dist` again).
 */
function precompressOwnFiles(): Plugin {
  let outDir = '';
  const written: string[] = [];
  return {
    name: 'tessera:precompress-my',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_, bundle) {
      written.push(...Object.keys(bundle).filter((file) => /\.(js|css|html)$/.test(file)));
    },
    async closeBundle() {
      await Promise.all(
        written.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < 1024) return;
          const br = await brotli(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
          });
          const gz = await gzipAsync(content, { level: 9 });
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

const base = portal as UserConfig;
const isPortalCompression = (plugin: PluginOption) =>
  typeof plugin === 'object' &&
  plugin !== null &&
  'name' in plugin &&
  plugin.name === 'tessera:precompress-assets';

/**
 * The cardholder area's build (issue 35 §6, ADR 048): `my.html` and its entry, built on their own
 * after the portal into the same `dist` (not emptied), so that none of the portal's shared chunks
 * (Mantine, react-query, zod) can end up in this entry's first load. The portal's plugins apply
 * (the domain's zod split, React), not its chunk groups.
 */
export default defineConfig({
  ...base,
  plugins: [...(base.plugins ?? []).filter((plugin) => !isPortalCompression(plugin)), precompressOwnFiles()],
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: {
      input: { my: fileURLToPath(new URL('./my.html', import.meta.url)) },
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
