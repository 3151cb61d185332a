import type { BulkImport } from '@tessera/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBulkTestApp,
  csvOf,
  waitForImport,
  WORKBOOK_PARTS,
  xlsxOf,
  zipOf,
  type BulkTestContext,
} from '../../../test/bulk-files';
import { demoApiClient, seedDemoWorld, type DemoUserKey } from '../../../test/tenant-helper';

/*
 * Issue 20 §3: mutated bulk files through the upload, as a user would send them. From valid seeds
 * (a load and a new-cards workbook, a CSV) come truncated zips, flipped bytes, wrong magic numbers,
 * empty files, a huge shared-strings table, deep XML, formulas, external links, random bytes, and
 * files just over every limit (bytes, unzipped bytes, rows). Each must be refused with a clear,
 * translated reason (at the upload, or as the import's failure) or read correctly; none may make a
 * 500 or leave an import hanging, and the server's memory stays bounded. FILE_FUZZ_COUNT files (120 in
 * `npm test`; `npm run bench file-fuzz` asks for 1,000).
 */
const COUNT = Number(process.env.FILE_FUZZ_COUNT ?? 120);
/** Limits small enough that "just over" is cheap to make. */
const LIMITS = { BULK_MAX_BYTES: 262_144, BULK_MAX_ROWS: 60, BULK_MAX_UNZIPPED_BYTES: 2_097_152 };
const API = '/api/v1/orders';
const LOAD_HEADER = ['Κωδικός κάρτας', 'Τελευταία 4 ψηφία', 'Κωδικός εργαζομένου', 'Ποσό (€)'];
const NEW_HEADER = ['Προϊόν', 'Οικογένεια', 'Επώνυμο', 'Όνομα', 'Email', 'Κωδικός εργαζομένου', 'Ποσό (€)'];

let ctx: BulkTestContext;
let ids: Record<DemoUserKey, string>;
const { api, ok, headersOf } = demoApiClient(
  () => ctx,
  () => ids,
  API,
);

type Seed = { name: string; purpose: 'load' | 'new'; data: Buffer };
let seeds: Seed[] = [];
/** Files made once: each is a mutation of its own kind. */
let special: Seed[] = [];

beforeAll(async () => {
  ctx = await createBulkTestApp({
    demoWorld: { cardScale: 0.05 },
    batchSize: 100,
    env: {
      ...Object.fromEntries(Object.entries(LIMITS).map(([k, v]) => [k, String(v)])),
      // The polling of a thousand imports from one address is not what the general limit is for.
      RATE_LIMIT_MAX: '100000000',
    },
  });
  ids = await seedDemoWorld(ctx, { cardScale: 0.05 });
  const loadRows = Array.from({ length: 12 }, (_, index) => ['', String(1000 + index), `E${index}`, '25']);
  const newRows = Array.from({ length: 8 }, (_, index) => [
    'Ticket Restaurant',
    'Πλαστική',
    'Παπαδοπούλου',
    `Μαρία ${index}`,
    `maria${index}@example.gr`,
    `N${index}`,
    '40',
  ]);
  seeds = [
    { name: 'φορτίσεις.xlsx', purpose: 'load', data: await xlsxOf([LOAD_HEADER, ...loadRows]) },
    { name: 'νέες.xlsx', purpose: 'new', data: await xlsxOf([NEW_HEADER, ...newRows]) },
    { name: 'φορτίσεις.csv', purpose: 'load', data: csvOf([LOAD_HEADER, ...loadRows]) },
  ];
  const sharedStrings = Array.from({ length: 30_000 }, (_, index) => [`κείμενο ${index} ${'x'.repeat(40)}`]);
  const deep = `<worksheet>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}</worksheet>`;
  special = [
    { name: 'άδειο.xlsx', purpose: 'load', data: Buffer.alloc(0) },
    { name: 'άδειο.csv', purpose: 'load', data: Buffer.alloc(0) },
    { name: 'κοινά-κείμενα.xlsx', purpose: 'load', data: await xlsxOf([LOAD_HEADER, ...sharedStrings]) },
    {
      name: 'βαθύ.xlsx',
      purpose: 'load',
      data: zipOf([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(deep) }]),
    },
    {
      name: 'τύποι.xlsx',
      purpose: 'load',
      data: await xlsxOf([
        LOAD_HEADER,
        ['', { formula: '1000+1' }, 'E1', { formula: 'SUM(1,2)' }],
        ['', '=cmd|" /C calc"!A0', '@SUM(1)', '+25'],
      ]),
    },
    {
      name: 'εξωτερικοί-σύνδεσμοι.xlsx',
      purpose: 'load',
      data: zipOf([
        ...WORKBOOK_PARTS,
        {
          name: 'xl/externalLinks/externalLink1.xml',
          data: Buffer.from('<externalLink><externalBook r:id="rId1"/></externalLink>'),
        },
        {
          name: 'xl/externalLinks/_rels/externalLink1.xml.rels',
          data: Buffer.from(
            '<Relationships><Relationship Id="rId1" Target="file:///etc/passwd" TargetMode="External"/></Relationships>',
          ),
        },
      ]),
    },
    {
      name: 'βόμβα.xlsx',
      purpose: 'load',
      data: zipOf([
        ...WORKBOOK_PARTS,
        { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(LIMITS.BULK_MAX_UNZIPPED_BYTES + 1, 0x20) },
      ]),
    },
    { name: 'μεγάλο.csv', purpose: 'load', data: Buffer.alloc(LIMITS.BULK_MAX_BYTES + 1, 0x41) },
    {
      name: 'πολλές-γραμμές.csv',
      purpose: 'load',
      data: csvOf([
        LOAD_HEADER,
        ...Array.from({ length: LIMITS.BULK_MAX_ROWS + 1 }, (_, i) => ['', '1234', `E${i}`, '10']),
      ]),
    },
    {
      name: 'πολλές-γραμμές.xlsx',
      purpose: 'load',
      data: await xlsxOf([
        LOAD_HEADER,
        ...Array.from({ length: LIMITS.BULK_MAX_ROWS + 1 }, (_, i) => ['', '1234', `E${i}`, '10']),
      ]),
    },
  ];
}, 300_000);
afterAll(async () => ctx?.close());

/** A mutation of a seed, chosen by fast-check (seeded: the same files every run). */
const mutations: fc.Arbitrary<(seed: Buffer) => Buffer> = fc.oneof(
  // Truncated anywhere (a zip cut short, a CSV cut mid-line).
  fc
    .double({ min: 0, max: 1, noNaN: true })
    .map((at) => (seed: Buffer) => seed.subarray(0, Math.floor(seed.length * at))),
  // Bytes flipped.
  fc
    .array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 24,
    })
    .map((flips) => (seed: Buffer) => {
      const copy = Buffer.from(seed);
      for (const [at, byte] of flips) if (copy.length > 0) copy[Math.floor(at * (copy.length - 1))] = byte;
      return copy;
    }),
  // A wrong magic number.
  fc
    .constantFrom('%PDF', 'GIF8', '\x7fELF', 'MZ\x90\x00', '\xff\xd8\xff\xe0')
    .map((magic) => (seed: Buffer) => Buffer.concat([Buffer.from(magic, 'latin1'), seed.subarray(4)])),
  // Random bytes.
  fc.uint8Array({ minLength: 0, maxLength: 4_096 }).map((bytes) => () => Buffer.from(bytes)),
  // Junk appended, or a slice repeated.
  fc
    .uint8Array({ minLength: 1, maxLength: 2_048 })
    .map((bytes) => (seed: Buffer) => Buffer.concat([seed, Buffer.from(bytes)])),
  fc
    .integer({ min: 2, max: 20 })
    .map(
      (times) => (seed: Buffer) => Buffer.concat(Array.from({ length: times }, () => seed.subarray(0, 512))),
    ),
);

type Outcome = { status: number; state: BulkImport['state'] | null; failure: string | null };

/** Uploads a file as the order manager (each from its own address: the upload limit is per address). */
async function upload(file: Seed, index: number): Promise<Outcome> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}/uploadExcelDraftOrder?${new URLSearchParams({ purpose: file.purpose, fileName: file.name }).toString()}`,
    headers: {
      ...(await headersOf('om1')),
      companyid: 'C1001',
      culture: index % 2 === 0 ? 'el-gr' : 'en-us',
      'content-type': 'application/octet-stream',
    },
    remoteAddress: `10.20.${(index >> 8) & 255}.${index & 255}`,
    payload: file.data,
  });
  if (response.statusCode >= 500)
    throw new Error(`${file.name}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  if (response.statusCode !== 202) {
    const body = response.json<{ success: boolean; errorMessage?: string }>();
    if (body.success !== false || !body.errorMessage)
      throw new Error(`${file.name}: ${response.statusCode} without a reason`);
    return { status: response.statusCode, state: null, failure: null };
  }
  const { importId } = response.json<{ import: BulkImport }>().import;
  const read = await waitForImport(
    async () => ok<{ import: BulkImport }>(await api('om1', 'GET', `bulkImports/${importId}`)).import,
  );
  if (read.state === 'failed' && !read.failure?.message)
    throw new Error(`${file.name}: failed without a reason`);
  return { status: 202, state: read.state, failure: read.failure?.code ?? null };
}

describe('mutated bulk files', () => {
  it(`refuses each of ${COUNT} mutated files with a translated reason or reads it, never failing`, async () => {
    const files: Seed[] = [...special];
    const picks = fc.sample(fc.tuple(fc.nat(seeds.length - 1), mutations), {
      numRuns: Math.max(0, COUNT - special.length),
      seed: 20_261_126,
    });
    for (const [which, mutate] of picks) {
      const seed = seeds[which]!;
      files.push({ ...seed, data: mutate(seed.data) });
    }
    const outcomes = new Map<string, number>();
    let peakRss = 0;
    const before = process.memoryUsage().rss;
    for (const [index, file] of files.entries()) {
      const outcome = await upload(file, index);
      const key =
        outcome.state === null
          ? `refused ${outcome.status}`
          : outcome.state === 'failed'
            ? `failed: ${outcome.failure}`
            : `read (${outcome.state})`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    console.log(
      `file fuzzing: ${files.length} files; ${[...outcomes]
        .sort()
        .map(([key, count]) => `${key} ×${count}`)
        .join('; ')}; ` + `rss ${Math.round(before / 1e6)} → peak ${Math.round(peakRss / 1e6)} MB`,
    );
    // Bounded: the test process (the server and its workers) never grew by more than 600 MB.
    expect(peakRss - before).toBeLessThan(600e6);
    expect(files.length).toBeGreaterThanOrEqual(Math.min(COUNT, 120));
  }, 3_600_000);
});
