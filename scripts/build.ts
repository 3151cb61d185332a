import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run build` and the first step of `npm start`: builds the web client (`web/dist`) and the
 * server bundle (`server/dist`), each only when its inputs changed since its last build (issue 36
 * §6, ADR 051). A build's inputs are hashed (path and content of every source file it reads,
 * tests left out, and the lock file); the hash is written beside the output when the build
 * succeeds, and the next run compares it. A second `npm start` with nothing changed is the
 * server's start alone. `npm run build -- --force` builds both anyway.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type BuildTarget = {
  name: 'web' | 'server';
  /** Folders and files, relative to the root, whose contents the build reads. */
  inputs: readonly string[];
  /** The file, inside the output, that keeps the inputs' hash of the last build. */
  stamp: string;
};

/** What the workspace's builds read; tests and outputs are not inputs. */
export const TARGETS: readonly BuildTarget[] = [
  {
    name: 'web',
    inputs: ['web', 'domain/src', 'domain/package.json', 'package-lock.json', 'tsconfig.base.json'],
    stamp: 'web/dist/.build-inputs',
  },
  {
    name: 'server',
    inputs: [
      'server/src',
      'server/package.json',
      'domain/src',
      'domain/package.json',
      'scripts/build-server.ts',
      'package-lock.json',
      'tsconfig.base.json',
    ],
    stamp: 'server/dist/.build-inputs',
  },
];

/** Not inputs: outputs, installed packages, tests and their set-up. */
export function isInput(relative: string): boolean {
  const parts = relative.split('/');
  if (parts.some((part) => part === 'node_modules' || part === 'dist' || part.startsWith('.'))) return false;
  if (/\.test\.tsx?$/.test(relative)) return false;
  return !relative.startsWith('web/src/test/');
}

/** The input files under `folder` (relative to `root`), not descending into what is not an input. */
function inputFiles(root: string, folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (!isInput(relative)) continue;
    if (entry.isDirectory()) files.push(...inputFiles(root, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** The hash of `inputs` under `root`: every input file's path and content, in path order. */
export function inputsHash(root: string, inputs: readonly string[]): string {
  const files: string[] = [];
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) files.push(...inputFiles(root, input));
    else files.push(input);
  }
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `target`'s last build, under `root`, was made from inputs hashing to `hash`. */
export function isUpToDate(root: string, target: BuildTarget, hash: string): boolean {
  const stamp = path.join(root, target.stamp);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash;
}

async function buildTarget(target: BuildTarget): Promise<void> {
  if (target.name === 'web') {
    execFileSync('npm', ['run', 'build', '-w', 'web', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    return;
  }
  const { buildServer, SERVER_BUNDLE } = await import('./build-server');
  const { bytes, externals } = await buildServer();
  console.log(
    `server bundle: ${path.relative(ROOT, SERVER_BUNDLE)} (${(bytes / 1024).toFixed(0)} KB, ${externals.length} external imports)`,
  );
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  for (const target of TARGETS) {
    const before = inputsHash(ROOT, target.inputs);
    if (!force && isUpToDate(ROOT, target, before)) {
      console.log(`${target.name}: up to date (nothing it reads changed since its last build)`);
      continue;
    }
    await buildTarget(target);
    // Stamped with the inputs as they were when the build began: an edit made during the build
    // makes the next run build again.
    writeFileSync(path.join(ROOT, target.stamp), `${before}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
