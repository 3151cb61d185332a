import { configure, screen, waitFor, within } from '@testing-library/react';
import type { DisputeDetail } from '@tessera/domain';
import { describe, expect, it, vi } from 'vitest';
import { card as baseCard, cardMovementsHandler } from '../../test/cards';
import { companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { uuid } from '../../test/orders';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages and typed input: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ID = '11111111-2222-4333-8444-555555555555';

function detail(overrides: Partial<DisputeDetail> = {}): DisputeDetail {
  return {
    disputeId: ID,
    reason: 'charged_twice',
    note: 'Δύο αποδείξεις για ένα καλάθι',
    state: 'open',
    openedBy: 'merchant',
    openedAt: '2026-11-20T10:15:00.000Z',
    resolutionReason: null,
    resolvedAmountCents: null,
    closedAt: null,
    transaction: {
      transactionId: '99999999-2222-4333-8444-555555555555',
      kind: 'authorise',
      outcome: 'approved',
      declineReason: null,
      amountCents: 2_400,
      authorisationId: 'AUTH12345678',
      merchantName: 'Φρέσκο Μάρκετ',
      storeName: 'Κολωνάκι',
      maskedCard: '5167 •••• •••• 1234',
      at: '2026-11-20T09:00:00.000Z',
    },
    merchantId: 'M2002',
    companyId: 'C1001',
    refundableCents: 2_400,
    isReversible: true,
    ...overrides,
  };
}

const DETAIL = `/api/v1/disputes/${ID}`;

describe('answering a dispute in the back office (issue 34 §1)', () => {
  it('refuses a refund above what is left before asking the server, then refunds the amount typed with the reason', async () => {
    let current = detail();
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`GET ${DETAIL}`]: () => ({ body: { success: true, dispute: current } }),
      [`POST ${DETAIL}/resolve`]: () => {
        current = detail({
          state: 'resolved_refund',
          resolutionReason: 'Επιβεβαιώθηκε',
          resolvedAmountCents: 1_250,
          closedAt: '2026-11-21T10:00:00.000Z',
          refundableCents: 0,
        });
        return { body: { success: true, dispute: current } };
      },
    });
    const { user } = renderApp(`/back-office/disputes/${ID}`);
    const amount = await screen.findByLabelText('Ποσό επιστροφής (€)');
    expect((amount as HTMLInputElement).value).toBe('24,00');
    await user.clear(amount);
    await user.type(amount, '24,01');
    await user.type(screen.getByLabelText(/^Αιτιολογία/), 'Επιβεβαιώθηκε');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(await screen.findByText(/^Συμπληρώστε ποσό από 0,01 € έως 24,00/)).toBeTruthy();
    expect(requestsTo(fetchMock, `${DETAIL}/resolve`)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '12,50');
    await user.click(screen.getByRole('button', { name: 'Επιβεβαίωση' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${DETAIL}/resolve`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${DETAIL}/resolve`)[0]?.body).toEqual({
      resolution: 'refund',
      amountCents: 1_250,
      reason: 'Επιβεβαιώθηκε',
    });
    expect(await screen.findByText('Επιλύθηκε με επιστροφή χρημάτων')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Επιβεβαίωση' })).toBeNull();
  });

  it('offers only a rejection for a declined call, which moved no money', async () => {
    const declined = detail({
      reason: 'declined_but_charged',
      refundableCents: 0,
      isReversible: false,
      transaction: { ...detail().transaction, outcome: 'declined', declineReason: 'insufficientBalance' },
    });
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      [`GET ${DETAIL}`]: { body: { success: true, dispute: declined } },
      [`POST ${DETAIL}/reject`]: { body: { success: true, dispute: { ...declined, state: 'rejected' } } },
    });
    const { user } = renderApp(`/en/back-office/disputes/${ID}`);
    expect(await screen.findByText(/it can only be rejected/)).toBeTruthy();
    const choices = screen.getByRole('radiogroup', { name: 'Answer' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['reject']);
    await user.type(screen.getByLabelText(/^Reason/), 'No charge in the ledger');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${DETAIL}/reject`)[0]?.body).toEqual({
        reason: 'No charge in the ledger',
      }),
    );
  });

  it('lists the queue open first with each dispute’s party, and filters by state in the address', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      'GET /api/v1/disputes': {
        body: {
          success: true,
          disputes: [
            detail(),
            detail({ disputeId: ID.replace('1111', '2222'), state: 'rejected', openedBy: 'company' }),
          ],
          total: 2,
        },
      },
    });
    const { user, router } = renderApp('/en/back-office/disputes');
    const list = await screen.findByRole('list', { name: 'Disputes' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Dispute open')).toBeTruthy();
    expect(within(items[1]!).getByText('Company')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('State'), 'open');
    await waitFor(() => expect(router.state.location.search).toBe('?state=open'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/v1/disputes').at(-1)?.url.searchParams.get('state')).toBe('open'),
    );
  });
});

describe('a card’s purchase disputed by the company (issue 34 §1)', () => {
  it('the order manager opens a dispute of a purchase from the card’s panel for the cardholder, and sees its state', async () => {
    const shown = baseCard({ cardName: 'Γεύματα Μαρίας', balanceCents: 4_650 });
    const purchase = uuid(9_101);
    let opened = false;
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
      'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
      'POST /api/v1/accounts/cardFilter': {
        body: { success: true, cards: [shown], total: 1, page: 1, pageSize: 25 },
      },
      'GET /api/v1/accounts/retrieveCardsKpis': {
        body: {
          success: true,
          totalCards: 1,
          byStatus: { active: 1, blocked: 0, expired: 0, lost: 0, damaged: 0, replaced: 0 },
          totalBalanceCents: 4_650,
          loadedThisMonthCents: 0,
          loadsThisMonth: 0,
          expiringSoon: 0,
          readyToTopUp: 0,
          loadedByMonth: [],
        },
      },
      'GET /api/v1/accounts/retrieveCardSummaries': { body: { success: true, summaries: [] } },
      'GET /api/v1/accounts/cardMovements': cardMovementsHandler(
        () => [shown],
        () => [
          {
            movementId: purchase,
            kind: 'purchase',
            amountCents: -350,
            description: 'Φρέσκο Μάρκετ · Κολωνάκι',
            reference: 'A1B2C3D4',
            postedAt: '2026-03-03T10:00:00Z',
          },
          {
            movementId: uuid(9_102),
            kind: 'purchase',
            amountCents: -120,
            description: 'Demo: purchases at merchants',
            reference: 'demo',
            postedAt: '2026-03-01T10:00:00Z',
          },
        ],
      ),
      'GET /api/v1/accounts/disputes/ofMovements': () => ({
        body: {
          success: true,
          disputes: opened ? [{ key: purchase, dispute: { ...detail(), openedBy: 'company' } }] : [],
          // The older purchase is the ledger's only (no terminal call): it cannot be disputed.
          disputableKeys: [purchase],
        },
      }),
      'POST /api/v1/accounts/disputes': () => {
        opened = true;
        return { body: { success: true, dispute: detail() } };
      },
    });
    const { user } = renderApp('/card-list');
    const table = await screen.findByRole('region', { name: /Πίνακας καρτών/ });
    await user.click(within(table).getByRole('button', { name: 'Μαρία Παπαδάκη' }));
    const panel = await screen.findByRole('dialog', { name: 'Γεύματα Μαρίας' });
    await user.click(await within(panel).findByRole('button', { name: /^Αμφισβήτηση της συναλλαγής 3,50/ }));
    expect(within(panel).queryByRole('button', { name: /^Αμφισβήτηση της συναλλαγής 1,20/ })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Αμφισβήτηση συναλλαγής' });
    await user.click(within(dialog).getByRole('radio', { name: 'Δεν έγινε η επιστροφή χρημάτων' }));
    await user.type(within(dialog).getByLabelText(/^Σημείωση/), 'Ο κάτοχος δεν πήρε την επιστροφή');
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αμφισβήτησης' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/accounts/disputes')).toHaveLength(1));
    const [sent] = requestsTo(fetchMock, '/api/v1/accounts/disputes');
    expect(sent?.body).toEqual({
      cardId: shown.cardId,
      movementId: purchase,
      reason: 'refund_not_received',
      note: 'Ο κάτοχος δεν πήρε την επιστροφή',
    });
    expect(sent?.headers.get('companyId')).toBe('C1001');
    expect(await within(panel).findByText('Ανοιχτή διαφορά')).toBeTruthy();
  });
});

describe('a merchant’s transaction disputed by its administrator (issue 34 §1)', () => {
  it('opens a dispute from a purchase of the transactions list, and shows its state there and in the list', async () => {
    const API = '/api/v1/merchants';
    const sale = uuid(9_201);
    const refund = uuid(9_202);
    const row = (transactionId: string, kind: 'authorise' | 'refund', amountCents: number) => ({
      transactionId,
      terminalTransactionId: `T-${kind}`,
      kind,
      outcome: 'approved',
      declineReason: null,
      amountCents,
      product: 'TICKET_RESTAURANT',
      storeId: uuid(801),
      storeName: 'Αγορά Κολωνάκι',
      terminalId: uuid(701),
      terminalLabel: 'Ταμείο 1',
      mid: '20020001',
      authorisationId: 'A1',
      maskedCard: '•••• 1234',
      at: '2026-03-02T10:00:00Z',
    });
    let opened = false;
    const open = () => ({
      ...detail(),
      note: 'Two receipts',
      transaction: { ...detail().transaction, transactionId: sale },
    });
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('merchant') },
      [`GET ${API}/retrieveRedeemerProfileDetails`]: {
        body: {
          success: true,
          merchant: { merchantId: 'M2002', legalName: 'Φρέσκο Μάρκετ Α.Ε.', tradeName: 'Φρέσκο Μάρκετ' },
          access: { merchantRole: 'admin', canUseTerminal: true, isProviderStaff: false },
        },
      },
      [`GET ${API}/retrieveStoreList`]: { body: { success: true, stores: [] } },
      [`GET ${API}/retrieveTransactionList`]: {
        body: {
          success: true,
          transactions: [row(sale, 'authorise', 1_500), row(refund, 'refund', 500)],
          nextCursor: null,
        },
      },
      [`GET ${API}/disputes/ofTransactions`]: () => ({
        body: { success: true, disputes: opened ? [{ key: sale, dispute: open() }] : [] },
      }),
      [`GET ${API}/disputes`]: () => ({
        body: { success: true, disputes: opened ? [open()] : [], total: opened ? 1 : 0 },
      }),
      [`POST ${API}/disputes`]: () => {
        opened = true;
        return { body: { success: true, dispute: open() } };
      },
    });
    const { user } = renderApp('/en/merchant/balance-sheet');
    const table = await screen.findByRole('table', { name: 'Transactions, newest first' });
    const buttons = await within(table).findAllByRole('button', {
      name: /^Open a dispute about the transaction of /,
    });
    // The purchase can be disputed; the refund cannot.
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Open a dispute about the transaction of 15,00/),
    ]);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Open a dispute' });
    await user.type(within(dialog).getByLabelText(/^Note/), 'Two receipts');
    await user.click(within(dialog).getByRole('button', { name: 'Open the dispute' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${API}/disputes`).filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, `${API}/disputes`).find((r) => r.method === 'POST')?.body).toEqual({
      transactionId: sale,
      reason: 'charged_twice',
      note: 'Two receipts',
    });
    expect(await within(table).findByText('Dispute open')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Disputes' });
    expect(within(list).getByText('Two receipts')).toBeTruthy();
  });
});
