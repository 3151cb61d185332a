import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '@tessera/domain';
import type { Db } from '../../platform/db';
import { insertMissingEntries } from './repository';

export const CONTENT_FOLDER = fileURLToPath(new URL('../../db/seed/content', import.meta.url));

async function listJson(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory())
      files.push(...(await listJson(path.join(folder, entry.name), `${prefix}${entry.name}/`)));
    else if (entry.name.endsWith('.json')) files.push(`${prefix}${entry.name}`);
  }
  return files;
}

/** Reads every content file of the repository: `<locale>/<key>.json` → entries. */
export async function readContentFiles(folder = CONTENT_FOLDER) {
  const entries: { key: string; locale: string; value: unknown }[] = [];
  for (const locale of LOCALES) {
    for (const file of await listJson(path.join(folder, locale))) {
      const value: unknown = JSON.parse(await readFile(path.join(folder, locale, file), 'utf8'));
      entries.push({ key: file.replace(/\.json$/, ''), locale, value });
    }
  }
  return entries;
}

/**
 * Seeds content at every start: entries that are missing are inserted, entries already in the
 * database (perhaps edited there) are kept. New content keys thus arrive with an upgrade.
 */
export async function seedContent(db: Db, folder = CONTENT_FOLDER): Promise<number> {
  return insertMissingEntries(db, await readContentFiles(folder));
}
