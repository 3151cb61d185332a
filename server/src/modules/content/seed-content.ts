import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES } from '@tessera/domain';
import type { Db } from '../../platform/db';
import { findAllEntries, findEditedKeys, insertMissingEntries, upsertEntry } from './repository';
import { serverPath } from '../../platform/paths';

export const CONTENT_FOLDER = serverPath('src/db/seed/content');

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

const IDENTITY_FIELDS = ['errorCode', 'notificationId', 'id', 'systemName'] as const;

function identityOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  for (const field of IDENTITY_FIELDS) {
    if (typeof record[field] === 'string' || typeof record[field] === 'number')
      return `${field}:${String(record[field])}`;
  }
  const link = record.link as Record<string, unknown> | undefined;
  return typeof link?.id === 'string' ? `link:${link.id}` : null;
}

/**
 * What the repository's version of an entry adds to the stored one: keys the stored object lacks,
 * and list items (error codes, menu items, notifications… recognised by their id) it does not
 * have. Everything already stored — perhaps edited in the CMS — is kept as it is.
 */
export function withMissingContent(stored: unknown, shipped: unknown): unknown {
  if (Array.isArray(stored) && Array.isArray(shipped)) {
    const merged = stored.map((item) => {
      const id = identityOf(item);
      const counterpart = id === null ? undefined : shipped.find((candidate) => identityOf(candidate) === id);
      return counterpart === undefined ? item : withMissingContent(item, counterpart);
    });
    const known = new Set(stored.map(identityOf).filter((id) => id !== null));
    for (const item of shipped) {
      const id = identityOf(item);
      if (id !== null && !known.has(id)) merged.push(item);
    }
    return merged;
  }
  if (typeof stored === 'object' && stored !== null && typeof shipped === 'object' && shipped !== null) {
    const result: Record<string, unknown> = { ...(stored as Record<string, unknown>) };
    for (const [key, value] of Object.entries(shipped as Record<string, unknown>)) {
      result[key] = key in result ? withMissingContent(result[key], value) : value;
    }
    return result;
  }
  return stored;
}

/**
 * Texts an older version shipped that read as a form letter ("Αγαπητέ/ή", "ο/η", "τον/την"), each
 * with what replaces it (issue 13). Stored entries still holding the exact old words get the new
 * ones at the next start; anything the provider reworded in the CMS since is left as it is.
 */
export const RETIRED_TEXTS: readonly { key: string; from: string; to: string }[] = [
  ...['order-emails', 'identity-emails'].flatMap((key) => [
    { key, from: 'Αγαπητέ/ή {firstName},', to: '{greeting}' },
    { key, from: 'Dear {firstName},', to: '{greeting}' },
  ]),
  { key: 'emails', from: 'Αγαπητέ/ή {name},', to: '{greeting}' },
  { key: 'emails', from: 'Dear {name},', to: '{greeting}' },
  {
    key: 'order-emails',
    from: 'ο/η {submitter} υπέβαλε την παραγγελία {order}, συνολικού ποσού {amount}. Η παραγγελία χρειάζεται την έγκρισή σας για να προχωρήσει σε πληρωμή.',
    to: 'η παραγγελία {order}, συνολικού ποσού {amount}, χρειάζεται την έγκρισή σας για να προχωρήσει σε πληρωμή.\n\nΥποβλήθηκε από: {submitter}',
  },
  {
    key: 'order-emails',
    from: 'η παραγγελία {order}, συνολικού ποσού {amount}, εγκρίθηκε από τον/την {approver} και μπορεί πλέον να πληρωθεί.',
    to: 'η παραγγελία {order}, συνολικού ποσού {amount}, εγκρίθηκε και μπορεί πλέον να πληρωθεί.\n\nΕγκρίθηκε από: {approver}',
  },
  {
    key: 'order-emails',
    from: 'η παραγγελία {order} απορρίφθηκε από τον/την {approver}.\n\nΑιτιολογία: {reason}',
    to: 'η παραγγελία {order} απορρίφθηκε.\n\nΑπορρίφθηκε από: {approver}\nΑιτιολογία: {reason}',
  },
  {
    key: 'order-emails',
    from: 'η παραγγελία {order} ακυρώθηκε από τον/την {cancelledBy}. Η παραγγελία δεν είχε πληρωθεί, επομένως δεν οφείλετε κανένα ποσό.',
    to: 'η παραγγελία {order} ακυρώθηκε. Η παραγγελία δεν είχε πληρωθεί, επομένως δεν οφείλετε κανένα ποσό.\n\nΑκυρώθηκε από: {cancelledBy}',
  },
  // The password policy of ADR 033 replaced "10 characters, letters and digits" (code 24).
  {
    key: 'error-codes',
    from: 'Ο κωδικός πρόσβασης πρέπει να έχει τουλάχιστον 10 χαρακτήρες, με γράμματα και αριθμούς.',
    to: 'Ο κωδικός πρόσβασης δεν πληροί τους κανόνες: τουλάχιστον 12 χαρακτήρες, όχι η διεύθυνση email σας, όχι ένας από τους πιο συνηθισμένους κωδικούς.',
  },
  {
    key: 'error-codes',
    from: 'The password needs at least 10 characters, with letters and digits.',
    to: 'The password does not meet the rules: at least 12 characters, not your email address, not a commonly used password.',
  },
];

/** An entry's strings with the retired texts of its key replaced. */
export function withoutRetiredTexts(key: string, value: unknown): unknown {
  const retired = RETIRED_TEXTS.filter((text) => text.key === key);
  if (retired.length === 0) return value;
  const rewrite = (node: unknown): unknown => {
    if (typeof node === 'string')
      return retired.reduce((text, { from, to }) => text.replaceAll(from, to), node);
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node === 'object' && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([name, child]) => [name, rewrite(child)]));
    }
    return node;
  };
  return rewrite(value);
}

/** Entries the code reads by key (error codes, validation messages): they must have every key the code uses. */
const CODE_CATALOGUES = new Set(['error-codes', 'validation']);

/**
 * Seeds content at every start: missing entries are inserted; entries already in the database
 * (perhaps edited there) are kept, and only what a newer version of the portal adds to them (new
 * error codes, validation messages, menu items…) is merged in, and the texts it retired
 * (`RETIRED_TEXTS`) replaced. Returns how many entries changed.
 */
export async function seedContent(db: Db, folder = CONTENT_FOLDER): Promise<number> {
  const files = await readContentFiles(folder);
  const stored = new Map(
    (await findAllEntries(db)).map((entry) => [`${entry.locale}/${entry.key}`, entry] as const),
  );
  let changed = await insertMissingEntries(
    db,
    files.filter((file) => !stored.has(`${file.locale}/${file.key}`)),
  );
  // What the editor published stays as published (ADR 025): a FAQ deleted in the CMS does not come
  // back at the next start. The catalogues the code reads by key still get the new keys.
  const edited = new Set(await findEditedKeys(db));
  for (const file of files) {
    if (edited.has(file.key) && !CODE_CATALOGUES.has(file.key)) continue;
    const entry = stored.get(`${file.locale}/${file.key}`);
    if (!entry) continue;
    const merged = withMissingContent(withoutRetiredTexts(file.key, entry.value), file.value);
    if (JSON.stringify(merged) !== JSON.stringify(entry.value)) {
      await upsertEntry(db, file.key, file.locale, merged);
      changed += 1;
    }
  }
  return changed;
}
