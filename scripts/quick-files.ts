/**
 * The server test files `npm test -- quick` runs for a change (ADR 038). Every server test file
 * builds the whole app, so vitest's `--changed` (files whose import graph reaches a changed file)
 * picks nearly all of them for any server change. Quick picks by folder instead: the changed test
 * files, and the tests of the module, or of the platform or db folder, that a changed file is in.
 * A change to the shared test harness (server/test/) runs them all. `npm test` stays the whole
 * suite; quick is the inner loop.
 */
export function quickServerTests(changed: readonly string[], serverTests: readonly string[]): string[] {
  if (changed.some((file) => file.startsWith('server/test/'))) return [...serverTests];
  const folders = new Set<string>();
  const picked = new Set<string>();
  for (const file of changed) {
    if (!file.startsWith('server/src/')) continue;
    if (serverTests.includes(file)) picked.add(file);
    const parts = file.split('/');
    // server/src/modules/<module>/…, server/src/platform/…, server/src/db/…
    const depth = parts[2] === 'modules' ? 4 : 3;
    if (parts.length > depth) folders.add(`${parts.slice(0, depth).join('/')}/`);
  }
  for (const test of serverTests)
    if ([...folders].some((folder) => test.startsWith(folder))) picked.add(test);
  return [...picked].sort();
}
