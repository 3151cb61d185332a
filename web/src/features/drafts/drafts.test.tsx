import type { DraftOrdersResponse, DraftSummary } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { draftSummary as draft } from '../../test/orders';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const LIST = '/api/v1/orders/retrieveDraftOrders';
const FINANCE_LIST = '/api/v1/orders/retrieveDraftOrdersFinanceUser';
const DELETE = '/api/v1/orders/deleteDraftOrder';

function listOf(drafts: DraftSummary[], total = drafts.length): DraftOrdersResponse {
  return { success: true, draftOrders: drafts, total, isMaxReached: total > 99 };
}

const NO_DRAFTS = {
  status: 404,
  body: { success: false, errorCode: 40, errorLevel: 'info', errorMessage: 'No draft orders' },
};

function draftsApi(role: Parameters<typeof session>[0], handlers: Record<string, MockHandler>) {
  const companyId = role === 'finance' || role === 'payment' ? 'C1002' : 'C1001';
  writeStore('companyData', COMPANIES[companyId]);
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(companyId) },
    ...handlers,
  });
}

const SPENDEO_LOAD = draft(1, {
  reason: 'load-card',
  orderType: 'LOAD',
  product: 'SPENDEO',
  family: 'spendeo',
  cards: 12,
  totalCents: 60_900,
  updatedAt: '2026-03-01T10:00:00Z',
});
const ALIASED = draft(2, { draftOrderAlias: 'Δώρα Πάσχα', updatedAt: '2026-03-04T21:15:00Z' });
const EXPIRING = draft(3, {
  reason: 'expiring-trz',
  orderType: 'EXPIRED',
  family: 'virtual',
  cards: 1,
  totalCents: 0,
  updatedAt: '2026-02-20T07:00:00Z',
});

describe('draft orders: the order manager', () => {
  it('lists the drafts newest first with what they order, amounts, author and last change', async () => {
    const fetchMock = draftsApi('om1', {
      [`GET ${LIST}`]: { body: listOf([SPENDEO_LOAD, EXPIRING, ALIASED]) },
    });
    renderApp('/draft-orders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Πρόχειρες παραγγελίες' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Πρόχειρες παραγγελίες · Tessera'));
    const list = await screen.findByRole('list', { name: 'Λίστα πρόχειρων παραγγελιών' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Δώρα Πάσχα',
      'Φόρτιση καρτών · Spendeo',
      'Αντικατάσταση ψηφιακών καρτών που λήγουν · Ticket Restaurant',
    ]);
    const term = (item: HTMLElement, name: string) =>
      within(item).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    const [aliased, spendeo, expiring] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(term(aliased, 'Είδος παραγγελίας')).toBe('Νέες κάρτες');
    expect(term(aliased, 'Προϊόν')).toBe('Ticket Restaurant · Πλαστική');
    expect(term(aliased, 'Κάρτες')).toBe('3 κάρτες');
    expect(term(aliased, 'Συνολικό ποσό')).toBe('1.234,56\u00a0€');
    expect(term(aliased, 'Δημιουργήθηκε από')).toBe('Ελένη Κωνσταντίνου');
    // 21:15 UTC is 23:15 in Athens (winter time).
    expect(term(aliased, 'Τελευταία αλλαγή')).toBe('04/03/2026, 23:15');
    expect(term(spendeo, 'Είδος παραγγελίας')).toBe('Φόρτιση');
    expect(term(spendeo, 'Προϊόν')).toBe('Spendeo');
    expect(term(spendeo, 'Συνολικό ποσό')).toBe('609,00\u00a0€');
    expect(term(expiring, 'Κάρτες')).toBe('1 κάρτα');
    expect(term(expiring, 'Προϊόν')).toBe('Ticket Restaurant · Ψηφιακή');

    expect(screen.getByText('Πρόχειρες παραγγελίες: 3 από 99')).toBeTruthy();
    expect(screen.queryByText('Συμπληρώθηκε το όριο πρόχειρων παραγγελιών')).toBeNull();
    expect(readStore('draftTotal')).toEqual({ total: 3, isMaxReached: false });
    expect(requestsTo(fetchMock, LIST)[0]?.headers.get('companyId')).toBe('C1001');
    expect(requestsTo(fetchMock, FINANCE_LIST)).toHaveLength(0);
  });

  it('resumes a draft on /card-issue/info/{draftId}, in the page’s language', async () => {
    draftsApi('om1', { [`GET ${LIST}`]: { body: listOf([SPENDEO_LOAD]) } });
    const { user, router } = renderApp('/en/draft-orders');
    const resume = await screen.findByRole('link', { name: 'Resume: Card load · Spendeo' });
    expect(resume.getAttribute('href')).toBe(`/en/card-issue/info/${SPENDEO_LOAD.draftId}`);
    await user.click(resume);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/en/card-issue/info/${SPENDEO_LOAD.draftId}`),
    );
  });

  it('shows the empty state when the server answers code 40, without an error dialog', async () => {
    writeStore('draftTotal', { total: 4, isMaxReached: false });
    draftsApi('om1', { [`GET ${LIST}`]: NO_DRAFTS });
    renderApp('/draft-orders');
    expect(await screen.findByText(/Δεν υπάρχουν πρόχειρες παραγγελίες\./)).toBeTruthy();
    expect(screen.getByText('Πρόχειρες παραγγελίες: 0 από 99')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(readStore('draftTotal')).toEqual({ total: 0, isMaxReached: false });
  });

  it('deletes a draft after confirming, then refreshes the list and the stored total', async () => {
    let remaining = [SPENDEO_LOAD, ALIASED];
    const fetchMock = draftsApi('om1', {
      [`GET ${LIST}`]: () => ({ body: listOf(remaining) }),
      [`POST ${DELETE}`]: (request) => {
        const { draftId } = request.body as { draftId: string };
        remaining = remaining.filter((candidate) => candidate.draftId !== draftId);
        return { body: { success: true } };
      },
    });
    const { user } = renderApp('/draft-orders');
    await user.click(await screen.findByRole('button', { name: 'Διαγραφή: Δώρα Πάσχα' }));

    // Cancelling deletes nothing.
    let dialog = await screen.findByRole('dialog', { name: 'Διαγραφή πρόχειρης παραγγελίας' });
    expect(
      within(dialog).getByText('Να διαγραφεί η πρόχειρη παραγγελία «Δώρα Πάσχα»; Η διαγραφή δεν αναιρείται.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ακύρωση' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(fetchMock, DELETE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Διαγραφή: Δώρα Πάσχα' }));
    dialog = await screen.findByRole('dialog', { name: 'Διαγραφή πρόχειρης παραγγελίας' });
    await user.click(within(dialog).getByRole('button', { name: 'Ναι, διαγραφή' }));

    expect(await screen.findByText('Η πρόχειρη παραγγελία «Δώρα Πάσχα» διαγράφηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, DELETE).map((request) => request.body)).toEqual([
      { draftId: ALIASED.draftId },
    ]);
    expect(requestsTo(fetchMock, DELETE)[0]?.headers.get('companyId')).toBe('C1001');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Δώρα Πάσχα' })).toBeNull());
    const list = screen.getByRole('list', { name: 'Λίστα πρόχειρων παραγγελιών' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Πρόχειρες παραγγελίες: 1 από 99')).toBeTruthy();
    expect(requestsTo(fetchMock, LIST)).toHaveLength(2);
    expect(readStore('draftTotal')).toEqual({ total: 1, isMaxReached: false });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('explains that no draft can be made while the company is over the limit', async () => {
    const many = Array.from({ length: 100 }, (_, index) =>
      draft(100 + index, { updatedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString() }),
    );
    draftsApi('om1', { [`GET ${LIST}`]: { body: listOf(many) } });
    renderApp('/draft-orders');
    expect(await screen.findByText('Συμπληρώθηκε το όριο πρόχειρων παραγγελιών')).toBeTruthy();
    expect(
      screen.getByText(
        'Η εταιρεία έχει 100 πρόχειρες παραγγελίες, περισσότερες από το όριο των 99. Δεν μπορεί να δημιουργηθεί νέα πρόχειρη παραγγελία μέχρι να διαγράψετε κάποιες από τις υπάρχουσες.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Πρόχειρες παραγγελίες: 100 από 99')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Νέα παραγγελία καρτών' })).toBeNull();
    expect(readStore('draftTotal')).toEqual({ total: 100, isMaxReached: true });
  });

  it('starts a new card order from the page when below the limit', async () => {
    writeStore('bulkOrderCards', [{ tempCardId: 'x' }]);
    draftsApi('om1', { [`GET ${LIST}`]: NO_DRAFTS });
    const { user, router } = renderApp('/draft-orders');
    await user.click(await screen.findByRole('link', { name: 'Νέα παραγγελία καρτών' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-issue/info'));
    expect(readStore('orderDraft')).toMatchObject({ reason: 'new-card', orderType: 'NEW' });
    expect(readStore('bulkOrderCards')).toBeNull();
  });

  it('shows an error state with a retry when the list cannot be loaded', async () => {
    let attempts = 0;
    draftsApi('om1', {
      [`GET ${LIST}`]: () =>
        ++attempts === 1
          ? {
              status: 403,
              body: { success: false, errorCode: 4, errorLevel: 'error', errorMessage: 'Forbidden' },
            }
          : { body: listOf([ALIASED]) },
    });
    const { user } = renderApp('/draft-orders');
    expect(await screen.findByText('Δεν ήταν δυνατή η φόρτωση των πρόχειρων παραγγελιών.')).toBeTruthy();
    // The global error told the user why (SPEC §8).
    const modal = await screen.findByRole('dialog', { name: 'Σφάλμα' });
    await user.click(within(modal).getByRole('button', { name: 'Εντάξει' }));
    await user.click(screen.getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Δώρα Πάσχα' })).toBeTruthy();
  });
});

describe('draft orders: read-only roles', () => {
  it('shows the finance user the list through the finance endpoint, without resume or delete', async () => {
    const fetchMock = draftsApi('finance', {
      [`GET ${FINANCE_LIST}`]: { body: listOf([ALIASED, SPENDEO_LOAD]) },
    });
    renderApp('/draft-orders');
    expect(await screen.findByRole('heading', { level: 2, name: 'Δώρα Πάσχα' })).toBeTruthy();
    expect(screen.getByText(/Βλέπετε τις πρόχειρες παραγγελίες χωρίς δυνατότητα αλλαγών/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Συνέχεια/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Διαγραφή/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Νέα παραγγελία καρτών' })).toBeNull();
    expect(requestsTo(fetchMock, FINANCE_LIST)[0]?.headers.get('companyId')).toBe('C1002');
    expect(requestsTo(fetchMock, LIST)).toHaveLength(0);
    expect(readStore('draftTotal')).toEqual({ total: 2, isMaxReached: false });
  });

  it('shows the payment manager the company list read-only', async () => {
    const fetchMock = draftsApi('payment', { [`GET ${LIST}`]: { body: listOf([ALIASED]) } });
    renderApp('/draft-orders');
    expect(await screen.findByRole('heading', { level: 2, name: 'Δώρα Πάσχα' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Διαγραφή/ })).toBeNull();
    expect(requestsTo(fetchMock, LIST)).toHaveLength(1);
  });

  it('tells a read-only user over the limit that the order manager must delete some', async () => {
    draftsApi('finance', { [`GET ${FINANCE_LIST}`]: { body: listOf([ALIASED], 120) } });
    renderApp('/draft-orders');
    expect(
      await screen.findByText(/μέχρι ο διαχειριστής παραγγελιών να διαγράψει κάποιες από τις υπάρχουσες\.$/),
    ).toBeTruthy();
  });
});

describe('draft orders in English', () => {
  it('shows English texts with the same amount format', async () => {
    draftsApi('om1', { [`GET ${LIST}`]: { body: listOf([SPENDEO_LOAD, EXPIRING]) } });
    const { user } = renderApp('/en/draft-orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft orders' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Draft orders · Tessera'));
    expect(screen.getByText('Draft orders: 2 of 99')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Draft order list' });
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(item).getByRole('heading', { level: 2 }).textContent).toBe('Card load · Spendeo');
    const term = (name: string) =>
      within(item).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Total amount')).toBe('609,00\u00a0€');
    expect(term('Cards')).toBe('12 cards');
    expect(term('Last change')).toBe('01/03/2026, 12:00');
    await user.click(within(item).getByRole('button', { name: 'Delete: Card load · Spendeo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete draft order' });
    expect(
      within(dialog).getByText('Delete the draft order “Card load · Spendeo”? This cannot be undone.'),
    ).toBeTruthy();
  });
});
