// @vitest-environment jsdom
// (happy-dom: user-event's upload needs FileList.item, which happy-dom lacks.)
import type { ImportBankStatementResponse } from '@tessera/domain';
import { rfOfOrderNumber } from '@tessera/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANIES, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { decodeStatement, statementFileProblem } from './bank-statement';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const IMPORT = '/api/v1/orders/importBankStatement';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const CSV = [
  'κωδικός;ημερομηνία;ποσό;αιτιολογία;εντολέας',
  `T-1;05/03/2026;1.234,56;Πληρωμή ${rfOfOrderNumber(1071)};Ακμή Α.Ε.`,
  `T-2;05/03/2026;100,00;Πληρωμή ${rfOfOrderNumber(1071)};Ακμή Α.Ε.`,
  'T-3;05/03/2026;50,00;RF00 0000 0000 0000;Κάποιος',
  `T-4;05/03/2026;99,00;${rfOfOrderNumber(1072)};Θαλής`,
  `T-5;05/03/2026;80,00;${rfOfOrderNumber(1060)};Κρόνος`,
  'T-6;05/03/2026;χωρίς ποσό;;',
].join('\n');

const statement: ImportBankStatementResponse = {
  success: true,
  lines: [
    {
      row: 2,
      lineId: 'T-1',
      amountCents: 123_456,
      rfCode: rfOfOrderNumber(1071),
      outcome: 'matched',
      orderNumber: 1071,
    },
    { row: 3, lineId: 'T-1', amountCents: 123_456, rfCode: '', outcome: 'duplicate', orderNumber: null },
    { row: 4, lineId: 'T-3', amountCents: 5_000, rfCode: '', outcome: 'unknownReference', orderNumber: null },
    {
      row: 5,
      lineId: 'T-4',
      amountCents: 9_900,
      rfCode: rfOfOrderNumber(1072),
      outcome: 'amountMismatch',
      orderNumber: 1072,
    },
    {
      row: 6,
      lineId: 'T-5',
      amountCents: 8_000,
      rfCode: rfOfOrderNumber(1060),
      outcome: 'alreadyPaid',
      orderNumber: 1060,
    },
    { row: 7, lineId: 'T-6', amountCents: null, rfCode: '', outcome: 'invalid', orderNumber: null },
  ],
  matched: 1,
  unmatched: 5,
};

function statementApi(importHandler: MockHandler = { body: statement }) {
  return mockApi({
    'GET /api/auth/session': { body: session('care') },
    'POST /api/v1/accounts/searchCompany': {
      body: { success: true, companies: [COMPANIES.C1001], total: 1, page: 1, pageSize: 10 },
    },
    [`POST ${IMPORT}`]: importHandler,
  });
}

const csvFile = (text: string, name = 'kinisi.csv') => new File([text], name, { type: 'text/csv' });

describe('bank statement import on /all-companies (provider staff)', () => {
  it("sends the file's text once with an Idempotency-Key and says what each line did, in Greek", async () => {
    const fetchMock = statementApi();
    const { user } = renderApp('/all-companies');
    const section = await screen.findByRole('region', { name: 'Κίνηση τραπεζικού λογαριασμού' });
    await user.upload(within(section).getByLabelText('Αρχείο κίνησης (CSV)'), csvFile(CSV));
    await user.click(within(section).getByRole('button', { name: 'Εισαγωγή κίνησης' }));

    const summary = await within(section).findByRole('status');
    expect(summary.textContent).toBe('1 γραμμή αντιστοιχίστηκε, 5 όχι');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const calls = requestsTo(fetchMock, IMPORT);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ csv: CSV });
    expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);

    const table = within(section).getByRole('table', { name: 'Γραμμές της κίνησης' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toBe('ΓραμμήΚωδικός κίνησηςΠοσόΑναφορά RFΑποτέλεσμα');
    const outcomes = rows.slice(1).map((row) => row.lastElementChild?.textContent);
    expect(outcomes).toEqual([
      'Εξοφλήθηκε η παραγγελία #1071',
      'Ήδη εισηγμένη γραμμή',
      'Άγνωστη αναφορά RF',
      'Το ποσό δεν ταιριάζει' + 'Παραγγελία #1072',
      'Η παραγγελία είχε ήδη εξοφληθεί' + 'Παραγγελία #1060',
      'Μη έγκυρη γραμμή',
    ]);
    expect(within(rows[1]!).getByText('1.234,56 €')).toBeTruthy();
    expect(within(rows[1]!).getByText(rfOfOrderNumber(1071))).toBeTruthy();
    expect(within(rows[6]!).getAllByText('—')).toHaveLength(2);

    // The lines someone must look at, alone.
    await user.click(
      within(section).getByRole('switch', { name: 'Μόνο οι γραμμές που δεν αντιστοιχίστηκαν' }),
    );
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(within(table).queryByText('Εξοφλήθηκε η παραγγελία #1071')).toBeNull();
  });

  it('reads a statement saved in the Windows Greek code page as Greek', async () => {
    const fetchMock = statementApi();
    const { user } = renderApp('/all-companies');
    const input = await screen.findByLabelText('Αρχείο κίνησης (CSV)');
    // «ποσό» in windows-1253: π ο σ ό.
    const bytes = new Uint8Array([0xf0, 0xef, 0xf3, 0xfc]);
    await user.upload(input, new File([bytes], 'KINHSH.CSV'));
    await user.click(screen.getByRole('button', { name: 'Εισαγωγή κίνησης' }));
    await waitFor(() => expect(requestsTo(fetchMock, IMPORT)).toHaveLength(1));
    expect(requestsTo(fetchMock, IMPORT)[0]?.body).toEqual({ csv: 'ποσό' });
  });

  it("refuses a missing, empty or non-CSV file before sending, and shows the server's message about the file beside it", async () => {
    const fetchMock = statementApi({
      status: 400,
      body: {
        success: false,
        errorCode: 2,
        errorLevel: 'error',
        errorMessage: 'Μη έγκυρα στοιχεία.',
        fields: [{ field: 'csv', message: 'Η τιμή δεν είναι έγκυρη.' }],
      },
    });
    const { user } = renderApp('/all-companies');
    const input = await screen.findByLabelText('Αρχείο κίνησης (CSV)');
    const submit = screen.getByRole('button', { name: 'Εισαγωγή κίνησης' });

    await user.click(submit);
    expect(await screen.findByText('Επιλέξτε το αρχείο της κίνησης.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    // The picker offers only .csv; a dropped file can be anything.
    fireEvent.drop(input, { dataTransfer: { files: [new File(['x'], 'kinisi.xlsx')] } });
    expect(await screen.findByText('Επιλέξτε αρχείο CSV (.csv).')).toBeTruthy();
    await user.click(submit);
    await user.upload(input, csvFile(''));
    expect(await screen.findByText('Το αρχείο είναι κενό.')).toBeTruthy();
    await user.click(submit);
    expect(requestsTo(fetchMock, IMPORT)).toHaveLength(0);

    await user.upload(input, csvFile('a,b\n1,2'));
    expect(screen.queryByText('Το αρχείο είναι κενό.')).toBeNull();
    await user.click(submit);
    const error = await screen.findByText('Η τιμή δεν είναι έγκυρη.');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Said beside the file, not in the global error dialog.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, IMPORT)).toHaveLength(1);
  });

  it('says in place when the server finds the file too large', async () => {
    const fetchMock = statementApi({
      status: 413,
      body: { success: false, errorCode: 2, errorLevel: 'error', errorMessage: 'Request body is too large' },
    });
    const { user } = renderApp('/all-companies');
    await user.upload(await screen.findByLabelText('Αρχείο κίνησης (CSV)'), csvFile(CSV));
    await user.click(screen.getByRole('button', { name: 'Εισαγωγή κίνησης' }));
    expect(
      await screen.findByText(
        'Το αρχείο είναι μεγαλύτερο από όσο δέχεται ο διακομιστής. Χωρίστε την κίνηση σε μικρότερα αρχεία.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, IMPORT)).toHaveLength(1);
  });

  it('shows the import in English', async () => {
    statementApi();
    const { user } = renderApp('/en/all-companies');
    const section = await screen.findByRole('region', { name: 'Bank statement' });
    await user.upload(within(section).getByLabelText('Statement file (CSV)'), csvFile(CSV));
    await user.click(within(section).getByRole('button', { name: 'Import statement' }));
    expect((await within(section).findByRole('status')).textContent).toBe('1 line matched, 5 did not');
    const table = within(section).getByRole('table', { name: 'Statement lines' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.lastElementChild?.textContent),
    ).toEqual([
      'Paid order #1071',
      'Line already imported',
      'Unknown RF reference',
      'Amount does not match' + 'Order #1072',
      'Order was already paid' + 'Order #1060',
      'Invalid line',
    ]);
    expect(within(section).getByRole('switch', { name: 'Only lines not matched' })).toBeTruthy();
  });
});

describe('bank statement files', () => {
  it('takes .csv files of up to 5 MB, in any letter case', () => {
    expect(statementFileProblem({ name: 'KINHSH.CSV', size: 10 })).toBeNull();
    expect(statementFileProblem({ name: 'kinisi.csv', size: 5_000_000 })).toBeNull();
    expect(statementFileProblem({ name: 'kinisi.csv', size: 5_000_001 })).toBe('tooLarge');
    expect(statementFileProblem({ name: 'kinisi.txt', size: 10 })).toBe('notCsv');
    expect(statementFileProblem({ name: 'kinisi.csv', size: 0 })).toBe('empty');
  });

  it('reads UTF-8 (dropping the BOM) and falls back to windows-1253', () => {
    const utf8 = new TextEncoder().encode('\uFEFFποσό;αιτιολογία');
    expect(decodeStatement(utf8.buffer as ArrayBuffer)).toBe('ποσό;αιτιολογία');
    expect(decodeStatement(new Uint8Array([0xe1, 0xe9, 0xf4]).buffer)).toBe('αιτ');
  });
});
