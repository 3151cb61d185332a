/**
 * Regenerates `EN16931-UBL-validation.sef.json.gz` from `EN16931-UBL-validation.xslt` (README
 * beside it): SaxonJS runs compiled stylesheets (SEF) only, and compiling this one takes about
 * 25 s on the 2-core machine, so the tests load the vendored SEF instead of compiling it on
 * every run. Run after replacing the XSLT with a new release of the rules:
 *
 *   node --import tsx server/src/modules/invoicing/ubl/en16931/compile-sef.ts
 *
 * It compiles with the `xslt3` command of the installed SaxonJS (`-relocate:on`: no absolute path
 * of this machine in the output), gzips the result and prints the SHA-256 of the files for the
 * README. Two compilations of one XSLT differ only in the SEF's `buildDateTime` (and the checksum
 * SaxonJS keeps over it), so a new SEF is expected after every run.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const FOLDER = import.meta.dirname;
const XSLT = path.join(FOLDER, 'EN16931-UBL-validation.xslt');
const SEF = path.join(FOLDER, 'EN16931-UBL-validation.sef.json.gz');

const xslt3 = createRequire(import.meta.url).resolve('xslt3/xslt3.js');
const work = mkdtempSync(path.join(tmpdir(), 'en16931-sef-'));
try {
  const compiled = path.join(work, 'EN16931-UBL-validation.sef.json');
  const started = performance.now();
  execFileSync(process.execPath, [xslt3, `-xsl:${XSLT}`, `-export:${compiled}`, '-nogo', '-relocate:on'], {
    stdio: 'inherit',
  });
  const json = readFileSync(compiled);
  writeFileSync(SEF, gzipSync(json, { level: 9 }));
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  console.log(`compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${sha(readFileSync(XSLT))}  EN16931-UBL-validation.xslt`);
  console.log(`${sha(json)}  EN16931-UBL-validation.sef.json (uncompressed)`);
  console.log(`${sha(readFileSync(SEF))}  EN16931-UBL-validation.sef.json.gz`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
