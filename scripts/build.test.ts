import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, isInput, isUpToDate, TARGETS } from './build';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const web = TARGETS.find((target) => target.name === 'web')!;
const server = TARGETS.find((target) => target.name === 'server')!;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tessera-build-'));
  write('web/src/main.tsx', 'render()');
  write('web/vite.config.ts', 'export default {}');
  write('domain/src/money.ts', 'export const cents = 100;');
  write('server/src/main.ts', 'start()');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('building only what changed (npm start, issue 36 §6)', () => {
  it('hashes the same inputs the same way, and a changed source differently', () => {
    const first = inputsHash(root, web.inputs);
    expect(inputsHash(root, web.inputs)).toBe(first);
    write('web/src/main.tsx', 'render(2)');
    expect(inputsHash(root, web.inputs)).not.toBe(first);
  });

  it('rebuilds both for a change to the shared domain or the lock file, one for its own sources', () => {
    const hashes = () => [inputsHash(root, web.inputs), inputsHash(root, server.inputs)];
    const [web0, server0] = hashes();
    write('server/src/main.ts', 'start(2)');
    const [web1, server1] = hashes();
    expect(web1).toBe(web0);
    expect(server1).not.toBe(server0);
    write('domain/src/money.ts', 'export const cents = 101;');
    const [web2, server2] = hashes();
    expect(web2).not.toBe(web1);
    expect(server2).not.toBe(server1);
    write('package-lock.json', '{"v":2}');
    const [web3, server3] = hashes();
    expect(web3).not.toBe(web2);
    expect(server3).not.toBe(server2);
  });

  it('counts a new or renamed file, but not tests, outputs or installed packages', () => {
    const base = inputsHash(root, web.inputs);
    write('web/src/features/cards.test.tsx', 'test()');
    write('web/src/test/setup.ts', 'reset()');
    write('web/dist/index.html', '<html>');
    write('web/node_modules/x/index.js', 'x');
    expect(inputsHash(root, web.inputs)).toBe(base);
    write('web/src/extra.ts', 'render()');
    const withExtra = inputsHash(root, web.inputs);
    expect(withExtra).not.toBe(base);
    rmSync(path.join(root, 'web/src/extra.ts'));
    write('web/src/other.ts', 'render()');
    expect(inputsHash(root, web.inputs)).not.toBe(withExtra);
    expect(isInput('web/src/app/app.tsx')).toBe(true);
    expect(isInput('server/src/modules/cards/cards.test.ts')).toBe(false);
  });

  it('is up to date only when the stamp holds the current hash', () => {
    const hash = inputsHash(root, server.inputs);
    expect(isUpToDate(root, server, hash)).toBe(false);
    write(server.stamp, `${hash}\n`);
    expect(isUpToDate(root, server, hash)).toBe(true);
    write('server/src/main.ts', 'start(3)');
    expect(isUpToDate(root, server, inputsHash(root, server.inputs))).toBe(false);
  });
});
