import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The portal speaks to people in the formal plural (issue 34 §3 item 6, ADR 045): "Πατήστε",
 * "Επιλέξτε", "σας", never "πάτησε", "επίλεξε", "σου". This scans every Greek text the product
 * shows or sends — the web catalogues, the shell's and the CMS seed's JSON, and the Greek strings
 * in server and web source (e-mails, PDFs, problems) — for common informal second-person singular
 * forms. Only forms that cannot be anything else are listed: "περίμενε" and "ακύρωσε" are also the
 * past tense ("the order was waiting", "customer care cancelled"), so they are left out.
 */
const INFORMAL_FORMS = [
  // Pronouns.
  'σου',
  'σένα',
  // Verbs in the second person singular.
  'θυμάσαι',
  'είσαι',
  'έχεις',
  'μπορείς',
  'θέλεις',
  'χρειάζεσαι',
  'θυμήσου',
  'συνδέσου',
  'αποσυνδέσου',
  'ξέχασες',
  // Imperatives.
  'πάτησε',
  'πάτα',
  'επίλεξε',
  'διάλεξε',
  'συμπλήρωσε',
  'πληκτρολόγησε',
  'δες',
  'κάνε',
  'γράψε',
  'βάλε',
  'στείλε',
  'πήγαινε',
  'εισήγαγε',
  'χρησιμοποίησε',
  'αποθήκευσε',
] as const;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `dir` whose name passes `keep`, tests and build output left out. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      found.push(...filesUnder(relative, keep));
    } else if (keep(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push(relative);
    }
  }
  return found;
}

/** Greek letters, accented or not: a form is a whole word, not part of one ("σου" in "σουβλάκι"). */
function informalFormsIn(text: string): string[] {
  const seen: string[] = [];
  for (const form of INFORMAL_FORMS) {
    const pattern = new RegExp(`(?<![\\p{L}])${form}(?![\\p{L}])`, 'giu');
    if (pattern.test(text)) seen.push(form);
  }
  return seen;
}

describe('the portal’s Greek', () => {
  it('finds an informal form when there is one, as a whole word and in any case', () => {
    expect(informalFormsIn('Να θυμάσαι αυτή τη συσκευή')).toEqual(['θυμάσαι']);
    expect(informalFormsIn('Πάτησε «Συνέχεια» και επίλεξε κάρτα.')).toEqual(['πάτησε', 'επίλεξε']);
    expect(informalFormsIn('Ο κωδικός σου')).toEqual(['σου']);
    expect(informalFormsIn('Πατήστε «Συνέχεια» και επιλέξτε την κάρτα σας. Σουβλάκι.')).toEqual([]);
    expect(informalFormsIn('Εισάγετε τον κωδικό.')).toEqual([]);
  });

  it('addresses people in the formal plural in every Greek catalogue, e-mail and page text', () => {
    const greekJson = (name: string) => name === 'el.json' || name.endsWith('.el.json');
    const files = [
      ...filesUnder('web/src/i18n', greekJson),
      ...filesUnder('web/src/app/shell', (name) => name.endsWith('.json')),
      ...filesUnder('server/src/db/seed/content/el', (name) => name.endsWith('.json')),
      // Greek strings in code: e-mail texts, PDFs, problems, the shell's fixed texts.
      ...filesUnder('server/src', (name) => /\.ts$/.test(name)),
      ...filesUnder('web/src', (name) => /\.tsx?$/.test(name)),
      ...filesUnder('domain/src', (name) => /\.ts$/.test(name)),
    ];
    expect(files.some((file) => file.endsWith(path.join('i18n', 'el.json')))).toBe(true);
    const informal = files.flatMap((file) => {
      const forms = informalFormsIn(readFileSync(path.join(ROOT, file), 'utf8'));
      return forms.length > 0 ? [`${file}: ${forms.join(', ')}`] : [];
    });
    expect(informal).toEqual([]);
  });
});
