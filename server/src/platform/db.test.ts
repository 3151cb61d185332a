import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './db';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'tessera-lock-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the PGlite data folder lock', () => {
  it('refuses a second owner while the first holds the folder, and frees it on release', async () => {
    const release = await lockDataDir(folder);
    expect(await readFile(path.join(folder, 'tessera.lock'), 'utf8')).toBe(String(process.pid));
    // A live process other than us holds it: the parent of this test process.
    await writeFile(path.join(folder, 'tessera.lock'), String(process.ppid));
    await expect(lockDataDir(folder)).rejects.toThrow(/in use by process/);
    await writeFile(path.join(folder, 'tessera.lock'), String(process.pid));
    await release();
    const again = await lockDataDir(folder);
    await again();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    await writeFile(path.join(folder, 'tessera.lock'), '999999999');
    const release = await lockDataDir(folder);
    expect(await readFile(path.join(folder, 'tessera.lock'), 'utf8')).toBe(String(process.pid));
    await release();
  });
});
