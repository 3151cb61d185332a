import {
  BULK_COLUMNS,
  BULK_PURPOSE_COLUMNS,
  type BulkImport,
  type BulkImportRow,
  type BulkLoadCardOrderResponse,
  type BulkPurpose,
  type DraftOrder,
} from '@tessera/domain';
import ExcelJS from 'exceljs';
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

/**
 * Bulk loads and orders by file (ADR 011), through the HTTP API with the job workers running:
 * templates, uploads of good and bad files, the preview and its corrections, and the drafts it
 * makes.
 */

let ctx: BulkTestContext;
let ids: Record<DemoUserKey, string>;
const API = '/api/v1/orders';
const { api, ok, headersOf } = demoApiClient(
  () => ctx,
  () => ids,
  API,
);

type CardFixture = {
  id: string;
  last4: string;
  status: string;
  product: string;
  family: string;
  employeeCode: string;
  email: string;
  firstName: string;
  lastName: string;
};
/** Loadable cards of C1001 (active, far from expiry), a blocked and a replaced one, one of C1002. */
let good: CardFixture[];
let blocked: CardFixture;
let replaced: CardFixture;
let foreign: CardFixture;

async function cardsOf(companyId: string): Promise<CardFixture[]> {
  const { rows } = await ctx.database.pool.query<CardFixture>(
    `select c.id, c.last4, c.status, c.product, c.family, h.employee_code as "employeeCode", h.email,
            h.first_name as "firstName", h.last_name as "lastName"
       from cards c join cardholders h on h.id = c.cardholder_id
      where c.company_id = $1 and c.status = 'active' and c.replaced_by_card_id is null
        and c.expiry_date > current_date + 70
      order by c.id`,
    [companyId],
  );
  return rows;
}

async function upload(
  file: Buffer,
  options: {
    purpose?: BulkPurpose;
    fileName?: string;
    user?: DemoUserKey;
    company?: string;
    contentType?: string;
    culture?: string;
    replaces?: string;
  } = {},
) {
  const query = new URLSearchParams({
    purpose: options.purpose ?? 'load',
    fileName: options.fileName ?? 'αρχείο.xlsx',
    ...(options.replaces ? { replacesImportId: options.replaces } : {}),
  });
  return ctx.app.inject({
    method: 'POST',
    url: `${API}/uploadExcelDraftOrder?${query.toString()}`,
    headers: {
      ...(await headersOf(options.user ?? 'om1')),
      companyid: options.company ?? 'C1001',
      'content-type': options.contentType ?? 'application/octet-stream',
      ...(options.culture ? { culture: options.culture } : {}),
    },
    payload: file,
  });
}

async function importOf(importId: string, culture = 'en-us'): Promise<BulkImport> {
  return ok<{ import: BulkImport }>(await api('om1', 'GET', `bulkImports/${importId}`, { culture })).import;
}

/** Uploads a file and waits until it is read; answers the import. */
async function imported(file: Buffer, options: Parameters<typeof upload>[1] = {}): Promise<BulkImport> {
  const response = await upload(file, options);
  expect(response.statusCode, response.body).toBe(202);
  const { importId } = response.json<{ import: BulkImport }>().import;
  return waitForImport(() => importOf(importId, options.culture ?? 'en-us'));
}

async function rowsOf(importId: string, status = 'all', culture = 'en-us'): Promise<BulkImportRow[]> {
  const body = ok<{ rows: BulkImportRow[] }>(
    await api('om1', 'GET', `bulkImports/${importId}/rows?status=${status}&pageSize=200`, { culture }),
  );
  return body.rows;
}

function codesOf(row: BulkImportRow | undefined): string[] {
  return (row?.problems ?? []).map((problem) => `${problem.column ?? '-'}:${problem.code}`);
}

async function patchRow(
  importId: string,
  rowNumber: number,
  cells: Record<string, string>,
  user: DemoUserKey = 'om1',
) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `${API}/bulkImports/${importId}/rows/${rowNumber}`,
    headers: { ...(await headersOf(user)), companyid: 'C1001', culture: 'en-us' },
    payload: { cells },
  });
}

async function convert(importId: string, headers: Record<string, string> = {}, extra: object = {}) {
  return api('om1', 'POST', 'bulkLoadCardOrder', { payload: { importId, ...extra }, headers });
}

async function draftOf(draftId: string): Promise<DraftOrder> {
  return ok<{ draftOrder: DraftOrder }>(await api('om1', 'GET', `retrieveDraftOrder?draftId=${draftId}`))
    .draftOrder;
}

const LOAD_HEADER = ['Κωδικός κάρτας', 'Τελευταία 4 ψηφία', 'Κωδικός εργαζομένου', 'Ποσό (€)'];
const NEW_HEADER = ['Προϊόν', 'Οικογένεια', 'Επώνυμο', 'Όνομα', 'Email', 'Κωδικός εργαζομένου', 'Ποσό (€)'];

beforeAll(async () => {
  ctx = await createBulkTestApp({ demoWorld: { cardScale: 0.1 }, batchSize: 200 });
  ids = await seedDemoWorld(ctx, { cardScale: 0.1 });
  const cards = await cardsOf('C1001');
  expect(cards.length).toBeGreaterThanOrEqual(10);
  good = cards.slice(0, 7);
  blocked = cards[7]!;
  replaced = cards[8]!;
  await ctx.database.pool.query(`update cards set status = 'blocked' where id = $1`, [blocked.id]);
  await ctx.database.pool.query(`update cards set status = 'replaced' where id = $1`, [replaced.id]);
  foreign = (await cardsOf('C1002'))[0]!;
});

afterAll(async () => {
  await ctx?.close();
});

describe('sample and example files', () => {
  it('come for every purpose in both languages, with lists for product and family and instructions', async () => {
    for (const purpose of ['load', 'new', 'mixed'] as const) {
      for (const lang of ['el', 'en'] as const) {
        for (const kind of ['Sample', 'Example'] as const) {
          const response = await api(
            'finance',
            'GET',
            `download${kind}File?purpose=${purpose}&lang=${lang}`,
            {
              company: 'C1002',
            },
          );
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['content-type']).toContain('spreadsheetml');
          expect(response.headers['content-disposition']).toMatch(
            /^attachment; filename="[\w.-]+"; filename\*=UTF-8''/,
          );
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
          const [data, lists, help] = workbook.worksheets;
          const headers = (data!.getRow(1).values as string[]).slice(1);
          expect(headers).toEqual(BULK_PURPOSE_COLUMNS[purpose].map((key) => BULK_COLUMNS[key].header[lang]));
          expect(lists!.state).toBe('hidden');
          expect(help!.name).toBe(lang === 'el' ? 'Οδηγίες' : 'Instructions');
          const validations = Object.values(
            (data as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } })
              .dataValidations.model,
          );
          const lists_ = new Set(validations.map((validation) => String(validation.formulae[0])));
          expect(lists_.size).toBe(
            BULK_PURPOSE_COLUMNS[purpose].filter((key) => ['product', 'family', 'action'].includes(key))
              .length,
          );
          expect(validations.every((validation) => validation.type === 'list')).toBe(true);
          expect(data!.rowCount > 1).toBe(kind === 'Example');
        }
      }
    }
  });

  it('need a signed-in company user, and refuse a purpose they do not know', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `${API}/downloadSampleFile?purpose=load` });
    expect(anonymous.statusCode).toBe(401);
    expect((await api('merchant', 'GET', 'downloadSampleFile?purpose=load')).statusCode).toBe(403);
    const bad = await api('om1', 'GET', 'downloadSampleFile?purpose=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('querystring.purpose');
  });

  it('upload as they are: the new-card example becomes drafts, the load example names unknown cards', async () => {
    const example = await api('om1', 'GET', 'downloadExampleFile?purpose=new&lang=el');
    const read = await imported(example.rawPayload, { purpose: 'new', fileName: 'παράδειγμα.xlsx' });
    expect(read.state).toBe('ready');
    expect(read.rowsError).toBe(0);
    expect(read.rowsOk + read.rowsWarning).toBe(4);
    const loads = await api('om1', 'GET', 'downloadExampleFile?purpose=load&lang=en');
    const loadRead = await imported(loads.rawPayload, { purpose: 'load' });
    expect(loadRead.rowsError).toBe(5);
    const rows = await rowsOf(loadRead.importId);
    expect(rows.every((row) => codesOf(row).includes('last4:bulkUnknownCard'))).toBe(true);
  });
});

describe('uploads', () => {
  it('turn a good load file into one BULK_LOAD draft that continues in the normal flow', async () => {
    const tr = good.filter((card) => card.product === good[0]!.product && card.family === good[0]!.family);
    const file = await xlsxOf([
      LOAD_HEADER,
      ...tr.map((card, index) =>
        index % 2 ? [card.id, '', '', 50] : ['', card.last4, card.employeeCode, '50,00'],
      ),
    ]);
    const read = await imported(file, { fileName: 'Μισθοδοσία Μαρτίου.xlsx' });
    expect(read).toMatchObject({ state: 'ready', rowsRead: tr.length, rowsError: 0, fileKind: 'xlsx' });
    expect(read.columns.map((column) => column.key)).toEqual(['cardId', 'last4', 'employeeCode', 'amount']);
    // Issue 35 §8 (ADR 049): with the option, the holders the file names are invited to the app.
    const response = await convert(read.importId, {}, { inviteCardholders: true });
    const { drafts, invitedCardholders } = ok<BulkLoadCardOrderResponse>(response);
    const emails = [...new Set(tr.map((card) => card.email.toLowerCase()).filter(Boolean))].sort();
    expect(emails.length).toBeGreaterThan(0);
    expect(invitedCardholders).toBe(emails.length);
    const invited = await ctx.database.pool.query<{ email: string }>(
      'select email from cardholder_accounts where invited_at is not null order by email',
    );
    expect(invited.rows.map((row) => row.email)).toEqual(emails);
    expect(drafts).toEqual([
      expect.objectContaining({
        reason: 'load-card',
        orderType: 'BULK_LOAD',
        product: good[0]!.product,
        family: good[0]!.family,
        draftOrderAlias: 'Μισθοδοσία Μαρτίου',
        lines: tr.length,
      }),
    ]);
    const draft = await draftOf(drafts[0]!.draftId);
    expect(draft.lines.map((line) => line.cardId).sort()).toEqual(tr.map((card) => card.id).sort());
    expect(draft.lines.every((line) => line.amountCents === 5_000)).toBe(true);
    expect(draft.price.loadCents).toBe(5_000 * tr.length);
    const after = await importOf(read.importId);
    expect(after.state).toBe('converted');
    expect(after.drafts).toEqual(drafts);
    const { rows } = await ctx.database.pool.query('select 1 from bulk_import_files where import_id = $1', [
      read.importId,
    ]);
    expect(rows).toHaveLength(0);
    const audit = await ctx.database.pool.query<{ action: string }>(
      `select action from audit_log where entity_id in ($1, $2) order by id`,
      [read.importId, drafts[0]!.draftId],
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'bulk-import.upload',
      'bulk-import.ready',
      'draft.create',
      'bulk-import.convert',
    ]);
  });

  it('make a load draft and a new-card draft from a mixed file', async () => {
    const file = await xlsxOf([
      ['Ενέργεια', 'Κωδικός κάρτας', 'Προϊόν', 'Οικογένεια', 'Επώνυμο', 'Όνομα', 'Email', 'Ποσό (€)'],
      ['Φόρτωση', good[0]!.id, '', '', '', '', '', 40],
      ['Νέα κάρτα', '', 'Ticket Restaurant', 'Ψηφιακή', 'Ζαχαρίου', 'Ευτυχία', 'e.z@example.gr', 30],
      ['new card', '', 'Spendeo', '', 'Λαμπράκης', 'Ορέστης', '', '0'],
    ]);
    const read = await imported(file, { purpose: 'mixed' });
    expect(read.rowsError).toBe(0);
    const { rows: points } = await ctx.database.pool.query<{ id: string }>(
      `select id from delivery_points where company_id = 'C1001' order by created_at, id limit 1`,
    );
    const { drafts } = ok<BulkLoadCardOrderResponse>(
      await convert(read.importId, {}, { deliveryPointId: points[0]!.id }),
    );
    expect(
      drafts.map((draft) => [draft.reason, draft.orderType, draft.product, draft.family, draft.lines]),
    ).toEqual([
      ['load-card', 'BULK_LOAD', good[0]!.product, good[0]!.family, 1],
      ['new-card', 'NEW', 'SPENDEO', 'spendeo', 1],
      ['new-card', 'NEW', 'TICKET_RESTAURANT', 'virtual', 1],
    ]);
    // Only the plastic (Spendeo) cards are shipped, so only their draft keeps the delivery point
    // and is charged for delivery (shipmentOf).
    const saved = await Promise.all(drafts.map((draft) => draftOf(draft.draftId)));
    expect(
      saved.map((draft) => [draft.deliveryPoint?.deliveryPointId ?? null, draft.price.deliveryFeeCents > 0]),
    ).toEqual([
      [null, false],
      [points[0]!.id, true],
      [null, false],
    ]);
    const newCards = await draftOf(drafts[2]!.draftId);
    expect(newCards.lines[0]!.cardholder).toMatchObject({
      firstName: 'Ευτυχία',
      lastName: 'Ζαχαρίου',
      email: 'e.z@example.gr',
    });
    expect(newCards.lines[0]!.amountCents).toBe(3_000);
  });

  it('match headers in either language and any order, ignoring accents, case and extra spaces', async () => {
    const card = good[1]!;
    const file = await xlsxOf([
      ['  AMOUNT (€) ', 'Notes', 'employee   code', 'ΤΕΛΕΥΤΑΙΑ 4 ΨΗΦΙΑ'],
      ['12,5', 'ό,τι να ’ναι', card.employeeCode.toLowerCase(), card.last4],
    ]);
    const read = await imported(file);
    expect(read.rowsError).toBe(0);
    expect(read.ignoredColumns).toEqual(['Notes']);
    const [row] = await rowsOf(read.importId);
    expect(row!.card?.maskedNumber).toMatch(new RegExp(`${card.last4}$`));
    expect(row!.amountCents).toBe(1_250);
  });

  it('read amounts written as 1.234,56, 1234.56 or numbers', async () => {
    const benefits =
      good.find((card) => card.product === 'MY_BENEFITS' || card.product === 'SPENDEO') ?? good[2]!;
    const amounts = ['1.234,56', '1234.56', '€ 20', '99,9', 45.5, '1,2,3'];
    const file = await xlsxOf([LOAD_HEADER, ...amounts.map((amount) => [benefits.id, '', '', amount])]);
    const read = await imported(file);
    const rows = await rowsOf(read.importId);
    expect(rows.map((row) => row.amountCents)).toEqual([123_456, 123_456, 2_000, 9_990, 4_550, null]);
    expect(codesOf(rows[5])).toContain('amount:bulkAmountInvalid');
  });

  it('fail a file whose headers do not name the columns, saying which are missing in the user’s language', async () => {
    const file = await xlsxOf([
      ['Όνομα', 'Επώνυμο'],
      ['Γιώργος', 'Παπαδόπουλος'],
    ]);
    const read = await imported(file, { culture: 'el-gr' });
    expect(read.state).toBe('failed');
    expect(read.failure?.code).toBe('bulkHeadersMissing');
    expect(read.failure?.message).toContain('Ποσό (€)');
    expect(read.failure?.message).toContain('Κωδικός κάρτας ή Τελευταία 4 ψηφία');
    expect(await rowsOf(read.importId)).toEqual([]);
  });

  it('name every problem of a bad file by row, column and reason, each row at once', async () => {
    const [a, b] = good;
    const file = await xlsxOf([
      ['Κωδικός κάρτας', 'Τελευταία 4 ψηφία', 'Κωδικός εργαζομένου', 'Προϊόν', 'Ποσό (€)'],
      ['', '0000', 'E99999', '', 50], // 2: no such card
      [foreign.id, '', '', '', 50], // 3: another company's card
      [blocked.id, '', '', '', 50], // 4
      [replaced.id, '', '', '', 50], // 5
      [a!.id, '', '', '', 100_000], // 6: over the product's limit
      [b!.id, '', '', '', 'πενήντα'], // 7
      ['', '', '', '', 50], // 8: names no card
      ['not-a-card', '', '', '', 50], // 9
      [a!.id, '9999', '', '', 50], // 10: id and last four disagree
      [b!.id, '', '', 'Δωροκάρτα', 50], // 11: wrong product (unless it is one)
      [b!.id, '', '', '', 60], // 12: same card as row 7
      [b!.id, '', '', '', 60], // 13: same as row 12
    ]);
    const read = await imported(file);
    expect(read.state).toBe('ready');
    const rows = await rowsOf(read.importId);
    const byRow = new Map(rows.map((row) => [row.rowNumber, row]));
    expect(codesOf(byRow.get(2))).toEqual(['last4:bulkUnknownCard']);
    expect(codesOf(byRow.get(3))).toEqual(['cardId:bulkCardNotOfCompany']);
    expect(codesOf(byRow.get(4))).toEqual(['cardId:bulkCardBlocked']);
    expect(codesOf(byRow.get(5))).toEqual(['cardId:bulkCardReplaced']);
    expect(codesOf(byRow.get(6))).toEqual(['amount:amountOutOfRange']);
    expect(codesOf(byRow.get(7))).toEqual(['amount:bulkAmountInvalid']);
    expect(codesOf(byRow.get(8))).toEqual(['cardId:bulkCardIdentifierRequired']);
    expect(codesOf(byRow.get(9))).toEqual(['cardId:bulkUnknownCard']);
    expect(codesOf(byRow.get(10))).toEqual(['last4:bulkCardMismatch']);
    if (b!.product !== 'VOUCHER') expect(codesOf(byRow.get(11))).toContain('product:bulkProductMismatch');
    expect(codesOf(byRow.get(12))).toContain('-:bulkDuplicateCard');
    expect(codesOf(byRow.get(13))).toEqual(['-:bulkDuplicateRow']);
    expect(byRow.get(13)!.problems[0]!.message).toBe('The same as row 12.');
    expect(byRow.get(6)!.problems[0]).toMatchObject({ header: 'Amount (€)', level: 'error' });
    expect(byRow.get(6)!.problems[0]!.message).toMatch(
      /^The amount must be between \d+,\d\d\u00a0€ and [\d.]+,\d\d\u00a0€\.$/,
    );
    expect(read.rowsError).toBe(12);
    const greek = await rowsOf(read.importId, 'error', 'el-gr');
    expect(greek.find((row) => row.rowNumber === 4)!.problems[0]!.message).toBe(
      'Η κάρτα είναι μπλοκαρισμένη και δεν μπορεί να φορτωθεί.',
    );
  });

  it('refuse another company’s card row by row without revealing anything about it', async () => {
    const file = await xlsxOf([
      LOAD_HEADER,
      [foreign.id, '', '', 50],
      ['', foreign.last4, foreign.employeeCode, 50],
    ]);
    const read = await imported(file);
    const response = await api('om1', 'GET', `bulkImports/${read.importId}/rows`, { culture: 'en-us' });
    const rows = ok<{ rows: BulkImportRow[] }>(response).rows;
    expect(codesOf(rows[0])).toEqual(['cardId:bulkCardNotOfCompany']);
    // The same answer as for an id no card has; by last four digits it is simply unknown.
    expect(codesOf(rows[1])).toEqual(['last4:bulkUnknownCard']);
    expect(rows.every((row) => row.card === null && row.product === null)).toBe(true);
    const shown = JSON.stringify(rows);
    for (const text of [
      foreign.lastName,
      foreign.product,
      foreign.family,
      foreign.email,
      'maskedNumber',
      '••',
    ]) {
      expect(shown).not.toContain(text);
    }
  });

  it('read a CSV saved by Greek Excel (Windows-1253, semicolons) and a UTF-8 one with commas', async () => {
    const card = good[2]!;
    const rows = [
      ['Προϊόν', 'Οικογένεια', 'Επώνυμο', 'Όνομα', 'Ποσό (€)'],
      ['Ticket Restaurant', 'Πλαστική', 'Αθανασίου', 'Ανδρέας', '12,50'],
      ['Ticket Restaurant', 'Ψηφιακή', 'Βασιλείου', 'Ζωή', '20'],
    ];
    const cp1253 = await imported(csvOf(rows, { encoding: 'windows-1253' }), {
      purpose: 'new',
      fileName: 'νέες.csv',
      contentType: 'text/csv',
    });
    expect(cp1253).toMatchObject({ state: 'ready', fileKind: 'csv', rowsRead: 2, rowsError: 0 });
    expect((await rowsOf(cp1253.importId))[0]!.cells).toMatchObject({
      lastName: 'Αθανασίου',
      firstName: 'Ανδρέας',
    });
    const comma = await imported(
      csvOf(
        [
          ['Last 4 digits', 'Employee code', 'Amount'],
          [card.last4, card.employeeCode, '1234.5'],
        ],
        { delimiter: ',' },
      ),
      { fileName: 'loads.csv', contentType: 'application/vnd.ms-excel' },
    );
    expect(comma.state).toBe('ready');
    expect((await rowsOf(comma.importId))[0]!.amountCents).toBe(123_450);
  });

  it('flag a formula without a cached value as a row problem and read the cached value of one that has it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Loads');
    sheet.addRow(['Card ID', 'Amount']);
    sheet.addRow([good[3]!.id, { formula: '10+5', result: 15 }]);
    sheet.addRow([good[4]!.id, { formula: 'B2*2' }]);
    const read = await imported(Buffer.from(await workbook.xlsx.writeBuffer()));
    const rows = await rowsOf(read.importId);
    expect(rows[0]!.amountCents).toBe(1_500);
    expect(codesOf(rows[0])).toEqual([]);
    expect(codesOf(rows[1])).toEqual(['amount:bulkFormulaWithoutValue']);
  });

  it('refuse a zip whose directory declares a huge size before unzipping anything', async () => {
    const bomb = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<x/>'), declaredSize: 0xfffffff0 },
    ]);
    const response = await upload(bomb, { culture: 'en-us' });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errorCode: number; fields: { field: string; message: string }[] }>();
    expect(body.errorCode).toBe(80);
    expect(body.fields).toEqual([
      {
        field: 'file',
        message:
          'The file expands to more than 400 MB when opened and cannot be read. Split it into smaller files.',
      },
    ]);
    const { rows } = await ctx.database.pool.query(`select 1 from bulk_imports where file_bytes = $1`, [
      bomb.length,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('fail a zip that yields more than its directory declares, while verifying it', async () => {
    const bomb = zipOf([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(20 * 1024 * 1024, 0x20), declaredSize: 1_000 },
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    const read = await imported(bomb);
    expect(read.state).toBe('failed');
    expect(read.failure?.code).toBe('bulkFileExpandsTooMuch');
  });

  it('refuse a file that is no spreadsheet, an old .xls, an empty body and one over the size limit', async () => {
    const cases: [Buffer, string, string][] = [
      [Buffer.from('%PDF-1.7 not a workbook'), 'μισθοδοσία.xlsx', 'bulkFileNotSpreadsheet'],
      [
        zipOf([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]),
        'letter.xlsx',
        'bulkFileNotSpreadsheet',
      ],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'old.xls', 'bulkFileOldExcel'],
      [
        Buffer.concat([zipOf(WORKBOOK_PARTS).subarray(0, 60), Buffer.alloc(40)]),
        'cut.xlsx',
        'bulkFileNotSpreadsheet',
      ],
    ];
    for (const [file, fileName, key] of cases) {
      const response = await upload(file, { fileName });
      expect(response.statusCode, fileName).toBe(400);
      expect(response.json<{ errorCode: number }>().errorCode).toBe(80);
      expect(response.body, fileName).toContain(
        (await ctx.app.services.content.catalogue().validationMessage(key as 'bulkFileCorrupt', 'el'))?.slice(
          0,
          20,
        ),
      );
    }
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `${API}/uploadExcelDraftOrder?purpose=load&fileName=a.xlsx`,
      headers: { ...(await headersOf('om1')), companyid: 'C1001' },
    });
    expect(empty.statusCode).toBe(400);
    const tooBig = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41), { fileName: 'big.csv' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ errorCode: number }>().errorCode).toBe(9);
  });
});

describe('the preview', () => {
  let importId: string;

  beforeAll(async () => {
    const file = await xlsxOf([
      NEW_HEADER,
      ['Ticket Restaurant', 'Πλαστική', 'Ιωάννου', 'Άννα', 'anna@example.gr', 'E9001', '20'], // 2 ok
      ['Ticket Restaurant', '', 'Νικολάου', 'Πέτρος', '', '', '20'], // 3 family missing
      ['Spendeo', '', 'Ιωάννου', 'Άννα', 'ANNA@example.gr', '', '20'], // 4 same person as row 2
      ['Spendeo', '', '', '=HYPERLINK("https://evil","Click")', '', '', '20'], // 5 no last name
      ['Δωροκάρτα', 'Ψηφιακή', good[5]!.lastName, good[5]!.firstName, '', '', '20'], // 6 existing cardholder
      ['Ticket Restaurant', 'Πλαστική', 'Ιωάννου', 'Άννα', 'anna@example.gr', 'E9001', '20'], // 7 same as 2
    ]);
    importId = (await imported(file, { purpose: 'new' })).importId;
  });

  it('pages the rows and filters them by status', async () => {
    const all = await rowsOf(importId);
    expect(all.map((row) => [row.rowNumber, row.status])).toEqual([
      [2, 'ok'],
      [3, 'error'],
      [4, 'warning'],
      [5, 'error'],
      [6, 'warning'],
      [7, 'error'],
    ]);
    expect(codesOf(all[2])).toEqual(['email:bulkDuplicateInFile']);
    expect(all[2]!.problems[0]!.message).toBe(
      'Possibly the same person as in row 2 (same Email, Last name, First name).',
    );
    expect(codesOf(all[4]).length).toBeGreaterThan(0);
    expect(codesOf(all[4]).every((code) => code === '-:bulkExistingCardholder')).toBe(true);
    const page = ok<{ rows: BulkImportRow[]; total: number; import: BulkImport }>(
      await api('om1', 'GET', `bulkImports/${importId}/rows?status=error&page=2&pageSize=2`),
    );
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.rowNumber)).toEqual([7]);
    expect(page.import).toMatchObject({ rowsOk: 1, rowsWarning: 2, rowsError: 3 });
    const problems = await rowsOf(importId, 'problems');
    expect(problems).toHaveLength(5);
  });

  it('judges an edited row again at once, and fixing a row clears what it caused in others', async () => {
    const fixed = await patchRow(importId, 3, { family: 'virtual' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json<{ row: BulkImportRow }>().row).toMatchObject({ status: 'ok', family: 'virtual' });
    // Row 2 becomes someone else: row 4 is now the first Άννα Ιωάννου, and row 7 — no longer a
    // copy of row 2 — is a likely repeat of row 4.
    const moved = await patchRow(importId, 2, {
      email: 'anna.ioannou@example.gr',
      employeeCode: 'E9002',
      firstName: 'Άννα-Μαρία',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await rowsOf(importId);
    const row = (number: number) => rows.find((entry) => entry.rowNumber === number);
    expect(row(2)!.status).toBe('ok');
    expect(row(4)!.status).toBe('ok');
    expect(row(7)!.status).toBe('warning');
    expect(codesOf(row(7))).toEqual(['email:bulkDuplicateInFile']);
    expect(row(7)!.problems[0]!.message).toContain('row 4');
    expect(moved.json<{ import: BulkImport }>().import).toMatchObject({
      rowsOk: 3,
      rowsWarning: 2,
      rowsError: 1,
    });
    const audit = await ctx.database.pool.query<{ before: { cells: object }; after: { cells: object } }>(
      `select before, after from audit_log where action = 'bulk-import.row.update' and entity_id = $1 order by id desc limit 1`,
      [importId],
    );
    expect(audit.rows[0]!.after.cells).toMatchObject({ email: 'anna.ioannou@example.gr' });
  });

  it('refuses cells a file of its purpose has not, unknown rows and bad bodies', async () => {
    const wrong = await patchRow(importId, 3, { cardId: good[0]!.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('cells.cardId');
    expect((await patchRow(importId, 999, { lastName: 'Χ' })).statusCode).toBe(404);
    expect((await patchRow(importId, 3, {})).statusCode).toBe(400);
    const notRow = await ctx.app.inject({
      method: 'PATCH',
      url: `${API}/bulkImports/${importId}/rows/abc`,
      headers: { ...(await headersOf('om1')), companyid: 'C1001' },
      payload: { cells: { lastName: 'Χ' } },
    });
    expect(notRow.statusCode).toBe(400);
  });

  it('downloads only the problem rows, with their numbers and reasons and every cell neutralised', async () => {
    const response = await api('om1', 'GET', `bulkImports/${importId}/problemRows?lang=en`);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values[0]!.slice(1)).toEqual([
      'Row',
      'Status',
      'Product',
      'Family',
      'Last name',
      'First name',
      'Email',
      'Employee code',
      'Amount (€)',
      'Problems',
    ]);
    const numbers = values.slice(1).map((row) => row[1]);
    expect(numbers).toEqual([5, 6, 7]);
    const five = values.find((row) => row[1] === 5)!;
    expect(five[6]).toBe('\'=HYPERLINK("https://evil","Click")');
    expect(five[10]).toContain('Last name: This field is required.');
    // A plain link: the company may come in the query; another company's import is not found.
    const link = await ctx.app.inject({
      method: 'GET',
      url: `${API}/bulkImports/${importId}/problemRows?companyId=C1001`,
      headers: { cookie: (await headersOf('om1')).cookie! },
    });
    expect(link.statusCode).toBe(200);
    expect(
      (await api('admin', 'GET', `bulkImports/${importId}/problemRows`, { company: 'C1002' })).statusCode,
    ).toBe(404);
  });

  it('leaves dropped rows out of the draft and can put them back', async () => {
    const dropped = ok<{ import: BulkImport }>(
      await api('om1', 'POST', `bulkImports/${importId}/dropRows`, { payload: { status: 'error' } }),
    ).import;
    expect(dropped).toMatchObject({ rowsError: 0, rowsDropped: 1 });
    const restored = ok<{ import: BulkImport }>(
      await api('om1', 'POST', `bulkImports/${importId}/dropRows`, {
        payload: { rowNumbers: [5], restore: true },
      }),
    ).import;
    expect(restored).toMatchObject({ rowsError: 1, rowsDropped: 0 });
    ok(await api('om1', 'POST', `bulkImports/${importId}/dropRows`, { payload: { rowNumbers: [5, 7] } }));
    expect((await rowsOf(importId, 'dropped')).map((row) => row.rowNumber)).toEqual([5, 7]);
    const both = await api('om1', 'POST', `bulkImports/${importId}/dropRows`, {
      payload: { rowNumbers: [2], status: 'error' },
    });
    expect(both.statusCode).toBe(400);
    const { drafts } = ok<BulkLoadCardOrderResponse>(await convert(importId));
    const lines = drafts.reduce((sum, draft) => sum + draft.lines, 0);
    expect(lines).toBe(4);
    const all = await Promise.all(drafts.map((draft) => draftOf(draft.draftId)));
    const names = all.flatMap((draft) => draft.lines.map((line) => line.cardholder?.lastName));
    expect(names).not.toContain('');
    expect(all.flatMap((draft) => draft.lines.map((line) => line.tempCardId)).sort()).toEqual(
      ['row-2', 'row-3', 'row-4', 'row-6'].sort(),
    );
    // Converted: nothing changes any more.
    expect((await patchRow(importId, 2, { lastName: 'Άλλος' })).statusCode).toBe(409);
  });
});

describe('drafts from an import', () => {
  async function readyLoad(cards: CardFixture[], amount = 25): Promise<BulkImport> {
    return imported(await xlsxOf([LOAD_HEADER, ...cards.map((card) => [card.id, '', '', amount])]));
  }

  it('answer a replay of the same Idempotency-Key with the same drafts and create nothing more', async () => {
    const read = await readyLoad([good[6]!]);
    const headers = { 'idempotency-key': `bulk-${read.importId}` };
    const first = ok<BulkLoadCardOrderResponse>(await convert(read.importId, headers));
    const again = await convert(read.importId, headers);
    expect(again.json()).toEqual(first);
    // Without a key, a second call answers the drafts the import made.
    expect(ok<BulkLoadCardOrderResponse>(await convert(read.importId)).drafts).toEqual(first.drafts);
    const { rows } = await ctx.database.pool.query(`select 1 from draft_orders where id = any($1)`, [
      first.drafts.map((draft) => draft.draftId),
    ]);
    expect(rows).toHaveLength(1);
    const other = await readyLoad([good[5]!]);
    expect((await convert(other.importId, headers)).statusCode).toBe(409);
  });

  it('make no draft at all when the company lacks room for every one of them', async () => {
    const read = await imported(
      await xlsxOf([
        ['Action', 'Card ID', 'Product', 'Family', 'Last name', 'First name', 'Amount'],
        ['Load', good[0]!.id, '', '', '', '', 20],
        ['New card', '', 'Spendeo', '', 'Κ', 'Λ', 20],
      ]),
      { purpose: 'mixed' },
    );
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from draft_orders where company_id = 'C1001'`,
    );
    const filler = 99 - rows[0]!.n;
    await ctx.database.pool.query(
      `insert into draft_orders (company_id, reason, order_type, product, family, created_by)
       select 'C1001', 'load-card', 'LOAD', 'SPENDEO', 'spendeo', $1 from generate_series(1, $2)`,
      [ids.om1, filler],
    );
    const refused = await convert(read.importId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errorCode: number }>().errorCode).toBe(60);
    const after = await ctx.database.pool.query<{ n: number }>(
      `select count(*)::int as n from draft_orders where company_id = 'C1001'`,
    );
    expect(after.rows[0]!.n).toBe(99);
    expect((await importOf(read.importId)).state).toBe('ready');
    await ctx.database.pool.query(`delete from draft_orders where company_id = 'C1001' and alias = ''`);
  });

  it('mark the rows the drafts refuse when a card changed after the preview', async () => {
    const read = await readyLoad([good[4]!, good[5]!]);
    await ctx.database.pool.query(`update cards set status = 'blocked' where id = $1`, [good[5]!.id]);
    const refused = await convert(read.importId);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
      'rows.3',
    ]);
    const rows = await rowsOf(read.importId, 'error');
    expect(rows.map((row) => row.rowNumber)).toEqual([3]);
    expect(codesOf(rows[0])).toEqual(['-:cardNotLoadable']);
    await ctx.database.pool.query(`update cards set status = 'active' where id = $1`, [good[5]!.id]);
    expect((await importOf(read.importId)).state).toBe('ready');
  });

  it('refuse an import still being read, one of another company, and one with no good rows', async () => {
    const bad = await imported(await xlsxOf([LOAD_HEADER, ['', '', '', 10]]));
    const none = await convert(bad.importId);
    expect(none.statusCode).toBe(422);
    expect(none.json<{ fields: { field: string }[] }>().fields[0]!.field).toBe('importId');
    const foreignCompany = await api('admin', 'POST', 'bulkLoadCardOrder', {
      company: 'C1002',
      payload: { importId: bad.importId },
    });
    expect(foreignCompany.statusCode).toBe(404);
    await ctx.database.pool.query(`update bulk_imports set state = 'processing' where id = $1`, [
      bad.importId,
    ]);
    const busy = await convert(bad.importId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ errorCode: number }>().errorCode).toBe(81);
    await ctx.database.pool.query(`update bulk_imports set state = 'ready' where id = $1`, [bad.importId]);
  });
});

describe('the company’s imports', () => {
  it('are listed newest first, can be replaced by a corrected file and deleted', async () => {
    const first = await imported(await xlsxOf([LOAD_HEADER, ['', '', '', 10]]), { fileName: 'πρώτο.xlsx' });
    const second = await imported(await xlsxOf([LOAD_HEADER, [good[1]!.id, '', '', 10]]), {
      fileName: 'διορθωμένο.xlsx',
      replaces: first.importId,
    });
    expect(second.replacesImportId).toBe(first.importId);
    expect((await importOf(first.importId)).state).toBe('superseded');
    const { imports } = ok<{ imports: BulkImport[] }>(
      await api('payment', 'GET', 'bulkImports', { company: 'C1002' }),
    );
    expect(imports).toEqual([]);
    const list = ok<{ imports: BulkImport[] }>(
      await api('finance', 'GET', 'bulkImports', { company: 'C1002' }),
    ).imports;
    expect(list).toEqual([]);
    const own = ok<{ imports: BulkImport[] }>(await api('om3', 'GET', 'bulkImports')).imports;
    expect(own[0]!.importId).toBe(second.importId);
    expect(own[1]!.importId).toBe(first.importId);
    expect(own[0]!.createdByName).toBe('Ελένη Κωνσταντίνου');
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `${API}/bulkImports/${second.importId}`,
      headers: { ...(await headersOf('om1')), companyid: 'C1001' },
    });
    expect(removed.statusCode).toBe(200);
    expect((await api('om1', 'GET', `bulkImports/${second.importId}`)).statusCode).toBe(404);
    const audit = await ctx.database.pool.query(
      `select 1 from audit_log where action = 'bulk-import.delete' and entity_id = $1`,
      [second.importId],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('read a 10,001-row file in the background and split its drafts at 10,000 lines', async () => {
    const rows: unknown[][] = [['Product', 'Last name', 'First name', 'Employee code', 'Amount']];
    for (let index = 0; index < 10_001; index += 1) {
      rows.push(['Spendeo', `Επώνυμο${index}`, 'Όνομα', `X${index}`, index % 2 ? 25 : '25,00']);
    }
    const started = Date.now();
    const read = await imported(await xlsxOf(rows), { purpose: 'new', fileName: 'πολλές.xlsx' });
    expect(read).toMatchObject({ state: 'ready', rowsRead: 10_001, rowsTotal: 10_001, rowsOk: 10_001 });
    const { drafts } = ok<BulkLoadCardOrderResponse>(await convert(read.importId));
    expect(drafts.map((draft) => [draft.draftOrderAlias, draft.lines])).toEqual([
      ['πολλές (1/2)', 10_000],
      ['πολλές (2/2)', 1],
    ]);
    expect(Date.now() - started).toBeLessThan(45_000);
  });
});
