import type {
  PayoutDeskResponse,
  PayoutView,
  SettlementDeskResponse,
  TerminalDeskResponse,
} from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const API = '/api/v1/merchants';

const terminals: TerminalDeskResponse = {
  success: true,
  requested: 1,
  terminals: [
    {
      terminalId: '11111111-1111-4111-8111-111111111111',
      merchantId: 'M2001',
      merchantName: 'Ταβέρνα Το Στέκι',
      storeName: 'Το Στέκι — Κουκάκι',
      city: 'Αθήνα',
      mid: '20010102',
      label: 'Delivery (efood)',
      state: 'requested',
      createdAt: '2026-11-01T10:00:00.000Z',
      enrolledAt: null,
    },
    {
      terminalId: '22222222-2222-4222-8222-222222222222',
      merchantId: 'M2002',
      merchantName: 'Φρέσκο Μάρκετ',
      storeName: 'Φρέσκο Μάρκετ Σύνταγμα',
      city: 'Αθήνα',
      mid: '20020101',
      label: 'Ταμείο 1',
      state: 'enrolled',
      createdAt: '2026-06-01T10:00:00.000Z',
      enrolledAt: '2026-06-02T10:00:00.000Z',
    },
  ],
};

const payout = (overrides: Partial<PayoutView>): PayoutView => ({
  payoutId: '33333333-3333-4333-8333-333333333333',
  merchantId: 'M2002',
  merchantName: 'Φρέσκο Μάρκετ',
  settlementId: '44444444-4444-4444-8444-444444444444',
  businessDay: '2026-11-24',
  amountCents: 12_345,
  iban: 'GR1601101250000000012300695',
  bic: 'ETHNGRAA',
  endToEndId: 'TS-20261124-M2002',
  state: 'sent',
  payoutFileId: '55555555-5555-4555-8555-555555555555',
  createdAt: '2026-11-25T00:30:00.000Z',
  sentAt: '2026-11-25T08:00:00.000Z',
  paidAt: null,
  waitingReason: null,
  returnedAt: null,
  returnReason: null,
  replacesPayoutId: null,
  ...overrides,
});

const payoutDesk: PayoutDeskResponse = {
  success: true,
  totalFiles: 1,
  page: 1,
  pageSize: 10,
  files: [
    {
      fileId: '55555555-5555-4555-8555-555555555555',
      messageId: 'TSP20261125080000ABCDEF',
      payoutCount: 1,
      totalCents: 12_345,
      executionDate: '2026-11-25',
      createdAt: '2026-11-25T08:00:00.000Z',
      payouts: [payout({})],
    },
  ],
  scheduled: [
    payout({
      payoutId: '66666666-6666-4666-8666-666666666666',
      merchantId: 'M2003',
      merchantName: 'e-Μπακάλικο',
      iban: 'GR7501401010101002320000190',
      state: 'scheduled',
      payoutFileId: null,
      sentAt: null,
      waitingReason: 'invalidIban',
    }),
  ],
  balances: [{ merchantId: 'M2002', merchantName: 'Φρέσκο Μάρκετ', balanceCents: 1_000 }],
};

const settlementDesk: SettlementDeskResponse = {
  success: true,
  from: '2026-11-14',
  to: '2026-11-27',
  flagged: 1,
  days: [
    {
      businessDay: '2026-11-27',
      merchantId: 'M2001',
      merchantName: 'Ταβέρνα Το Στέκι',
      settlement: null,
      flag: 'missing',
    },
  ],
};

function deskApi(handlers: Record<string, MockHandler> = {}, who: 'care' | 'admin' | 'om1' = 'care') {
  return mockApi({
    'GET /api/auth/session': { body: session(who) },
    [`GET ${API}/terminalDesk`]: { body: terminals },
    [`POST ${API}/terminalDesk/${terminals.terminals[1]!.terminalId}/state`]: {
      body: { success: true, terminal: {} },
    },
    [`GET ${API}/payoutDesk`]: { body: payoutDesk },
    [`POST ${API}/payouts/markReturned`]: {
      body: {
        success: true,
        payout: payout({ state: 'returned', returnReason: 'AC04 closed account' }),
        repayment: payout({ state: 'scheduled', payoutId: '77777777-7777-4777-8777-777777777777' }),
        balanceCents: 13_345,
      },
    },
    [`GET ${API}/settlementDesk`]: { body: settlementDesk },
    [`POST ${API}/settlements/rerunDay`]: { body: { success: true, settled: 1, existing: 0 } },
    ...handlers,
  });
}

describe('the payout desk (provider staff; issue 34 §1)', () => {
  it('shows the terminals queue first, and suspends a till only with a reason', async () => {
    const fetchMock = deskApi();
    const { user } = renderApp('/back-office/terminals');
    expect(await screen.findByRole('heading', { name: 'Τερματικά', level: 1 })).toBeTruthy();
    expect(await screen.findByText('1 τερματικό περιμένει ενεργοποίηση (πρώτο στη λίστα).')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Τερματικά' })).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('20010102');

    await user.click(screen.getByRole('button', { name: 'Αναστολή του τερματικού Ταμείο 1 (MID 20020101)' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Αιτιολογία/), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Αναστολή' }));
    expect(await within(dialog).findByText('Γράψτε αιτιολογία τουλάχιστον 3 χαρακτήρων.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/terminalDesk/${terminals.terminals[1]!.terminalId}/state`)).toEqual(
      [],
    );

    await user.type(within(dialog).getByLabelText(/^Αιτιολογία/), 'yz ύποπτες επιστροφές');
    await user.click(within(dialog).getByRole('button', { name: 'Αναστολή' }));
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, `${API}/terminalDesk/${terminals.terminals[1]!.terminalId}/state`),
      ).toHaveLength(1),
    );
    expect(
      requestsTo(fetchMock, `${API}/terminalDesk/${terminals.terminals[1]!.terminalId}/state`)[0]!.body,
    ).toEqual({ state: 'suspended', reason: 'xyz ύποπτες επιστροφές' });
    expect(
      await screen.findByText('Το MID 20020101 του εμπόρου Φρέσκο Μάρκετ τέθηκε σε αναστολή.'),
    ).toBeTruthy();
  });

  it('shows a file’s control figures and a payout waiting for its IBAN, and records a return with its reason, in English', async () => {
    const fetchMock = deskApi();
    const { user } = renderApp('/en/back-office/payouts');
    const file = await screen.findByRole('region', { name: 'Payout file TSP20261125080000ABCDEF' });
    expect(within(file).getByText('Transactions: 1 · Control sum: 123,45 €')).toBeTruthy();
    expect(within(file).getByRole('link', { name: 'Download XML TSP20261125080000ABCDEF' })).toHaveProperty(
      'href',
      `http://localhost:3000${API}/payoutFiles/${payoutDesk.files[0]!.fileId}`,
    );
    expect(
      screen.getByText("Invalid IBAN: not put in a file until the merchant's account is corrected."),
    ).toBeTruthy();

    await user.click(
      within(file).getByRole('button', {
        name: 'Mark returned by the bank the payout of Φρέσκο Μάρκετ for 24/11/2026',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'AC04 closed account');
    await user.click(within(dialog).getByRole('button', { name: 'Record the return' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/payouts/markReturned`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/payouts/markReturned`)[0]!.body).toEqual({
      payoutId: payoutDesk.files[0]!.payouts[0]!.payoutId,
      reason: 'AC04 closed account',
    });
    expect(await screen.findByText(/Merchant balance now: 133,45\s€/)).toBeTruthy();
  });

  it('flags a missing settlement day and re-runs it', async () => {
    const fetchMock = deskApi();
    const { user } = renderApp('/back-office/settlements');
    expect(await screen.findByText('1 ημέρα εμπόρου λείπει από 14/11/2026 έως 27/11/2026.')).toBeTruthy();
    expect(screen.getByText('Λείπει')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Επανεκτέλεση ημέρας' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Επανεκτέλεση ημέρας' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/settlements/rerunDay`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/settlements/rerunDay`)[0]!.body).toEqual({
      businessDay: '2026-11-27',
    });
  });

  it('keeps the reason dialog open when the server refuses the change', async () => {
    const url = `${API}/terminalDesk/${terminals.terminals[1]!.terminalId}/state`;
    const fetchMock = deskApi({
      [`POST ${url}`]: {
        status: 409,
        body: {
          success: false,
          errorCode: 70,
          errorLevel: 'error',
          errorMessage: 'The terminal cannot take this step now.',
        },
      },
    });
    const { user } = renderApp('/en/back-office/terminals');
    await user.click(await screen.findByRole('button', { name: 'Suspend terminal Ταμείο 1 (MID 20020101)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'suspected fraud');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(requestsTo(fetchMock, url)).toHaveLength(1));
    expect(await screen.findByText('The terminal cannot take this step now.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Suspend' })).toBeTruthy();
    expect(screen.queryByText(/is suspended\.$/)).toBeNull();
  });

  it('is not for company users', async () => {
    deskApi({}, 'om1');
    renderApp('/back-office/payouts');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
  });
});
