import type { BulkImport, BulkImportDraft, BulkImportRow, UpdateBulkImportRowRequest } from '@tessera/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { DELIVERY_POINT as POINT, uuid } from '../../test/orders';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages and typed input: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 40_000 });

const ORDERS = '/api/v1/orders';
const UPLOAD = `${ORDERS}/uploadExcelDraftOrder`;
const CREATE = `${ORDERS}/bulkLoadCardOrder`;
const LIST = `${ORDERS}/bulkImports`;

const IMPORT_ID = uuid(1);
const importPath = (importId = IMPORT_ID) => `${LIST}/${importId}`;

function bulkImport(overrides: Partial<BulkImport> = {}): BulkImport {
  return {
    importId: IMPORT_ID,
    purpose: 'load',
    fileName: 'φορτίσεις-μαρτίου.xlsx',
    fileKind: 'xlsx',
    fileBytes: 12_345,
    state: 'ready',
    failure: null,
    rowsTotal: 4,
    rowsRead: 4,
    rowsOk: 2,
    rowsWarning: 1,
    rowsError: 1,
    rowsDropped: 0,
    columns: [
      { key: 'cardId', header: 'Κωδ. κάρτας' },
      { key: 'last4', header: 'Τελευταία 4' },
      { key: 'amount', header: 'Ποσό (€)' },
    ],
    ignoredColumns: [],
    drafts: [],
    replacesImportId: null,
    createdBy: 'user-om1',
    createdByName: 'Ελένη Κωνσταντίνου',
    createdAt: '2026-03-04T08:15:00Z',
    updatedAt: '2026-03-04T08:16:00Z',
    finishedAt: '2026-03-04T08:16:00Z',
    ...overrides,
  };
}

function row(rowNumber: number, overrides: Partial<BulkImportRow> = {}): BulkImportRow {
  return {
    rowNumber,
    status: 'ok',
    isDropped: false,
    kind: 'load',
    cells: { cardId: `C-${rowNumber}`, last4: '', amount: '50,00' },
    card: {
      maskedNumber: `5347 11•• •••• 100${rowNumber}`,
      cardholderName: `Κάτοχος ${rowNumber}`,
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
    },
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    amountCents: 5_000,
    problems: [],
    ...overrides,
  };
}

const AMOUNT_ERROR = {
  column: 'amount' as const,
  header: 'Ποσό (€)',
  level: 'error' as const,
  code: 'bulkAmountInvalid',
  message: 'Γράψτε το ποσό σε ευρώ, π.χ. 1.234,56 ή 1234.56.',
};
const EXPIRING = {
  column: null,
  header: null,
  level: 'warning' as const,
  code: 'bulkCardExpiringSoon',
  message: 'Η κάρτα λήγει στις 30/04/2026. Σκεφτείτε να παραγγείλετε αντικατάσταση.',
};

/** Rows 2 to 5 of a loads file: 2 and 5 fine, 3 with a bad amount, 4 expiring soon. */
function rows(): BulkImportRow[] {
  return [
    row(2, { card: { ...row(2).card!, cardholderName: 'Άννα Ρήγα' } }),
    row(3, {
      status: 'error',
      cells: { cardId: 'C-3', last4: '', amount: 'πενήντα' },
      amountCents: null,
      problems: [AMOUNT_ERROR],
    }),
    row(4, { status: 'warning', problems: [EXPIRING] }),
    row(5),
  ];
}

type Server = { item: BulkImport; rows: BulkImportRow[]; imports?: BulkImport[] };

/** Recounts the import from its rows, as the server does after every change. */
function recount(server: Server) {
  const live = server.rows.filter((entry) => !entry.isDropped);
  server.item = {
    ...server.item,
    rowsOk: live.filter((entry) => entry.status === 'ok').length,
    rowsWarning: live.filter((entry) => entry.status === 'warning').length,
    rowsError: live.filter((entry) => entry.status === 'error').length,
    rowsDropped: server.rows.length - live.length,
  };
}

/** The bulk endpoints over an in-memory import, for the order manager of C1001. */
function bulkApi(server: Server, handlers: Record<string, MockHandler> = {}) {
  writeStore('companyData', COMPANIES.C1001);
  return mockApi({
    'GET /api/auth/session': { body: session('om1') },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    [`GET ${ORDERS}/companyMaxDraftOrders`]: {
      body: { success: true, total: 2, max: 99, isMaxReached: false },
    },
    [`GET ${LIST}`]: () => ({ body: { success: true, imports: server.imports ?? [server.item] } }),
    [`GET ${importPath()}`]: () => ({ body: { success: true, import: server.item } }),
    [`GET ${importPath()}/rows`]: ({ url }) => {
      const status = url.searchParams.get('status') ?? 'all';
      const page = Number(url.searchParams.get('page') ?? '1');
      const pageSize = Number(url.searchParams.get('pageSize') ?? '50');
      const shown = server.rows.filter((entry) => {
        if (status === 'all') return true;
        if (status === 'dropped') return entry.isDropped;
        if (entry.isDropped) return false;
        if (status === 'problems') return entry.status !== 'ok';
        return entry.status === status;
      });
      return {
        body: {
          success: true,
          import: server.item,
          rows: shown.slice((page - 1) * pageSize, page * pageSize),
          total: shown.length,
          page,
          pageSize,
        },
      };
    },
    [`POST ${importPath()}/dropRows`]: ({ body }) => {
      const request = body as { rowNumbers?: number[]; status?: 'error'; restore: boolean };
      server.rows = server.rows.map((entry) =>
        (request.rowNumbers?.includes(entry.rowNumber) ?? false) ||
        (request.status === entry.status && !entry.isDropped)
          ? { ...entry, isDropped: !request.restore }
          : entry,
      );
      recount(server);
      return { body: { success: true, import: server.item } };
    },
    ...handlers,
  });
}

const table = () => screen.findByRole('region', { name: /Γραμμές του αρχείου «φορτίσεις-μαρτίου\.xlsx»/ });
/** A figure of the counters above the preview. */
const figure = (name: string) =>
  within(screen.getByRole('group', { name: 'Σύνοψη γραμμών' })).getByText(name).nextElementSibling
    ?.textContent;

describe('bulk file upload', () => {
  it('sends the file’s bytes with its purpose and name, then shows the reading', async () => {
    const server: Server = { item: bulkImport({ state: 'queued', rowsTotal: null, rowsRead: 0 }), rows: [] };
    const fetchMock = bulkApi(server, {
      [`POST ${UPLOAD}`]: { status: 202, body: { success: true, import: server.item } },
      [`GET ${LIST}`]: { body: { success: true, imports: [] } },
    });
    const { user, router } = renderApp('/card-load/upload');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Μαζική φόρτιση ή παραγγελία με Excel' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Μαζική φόρτιση ή παραγγελία με Excel · Tessera'));
    await user.click(screen.getByRole('radio', { name: 'Παραγγελία νέων καρτών' }));
    expect(screen.getByRole('link', { name: 'Κατεβάστε το κενό πρότυπο' }).getAttribute('href')).toBe(
      `${ORDERS}/downloadSampleFile?purpose=new&lang=el`,
    );
    expect(screen.getByRole('link', { name: 'Κατεβάστε το παράδειγμα' }).getAttribute('href')).toBe(
      `${ORDERS}/downloadExampleFile?purpose=new&lang=el`,
    );

    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14])], 'νέοι υπάλληλοι.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByLabelText('Αρχείο Excel ή CSV'), file);
    expect(screen.getByText(/Επιλεγμένο αρχείο: νέοι υπάλληλοι\.xlsx \(1 KB\)/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ανέβασμα και έλεγχος' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?importId=${IMPORT_ID}`));
    const [sent] = requestsTo(fetchMock, UPLOAD);
    expect(sent?.method).toBe('POST');
    expect(Object.fromEntries(sent!.url.searchParams)).toEqual({
      purpose: 'new',
      fileName: 'νέοι υπάλληλοι.xlsx',
    });
    expect(sent?.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(sent?.headers.get('companyId')).toBe('C1001');
    expect(sent?.headers.get('X-CSRF-Token')).toBe('csrf-1');
    const call = fetchMock.mock.calls.find(([input]) => String(input).startsWith(UPLOAD));
    expect(call?.[1]?.body).toBe(file);

    const heading = await screen.findByRole('heading', { level: 2, name: 'Ανάγνωση του αρχείου' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Το αρχείο περιμένει τη σειρά του…')).toBeTruthy();
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Ανάγνωση');
  });

  it('refuses a file over 20 MB before sending a byte', async () => {
    const server: Server = { item: bulkImport(), rows: [] };
    const fetchMock = bulkApi(server, { [`GET ${LIST}`]: { body: { success: true, imports: [] } } });
    const { user } = renderApp('/card-load/upload');

    const file = new File(['Κωδικός κάρτας;Ποσό'], 'μεγάλο.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: 25 * 1024 * 1024 });
    const input = await screen.findByLabelText('Αρχείο Excel ή CSV');
    await user.upload(input, file);
    const message = 'Το αρχείο είναι 25 MB, ενώ το όριο είναι 20 MB. Χωρίστε το σε μικρότερα αρχεία.';
    expect(within(screen.getByRole('alert')).getByText(message)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Ανέβασμα και έλεγχος' }));
    expect(document.activeElement).toBe(input);
    expect(requestsTo(fetchMock, UPLOAD)).toHaveLength(0);
  });

  it('shows the server’s reasons beside the file when it refuses it', async () => {
    const server: Server = { item: bulkImport(), rows: [] };
    bulkApi(server, {
      [`GET ${LIST}`]: { body: { success: true, imports: [] } },
      [`POST ${UPLOAD}`]: {
        status: 400,
        body: {
          success: false,
          errorCode: 80,
          errorLevel: 'error',
          errorMessage: 'upload refused',
          fields: [
            { field: 'file', message: 'Το αρχείο είναι κατεστραμμένο ή δεν είναι πραγματικό αρχείο Excel.' },
          ],
        },
      },
    });
    const { user, router } = renderApp('/card-load/upload');
    await user.upload(await screen.findByLabelText('Αρχείο Excel ή CSV'), new File(['x'], 'a.xlsx'));
    await user.click(screen.getByRole('button', { name: 'Ανέβασμα και έλεγχος' }));
    expect(
      await within(screen.getByRole('alert')).findByText(
        'Το αρχείο είναι κατεστραμμένο ή δεν είναι πραγματικό αρχείο Excel.',
      ),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('follows the reading until the file is ready, then opens the preview on the rows with problems', async () => {
    const server: Server = { item: bulkImport(), rows: rows() };
    const states: Partial<BulkImport>[] = [
      { state: 'queued', rowsTotal: null, rowsRead: 0, rowsOk: 0, rowsWarning: 0, rowsError: 0 },
      { state: 'processing', rowsTotal: 4, rowsRead: 2, rowsOk: 1, rowsWarning: 0, rowsError: 1 },
      { state: 'processing', rowsTotal: 4, rowsRead: 2, rowsOk: 1, rowsWarning: 0, rowsError: 1 },
    ];
    let polls = 0;
    const fetchMock = bulkApi(server, {
      [`GET ${importPath()}`]: () => {
        const step = states[polls];
        polls += 1;
        return { body: { success: true, import: step ? { ...server.item, ...step } : server.item } };
      },
    });
    renderApp(`/card-load/upload?importId=${IMPORT_ID}`);

    expect(await screen.findByText('Το αρχείο περιμένει τη σειρά του…')).toBeTruthy();
    const bar = await screen.findByRole('progressbar', { name: 'Διαβάζονται και ελέγχονται οι γραμμές…' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('4');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 από 4 γραμμές');
    expect(screen.getByText('Μέχρι στιγμής: 1 σφάλμα, 0 προειδοποιήσεις.')).toBeTruthy();
    expect(screen.getByText(/Μπορείτε να φύγετε από τη σελίδα/)).toBeTruthy();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Έλεγχος και διορθώσεις' }, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(polls).toBeGreaterThanOrEqual(4);
    expect(screen.getByText(/Ο έλεγχος ολοκληρώθηκε: 4 γραμμές, 1 σφάλμα, 1 προειδοποίηση\./)).toBeTruthy();
    expect([
      figure('Σωστές'),
      figure('Με προειδοποίηση'),
      figure('Με σφάλμα'),
      figure('Εκτός παραγγελίας'),
    ]).toEqual(['2', '1', '1', '0']);
    expect(screen.getByRole('radio', { name: 'Με προβλήματα (2)' })).toHaveProperty('checked', true);
    await table();
    expect(requestsTo(fetchMock, `${importPath()}/rows`)[0]?.url.searchParams.get('status')).toBe('problems');
    // Polling stopped once the file was ready.
    const settled = polls;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(polls).toBe(settled);
  });
});

describe('bulk preview', () => {
  it('lists each row’s problems under it, naming the column as the file wrote it', async () => {
    const server: Server = { item: bulkImport(), rows: rows() };
    const fetchMock = bulkApi(server);
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);

    const region = await table();
    const grid = within(region).getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Γραμμή',
      'Κατάσταση',
      'Ενέργειες',
      'Κάρτα που βρέθηκε',
      'Κωδ. κάρτας',
      'Τελευταία 4',
      'Ποσό (€)',
    ]);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '4']);
    const problems3 = within(grid).getByRole('list', { name: 'Προβλήματα της γραμμής 3' });
    expect(problems3.textContent).toBe('Σφάλμα Ποσό (€): Γράψτε το ποσό σε ευρώ, π.χ. 1.234,56 ή 1234.56.');
    const problems4 = within(grid).getByRole('list', { name: 'Προβλήματα της γραμμής 4' });
    expect(problems4.textContent).toBe(`Προειδοποίηση ${EXPIRING.message}`);
    const row3 = within(grid).getByRole('rowheader', { name: '3' }).closest('tr')!;
    expect(within(row3).getByText('Σφάλμα')).toBeTruthy();
    expect(within(row3).getByText('πενήντα')).toBeTruthy();
    expect(within(row3).getByText('κάρτα με κατάληξη 1003')).toBeTruthy();

    // Creating drafts waits until no row has errors, and says why.
    const create = screen.getByRole('button', { name: 'Δημιουργία πρόχειρων' });
    expect(create).toHaveProperty('disabled', true);
    expect(
      screen.getByText(/Μία γραμμή έχει ακόμη σφάλμα\. Διορθώστε την ή εξαιρέστε την για να συνεχίσετε\./),
    ).toBeTruthy();
    const problemsLink = screen.getByRole('link', { name: 'Κατεβάστε τις γραμμές με προβλήματα (Excel)' });
    expect(problemsLink.getAttribute('href')).toBe(`${importPath()}/problemRows?companyId=C1001&lang=el`);

    await user.click(screen.getByRole('radio', { name: 'Όλες (4)' }));
    await waitFor(() =>
      expect(within(within(region).getByRole('table')).getAllByRole('rowheader')).toHaveLength(4),
    );
    expect(requestsTo(fetchMock, `${importPath()}/rows`).at(-1)?.url.searchParams.get('status')).toBe('all');
    const row2 = within(region).getByRole('rowheader', { name: '2' }).closest('tr')!;
    expect(within(row2).getByText('Άννα Ρήγα')).toBeTruthy();
    expect(within(row2).getByText('Σωστή')).toBeTruthy();
  });

  it('on a phone shows each row as a card: status, problems and actions in view, then the file’s cells', async () => {
    onNarrowScreen();
    const server: Server = { item: bulkImport(), rows: rows() };
    bulkApi(server);
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);

    const list = await screen.findByRole('list', { name: /^Γραμμές του αρχείου/ });
    expect(screen.queryByRole('table')).toBeNull();
    const [row3, row4] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(within(row3!).getByText('Γραμμή 3')).toBeTruthy();
    // The status badge, and the level of its one problem.
    expect(within(row3!).getAllByText('Σφάλμα')).toHaveLength(2);
    expect(within(row3!).getByRole('list', { name: 'Προβλήματα της γραμμής 3' }).textContent).toBe(
      'Σφάλμα Ποσό (€): Γράψτε το ποσό σε ευρώ, π.χ. 1.234,56 ή 1234.56.',
    );
    expect(recordFields(row3!)).toMatchObject({ 'Ποσό (€)': 'πενήντα' });
    expect(recordFields(row3!)['Κάρτα που βρέθηκε']).toContain('κάρτα με κατάληξη 1003');
    expect(within(row4!).getByRole('button', { name: 'Εξαίρεση γραμμής 4' })).toBeTruthy();
    // However many columns the file has, the problems and the buttons come before its cells.
    const fix = within(row3!).getByRole('button', { name: 'Διόρθωση γραμμής 3' });
    const firstCell = within(row3!).getAllByRole('term')[0]!;
    expect(fix.compareDocumentPosition(firstCell) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(fix);
    expect(await screen.findByRole('dialog', { name: 'Διόρθωση γραμμής 3' })).toBeTruthy();
  });

  it('pages through a long file, fifty rows at a time', async () => {
    const many = Array.from({ length: 120 }, (_, index) => row(index + 2));
    const server: Server = {
      item: bulkImport({ rowsTotal: 120, rowsRead: 120, rowsOk: 120, rowsWarning: 0, rowsError: 0 }),
      rows: many,
    };
    const fetchMock = bulkApi(server);
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);
    const region = await table();
    expect(screen.getByRole('radio', { name: 'Όλες (120)' })).toHaveProperty('checked', true);
    expect(within(region).getAllByRole('rowheader')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Σελίδες γραμμών' });
    await user.click(within(pages).getByRole('button', { name: 'Σελίδα 3' }));
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 102))),
    );
    const last = requestsTo(fetchMock, `${importPath()}/rows`).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ status: 'all', page: '3', pageSize: '50' });
    expect(within(pages).getByRole('button', { name: 'Σελίδα 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('fixes a cell in place: the row is checked again and the counters follow', async () => {
    const server: Server = { item: bulkImport(), rows: rows() };
    const fetchMock = bulkApi(server, {
      [`PATCH ${importPath()}/rows/3`]: ({ body }) => {
        const { cells } = body as UpdateBulkImportRowRequest;
        const fixed = row(3, { cells: { ...server.rows[1]!.cells, ...cells } });
        server.rows[1] = fixed;
        recount(server);
        return { body: { success: true, import: server.item, row: fixed } };
      },
    });
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);

    await table();
    await user.click(screen.getByRole('button', { name: 'Διόρθωση γραμμής 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Διόρθωση γραμμής 3' });
    const amount = within(dialog).getByRole('textbox', { name: 'Ποσό (€)' });
    expect(amount).toHaveProperty('value', 'πενήντα');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(AMOUNT_ERROR.message)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '50,00');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση και έλεγχος' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = requestsTo(fetchMock, `${importPath()}/rows/3`);
    expect(sent?.method).toBe('PATCH');
    expect(sent?.body).toEqual({ cells: { amount: '50,00' } });

    const region = await table();
    const row3 = within(region).getByRole('rowheader', { name: '3' }).closest('tr')!;
    expect(within(row3).getByText('Σωστή')).toBeTruthy();
    expect(within(row3).getByText('50,00')).toBeTruthy();
    expect(within(region).queryByRole('list', { name: 'Προβλήματα της γραμμής 3' })).toBeNull();
    expect(figure('Με σφάλμα')).toBe('0');
    expect(figure('Σωστές')).toBe('3');
    expect(screen.getByText('Η γραμμή 3 αποθηκεύτηκε: Σωστή.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Δημιουργία πρόχειρων' })).toHaveProperty('disabled', false);
  });

  it('keeps the dialog open while the row still has errors, with its new problems', async () => {
    const server: Server = { item: bulkImport(), rows: rows() };
    const unknownCard = {
      column: 'cardId' as const,
      header: 'Κωδικός κάρτας',
      level: 'error' as const,
      code: 'bulkUnknownCard',
      message: 'Δεν βρέθηκε κάρτα της εταιρείας.',
    };
    bulkApi(server, {
      [`PATCH ${importPath()}/rows/3`]: ({ body }) => {
        const { cells } = body as UpdateBulkImportRowRequest;
        const still = row(3, {
          status: 'error',
          card: null,
          cells: { ...server.rows[1]!.cells, ...cells },
          problems: [unknownCard],
        });
        return { body: { success: true, import: server.item, row: still } };
      },
    });
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);
    await table();
    await user.click(screen.getByRole('button', { name: 'Διόρθωση γραμμής 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Διόρθωση γραμμής 3' });
    const cardId = within(dialog).getByRole('textbox', { name: 'Κωδ. κάρτας' });
    await user.clear(cardId);
    await user.type(cardId, 'C-99');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση και έλεγχος' }));

    expect(await within(dialog).findByText('Η γραμμή έχει ακόμη σφάλματα.')).toBeTruthy();
    expect(within(dialog).getByText(unknownCard.message)).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Κωδ. κάρτας' })).toHaveProperty('value', 'C-99');
  });

  it('leaves out every row with errors at once, and puts one back', async () => {
    const server: Server = { item: bulkImport(), rows: rows() };
    const fetchMock = bulkApi(server);
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);
    const region = await table();

    await user.click(screen.getByRole('button', { name: 'Εξαίρεση όλων των γραμμών με σφάλμα' }));
    await waitFor(() => expect(figure('Με σφάλμα')).toBe('0'));
    expect(requestsTo(fetchMock, `${importPath()}/dropRows`)[0]?.body).toEqual({
      status: 'error',
      restore: false,
    });
    expect(screen.getByText(/Μία γραμμή με σφάλμα εξαιρέθηκε\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Εξαίρεση όλων των γραμμών με σφάλμα' })).toBeNull();
    // The rows with problems now hold only the warning.
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['4']),
    );
    expect(screen.getByRole('button', { name: 'Δημιουργία πρόχειρων' })).toHaveProperty('disabled', false);

    await user.click(screen.getByRole('radio', { name: 'Εκτός παραγγελίας (1)' }));
    const back = await screen.findByRole('button', { name: 'Επαναφορά γραμμής 3' });
    await user.click(back);
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${importPath()}/dropRows`)[1]?.body).toEqual({
        rowNumbers: [3],
        restore: true,
      }),
    );
    expect(await screen.findByText('Η γραμμή 3 επανήλθε στην παραγγελία.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Εξαίρεση γραμμής 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Δημιουργία πρόχειρων' })).toHaveProperty('disabled', true);
  });
});

describe('bulk drafts', () => {
  const DRAFTS: BulkImportDraft[] = [
    {
      draftId: uuid(501),
      reason: 'load-card',
      orderType: 'BULK_LOAD',
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
      draftOrderAlias: 'Μάρτιος',
      lines: 1_200,
    },
    {
      draftId: uuid(502),
      reason: 'new-card',
      orderType: 'NEW',
      product: 'SPENDEO',
      family: 'spendeo',
      draftOrderAlias: 'Μάρτιος',
      lines: 1,
    },
  ];

  it('makes the drafts with an Idempotency-Key and opens each in the card-issue flow', async () => {
    const server: Server = {
      item: bulkImport({ purpose: 'mixed', rowsOk: 1_200, rowsWarning: 1, rowsError: 0 }),
      rows: rows().filter((entry) => entry.status !== 'error'),
    };
    writeStore('bulkProduct', 'VOUCHER');
    const fetchMock = bulkApi(server, {
      'GET /api/v1/accounts/getCompanyDeliveryPoints': {
        body: { success: true, deliveryPoints: [POINT], total: 1, page: 1, pageSize: 100 },
      },
      [`POST ${CREATE}`]: () => {
        server.item = { ...server.item, state: 'converted', drafts: DRAFTS };
        return { body: { success: true, drafts: DRAFTS } };
      },
    });
    const { user, router } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Δημιουργία πρόχειρων παραγγελιών' }),
    ).toBeTruthy();
    expect(screen.getByText(/1\.201 γραμμές θα γίνουν πρόχειρες παραγγελίες/)).toBeTruthy();
    const alias = screen.getByRole('textbox', { name: 'Όνομα παραγγελίας' });
    expect(alias).toHaveProperty('value', 'φορτίσεις-μαρτίου');
    await user.clear(alias);
    await user.type(alias, 'Μάρτιος');
    await user.type(screen.getByRole('textbox', { name: 'Σχόλια τιμολογίου' }), 'Τμήμα πωλήσεων');
    const point = screen.getByRole('combobox', { name: /Σημείο παράδοσης νέων καρτών/ });
    await waitFor(() => expect(within(point).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(point, POINT.deliveryPointId);
    await user.click(screen.getByRole('button', { name: 'Δημιουργία πρόχειρων' }));

    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Οι πρόχειρες παραγγελίες δημιουργήθηκαν',
    });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const [sent] = requestsTo(fetchMock, CREATE);
    expect(sent?.body).toEqual({
      importId: IMPORT_ID,
      draftOrderAlias: 'Μάρτιος',
      invoiceComments: 'Τμήμα πωλήσεων',
      deliveryPointId: POINT.deliveryPointId,
    });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    const list = screen.getByRole('list', { name: 'Πρόχειρες από το αρχείο' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^[\d.]+ κάρτ/).textContent)).toEqual([
      '1.200 κάρτες',
      '1 κάρτα',
    ]);
    const load = within(list).getByRole('link', {
      name: 'Συνέχεια: Μάρτιος, Φόρτιση · Ticket Restaurant · Πλαστική',
    });
    const fresh = within(list).getByRole('link', { name: 'Συνέχεια: Μάρτιος, Νέες κάρτες · Spendeo' });
    expect(load.getAttribute('href')).toBe(`/card-issue/info/${uuid(501)}`);
    expect(fresh.getAttribute('href')).toBe(`/card-issue/info/${uuid(502)}`);
    expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain('Πρόχειρες παραγγελίες');

    // SPEC §3: the bulk order cards and bulk product are remembered locally.
    expect(readStore('bulkOrderCards')).toEqual(
      DRAFTS.map(({ draftId, orderType, product, family, draftOrderAlias, lines }) => ({
        draftId,
        orderType,
        product,
        family,
        draftOrderAlias,
        lines,
      })),
    );
    expect(readStore('bulkProduct')).toBe('TICKET_RESTAURANT');

    await user.click(load);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/card-issue/info/${uuid(501)}`));
  });

  it('shows the rows the drafts refused and keeps the same key for another try', async () => {
    const server: Server = {
      item: bulkImport({ rowsOk: 2, rowsWarning: 1, rowsError: 0 }),
      rows: rows().filter((entry) => entry.status !== 'error'),
    };
    const fetchMock = bulkApi(server, {
      [`POST ${CREATE}`]: {
        status: 400,
        body: {
          success: false,
          errorCode: 2,
          errorLevel: 'error',
          errorMessage: '1 row(s) refused by the drafts',
          fields: [{ field: 'rows.4', message: 'Γραμμή 4: η κάρτα είναι μπλοκαρισμένη.' }],
        },
      },
    });
    const { user } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);
    const create = await screen.findByRole('button', { name: 'Δημιουργία πρόχειρων' });
    await user.click(create);
    expect(await screen.findByText('Γραμμή 4: η κάρτα είναι μπλοκαρισμένη.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Δημιουργία πρόχειρων' }));
    await waitFor(() => expect(requestsTo(fetchMock, CREATE)).toHaveLength(2));
    const keys = requestsTo(fetchMock, CREATE).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('bulk: failures, coming back, other languages', () => {
  it('says why a whole file failed and sends the corrected one in its place', async () => {
    const server: Server = {
      item: bulkImport({
        state: 'failed',
        failure: {
          code: 'bulkHeadersMissing',
          message: 'Η πρώτη γραμμή πρέπει να έχει τα ονόματα των στηλών.',
        },
        rowsRead: 0,
        rowsOk: 0,
        rowsWarning: 0,
        rowsError: 0,
      }),
      rows: [],
    };
    const next = bulkImport({ importId: uuid(2), state: 'queued', replacesImportId: IMPORT_ID });
    const fetchMock = bulkApi(server, {
      [`POST ${UPLOAD}`]: { status: 202, body: { success: true, import: next } },
      [`GET ${importPath(uuid(2))}`]: { body: { success: true, import: next } },
    });
    const { user, router } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Το αρχείο δεν μπόρεσε να διαβαστεί' }),
    ).toBeTruthy();
    expect(screen.getByText('Η πρώτη γραμμή πρέπει να έχει τα ονόματα των στηλών.')).toBeTruthy();
    await user.upload(screen.getByLabelText('Αρχείο Excel ή CSV'), new File(['a;b'], 'διορθωμένο.csv'));
    await user.click(screen.getByRole('button', { name: 'Ανέβασμα ξανά' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?importId=${uuid(2)}`));
    expect(Object.fromEntries(requestsTo(fetchMock, UPLOAD)[0]!.url.searchParams)).toEqual({
      purpose: 'load',
      fileName: 'διορθωμένο.csv',
      replacesImportId: IMPORT_ID,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ανάγνωση του αρχείου' })).toBeTruthy();
  });

  it('lists the recent imports to come back to, in English under /en', async () => {
    const server: Server = {
      item: bulkImport(),
      rows: rows(),
      imports: [
        bulkImport(),
        bulkImport({
          importId: uuid(3),
          fileName: 'new-staff.csv',
          fileKind: 'csv',
          purpose: 'new',
          state: 'converted',
        }),
      ],
    };
    bulkApi(server);
    const { user, router } = renderApp('/en/card-load/upload');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bulk load or order by Excel' }),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Load existing cards' })).toHaveProperty('checked', true);
    expect(screen.getByRole('link', { name: 'Download the empty template' }).getAttribute('href')).toBe(
      `${ORDERS}/downloadSampleFile?purpose=load&lang=en`,
    );
    expect(screen.getByLabelText('Excel or CSV file')).toBeTruthy();
    expect(
      screen.getByText(
        'Drag the file here or choose it from your computer. .xlsx or .csv files, up to 20 MB.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload and check' })).toBeTruthy();

    const recent = await screen.findByRole('region', { name: 'Recent imports' });
    const [first, second] = within(recent).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Ready to check')).toBeTruthy();
    expect(within(first!).getByText('1 error, 1 warning')).toBeTruthy();
    expect(within(second!).getByText('Drafts made')).toBeTruthy();
    expect(within(second!).getByText('New cards')).toBeTruthy();
    const link = within(recent).getByRole('link', { name: 'φορτίσεις-μαρτίου.xlsx' });
    expect(link.getAttribute('href')).toBe(`/en/card-load/upload?importId=${IMPORT_ID}`);

    await user.click(link);
    await waitFor(() => expect(router.state.location.search).toBe(`?importId=${IMPORT_ID}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Check and fix' })).toBeTruthy();
    const region = await screen.findByRole('region', { name: /Rows of “φορτίσεις-μαρτίου\.xlsx”/ });
    expect(within(region).getByRole('list', { name: 'Problems of row 3' }).textContent).toContain(
      'Error Ποσό (€):',
    );
    expect(screen.getByRole('button', { name: 'Fix row 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave out all rows with errors' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create drafts' })).toHaveProperty('disabled', true);
  });

  it('on a phone lists the recent imports as cards, state and problems in view', async () => {
    onNarrowScreen();
    bulkApi({ item: bulkImport(), rows: rows(), imports: [bulkImport()] });
    renderApp('/en/card-load/upload');
    const recent = await screen.findByRole('list', { name: 'Recent imports' });
    expect(screen.queryByRole('region', { name: 'Recent imports' })).toBeNull();
    const [item] = within(recent).getAllByRole('listitem');
    expect(within(item!).getByRole('link', { name: 'φορτίσεις-μαρτίου.xlsx' })).toBeTruthy();
    expect(within(item!).getByText('Ready to check')).toBeTruthy();
    expect(recordFields(item!)).toMatchObject({ Problems: '1 error, 1 warning' });
  });

  it('discards a file after confirming, and goes back to the start', async () => {
    const server: Server = { item: bulkImport(), rows: rows() };
    const fetchMock = bulkApi(server, {
      [`DELETE ${importPath()}`]: () => {
        server.imports = [];
        return { body: { success: true } };
      },
    });
    const { user, router } = renderApp(`/card-load/upload?importId=${IMPORT_ID}`);
    await table();
    await user.click(screen.getByRole('button', { name: 'Διαγραφή αρχείου' }));
    const dialog = await screen.findByRole('dialog', { name: 'Διαγραφή του αρχείου;' });
    expect(
      within(dialog).getByText(/Το αρχείο «φορτίσεις-μαρτίου\.xlsx» και οι διορθώσεις του/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Διαγραφή' }));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ανέβασμα αρχείου' })).toBeTruthy();
    const sent = requestsTo(fetchMock, importPath()).find((request) => request.method === 'DELETE');
    expect(sent).toBeDefined();
    // The server refuses a JSON content type without a body.
    expect(sent?.headers.get('Content-Type')).toBeNull();
    expect(sent?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  });

  it('explains an import that is no longer there', async () => {
    const server: Server = { item: bulkImport(), rows: [] };
    bulkApi(server, {
      [`GET ${importPath(uuid(9))}`]: {
        status: 404,
        body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
      },
    });
    renderApp(`/card-load/upload?importId=${uuid(9)}`);
    expect(
      await screen.findByText('Το αρχείο δεν βρέθηκε. Τα αρχεία φυλάσσονται για 30 ημέρες.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ανέβασμα άλλου αρχείου' }).getAttribute('href')).toBe(
      '/card-load/upload',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is reached from /card-load’s file option with loads preselected', async () => {
    bulkApi(
      { item: bulkImport(), rows: [] },
      {
        [`GET ${LIST}`]: { body: { success: true, imports: [] } },
        [`GET ${ORDERS}/retrieveVoucherBundles`]: { body: { success: true, bundles: [] } },
        [`GET ${ORDERS}/retrieveComplimentaryBundles`]: { body: { success: true, bundles: [] } },
        'GET /api/v1/accounts/retrieveCardSummaries': { body: { success: true, summaries: [] } },
      },
    );
    const { user, router } = renderApp('/card-load');
    await user.click(await screen.findByRole('radio', { name: /Από αρχείο Excel/ }));
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-load/upload'));
    expect(router.state.location.search).toBe('?purpose=load');
    expect(await screen.findByRole('radio', { name: 'Φόρτιση υπαρχουσών καρτών' })).toHaveProperty(
      'checked',
      true,
    );
  });
});

describe('bulk drop zone', () => {
  it('takes a file dropped on the box', async () => {
    const server: Server = { item: bulkImport(), rows: [] };
    bulkApi(server, { [`GET ${LIST}`]: { body: { success: true, imports: [] } } });
    renderApp('/card-load/upload');
    const input = await screen.findByLabelText('Αρχείο Excel ή CSV');
    const box = input.closest('.tessera-bulk-drop')!;
    const file = new File(['a;b'], 'ρίψη.csv', { type: 'text/csv' });
    fireEvent.dragEnter(box, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(screen.getByText('Αφήστε το αρχείο εδώ.')).toBeTruthy();
    fireEvent.drop(box, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(screen.getByText(/Επιλεγμένο αρχείο: ρίψη\.csv/)).toBeTruthy();
  });
});
