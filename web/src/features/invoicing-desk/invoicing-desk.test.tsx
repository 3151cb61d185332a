import { configure, screen, waitFor, within } from '@testing-library/react';
import type { DeskInvoice, DeskInvoiceDetail } from '@tessera/domain';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const REFUSED_ID = '11111111-2222-4333-8444-555555555555';
const WAITING_ID = '22222222-2222-4333-8444-555555555555';
const DESK = '/api/v1/invoice-desk';

function deskInvoice(overrides: Partial<DeskInvoice> = {}): DeskInvoice {
  return {
    invoiceId: REFUSED_ID,
    number: 'TPY-12',
    documentType: '2.1',
    state: 'refused',
    issueDate: '2026-11-20',
    companyId: 'C1001',
    merchantId: null,
    customerName: 'Ακμή Τροφίμων Α.Ε.',
    customerVat: '094019245',
    netCents: 1_000,
    vatCents: 240,
    grossCents: 1_240,
    mark: null,
    transmissionFailure: null,
    attempts: 1,
    lastAttemptAt: '2026-11-20T10:15:00.000Z',
    lastOutcome: 'refused',
    errors: [{ code: '202', message: 'Invalid Greek VAT number' }],
    nextAttemptAt: null,
    ...overrides,
  };
}

const WAITING = deskInvoice({
  invoiceId: WAITING_ID,
  number: 'TPY-13',
  state: 'transmission_failed',
  transmissionFailure: 1,
  attempts: 3,
  lastOutcome: 'unreachable',
  errors: [],
  nextAttemptAt: '2099-01-01T10:00:00.000Z',
});

function detail(overrides: Partial<DeskInvoiceDetail> = {}): DeskInvoiceDetail {
  return {
    ...deskInvoice(),
    customer: {
      name: 'Ακμή Τροφίμων Α.Ε.',
      vatNumber: '094019245',
      address: 'Σταδίου 10, 10564 Αθήνα',
      taxOffice: '',
    },
    issuerVat: '099999999',
    mydataUid: null,
    authenticationCode: null,
    qrUrl: null,
    transmittedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    orderId: '33333333-2222-4333-8444-555555555555',
    settlementId: null,
    correlated: null,
    lines: [
      {
        lineNumber: 1,
        kind: 'cardFee',
        descriptionEl: 'Τέλος έκδοσης κάρτας — #1042',
        descriptionEn: 'Card issuance fee — #1042',
        quantity: 2,
        netCents: 600,
        vatCategory: 1,
        vatCents: 144,
      },
      {
        lineNumber: 2,
        kind: 'serviceFee',
        descriptionEl: 'Αμοιβή υπηρεσιών επί των φορτώσεων — #1042',
        descriptionEn: 'Service fee on loaded amounts — #1042',
        quantity: null,
        netCents: 400,
        vatCategory: 1,
        vatCents: 96,
      },
    ],
    transmissions: [
      {
        attempt: 1,
        action: 'send',
        gateway: 'sandbox',
        startedAt: '2026-11-20T10:15:00.000Z',
        finishedAt: '2026-11-20T10:15:01.000Z',
        outcome: 'refused',
        httpStatus: null,
        errors: [{ code: '202', message: 'Invalid Greek VAT number' }],
        mark: null,
        transmissionFailure: null,
        detail: '',
      },
    ],
    canResend: true,
    ...overrides,
  };
}

describe('the invoice desk (issue 37 §3–4)', () => {
  it('lists the refused documents with AADE’s errors and the waiting ones with attempts and next retry, each opening its document', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`GET ${DESK}/queue`]: {
        body: { success: true, refused: [deskInvoice()], waiting: [WAITING], hasMore: false },
      },
    });
    renderApp('/back-office/invoices');
    const refused = await screen.findByRole('list', { name: 'Απορρίφθηκαν από την ΑΑΔΕ (1)' });
    const [first] = within(refused).getAllByRole('listitem');
    expect(within(first!).getByText('Απορρίφθηκε από την ΑΑΔΕ')).toBeTruthy();
    expect(within(first!).getByText('202')).toBeTruthy();
    expect(within(first!).getByText('Invalid Greek VAT number')).toBeTruthy();
    expect(within(first!).getByText('Σύνολο').nextElementSibling?.textContent).toBe('12,40\u00a0€');
    expect(within(first!).getByRole('link', { name: 'Λεπτομέρειες του TPY-12' }).getAttribute('href')).toBe(
      `/back-office/invoices/${REFUSED_ID}`,
    );

    const waiting = screen.getByRole('list', { name: 'Σε αναμονή διαβίβασης (1)' });
    const [second] = within(waiting).getAllByRole('listitem');
    expect(within(second!).getByText('Αδυναμία διαβίβασης')).toBeTruthy();
    expect(within(second!).getByText('Προσπάθειες').nextElementSibling?.textContent).toBe('3');
    expect(within(second!).getByText('Επόμενη προσπάθεια').nextElementSibling?.textContent).toMatch(
      /^01\/01\/2099/,
    );
    expect(within(second!).getByText('Χωρίς απάντηση')).toBeTruthy();
  });

  it('searches by number, MARK or VAT number from the address, in English, and says when the text is none of them', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      [`GET ${DESK}/queue`]: { body: { success: true, refused: [], waiting: [], hasMore: false } },
      [`GET ${DESK}/search`]: ({ url }) =>
        url.searchParams.get('q') === 'TPY-13'
          ? { body: { success: true, matchedBy: 'number', invoices: [WAITING] } }
          : { body: { success: true, matchedBy: 'none', invoices: [] } },
    });
    const { user, router } = renderApp('/en/back-office/invoices');
    expect(await screen.findByText('No document was refused.')).toBeTruthy();
    expect(screen.getByText('No document is waiting.')).toBeTruthy();

    await user.type(screen.getByLabelText('Number, MARK or VAT number'), 'TPY-13');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=TPY-13'));
    const results = await screen.findByRole('list', { name: 'Results for “TPY-13”' });
    expect(within(results).getByRole('link', { name: 'Details of TPY-13' })).toBeTruthy();
    expect(within(results).getByText('Transmission pending (AADE unreachable)')).toBeTruthy();
    expect(requestsTo(fetchMock, `${DESK}/search`).at(-1)?.url.searchParams.get('q')).toBe('TPY-13');

    const box = screen.getByLabelText('Number, MARK or VAT number');
    await user.clear(box);
    await user.type(box, 'hello');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(/^Type a number as printed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to the queue' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a document’s lines, totals and calls to AADE, sends it again and says what came of it', async () => {
    let current = detail();
    let sends = 0;
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`GET ${DESK}/invoices/${REFUSED_ID}`]: () => ({ body: { success: true, invoice: current } }),
      [`POST ${DESK}/invoices/${REFUSED_ID}/resend`]: () => {
        sends += 1;
        const call = {
          ...current.transmissions[0]!,
          attempt: current.transmissions.length + 1,
          startedAt: '2026-11-21T09:00:00.000Z',
        };
        if (sends === 1) {
          current = detail({ transmissions: [...current.transmissions, call], attempts: 2 });
          return { body: { success: true, outcome: 'refused', invoice: current } };
        }
        current = detail({
          state: 'transmitted',
          mark: '900000000000042',
          errors: [],
          canResend: false,
          transmissions: [
            ...current.transmissions,
            { ...call, outcome: 'accepted', errors: [], mark: '900000000000042' },
          ],
        });
        return { body: { success: true, outcome: 'transmitted', invoice: current } };
      },
    });
    const { user } = renderApp(`/back-office/invoices/${REFUSED_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'TPY-12' })).toBeTruthy();
    const lines = screen.getByRole('list', { name: 'Γραμμές' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    expect(within(lines).getByText('Τέλος έκδοσης κάρτας — #1042')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Γραμμές' }))
        .getAllByText('Σύνολο')
        .at(-1)!.nextElementSibling?.textContent,
    ).toBe('12,40\u00a0€');
    const calls = screen.getByRole('list', { name: 'Επικοινωνία με την ΑΑΔΕ' });
    expect(within(calls).getByText('Προσπάθεια 1: Αποστολή')).toBeTruthy();
    expect(within(calls).getByText('sandbox')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Αποστολή ξανά' }));
    expect(await screen.findByText(/^Η ΑΑΔΕ το απέρριψε ξανά/)).toBeTruthy();
    await waitFor(() => expect(within(calls).getAllByText(/^Προσπάθεια \d: /)).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Αποστολή ξανά' }));
    expect(await screen.findByText('Η ΑΑΔΕ το δέχτηκε: ΜΑΡΚ 900000000000042.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${DESK}/invoices/${REFUSED_ID}/resend`)).toHaveLength(2);
    // Transmitted: nothing more to send.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Αποστολή ξανά' })).toBeNull());
    expect(screen.getByText('Διαβιβάστηκε στην ΑΑΔΕ')).toBeTruthy();
  });

  it('is the provider staff’s: a company’s order manager gets the 403 page and asks the server nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': { body: session('om1') } });
    renderApp('/back-office/invoices');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
    expect(requestsTo(fetchMock, `${DESK}/queue`)).toEqual([]);
  });
});
