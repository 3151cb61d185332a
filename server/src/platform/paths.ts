import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (the one whose package.json is `@tessera/server`), found by walking
 * up from this module. It holds the data files the server reads at run time (migrations, content,
 * fonts), so their paths hold under tsx and vitest (from `server/src/platform`) as in the compiled
 * bundle (from `server/dist`), whatever the working directory (issue 20 §6).
 */
function findServerRoot(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@tessera/server') return folder;
    }
    if (path.dirname(folder) === folder) {
      throw new Error(`no @tessera/server package.json above ${from}`);
    }
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the server package. */
export function serverPath(...parts: string[]): string {
  return path.join(SERVER_ROOT, ...parts);
}
