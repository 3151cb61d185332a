import type { OrderHistoryResponse, OrderSummary } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { orderSummary } from '../../test/orders';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const HISTORY = '/api/v1/orders/retrieveOrderHistory';

function historyApi(handlers: Record<string, MockHandler>) {
  writeStore('companyData', COMPANIES.C1001);
  return mockApi({
    'GET /api/auth/session': { body: session('om1') },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    ...handlers,
  });
}

function page(orders: OrderSummary[], total = orders.length, pageNumber = 1): { body: OrderHistoryResponse } {
  return { body: { success: true, orders, total, page: pageNumber, pageSize: 20 } };
}

const LOADED = orderSummary(1042, {
  status: 'loaded',
  orderType: 'LOAD',
  product: 'SPENDEO',
  family: 'spendeo',
  draftOrderAlias: 'Φορτίσεις Μαρτίου',
  cards: 12,
  totalCents: 60_900,
});
const WAITING = orderSummary(1041, { status: 'awaiting_approval', submittedAt: '2026-03-01T10:00:00Z' });

/** The query of the last history request, without page size. */
function lastQuery(fetchMock: ReturnType<typeof mockApi>): Record<string, string> {
  const url = requestsTo(fetchMock, HISTORY).at(-1)?.url;
  return Object.fromEntries(url?.searchParams ?? []);
}

describe('order history', () => {
  it('lists the orders in a table with number, date, alias, product, type, cards, total and status', async () => {
    historyApi({ [`GET ${HISTORY}`]: page([LOADED, WAITING]) });
    renderApp('/orders/order-history');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ιστορικό παραγγελιών' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Παραγγελίες της εταιρείας' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Αριθμός',
      'Ημερομηνία',
      'Όνομα παραγγελίας',
      'Προϊόν',
      'Είδος',
      'Κάρτες',
      'Σύνολο',
      'Κατάσταση',
    ]);
    const cells = (row: HTMLElement) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      );
    // 21:15 UTC is 23:15 in Athens (winter time).
    expect(cells(rows[1]!)).toEqual([
      '#1042',
      '04/03/2026, 23:15',
      'Φορτίσεις Μαρτίου',
      'Spendeo',
      'Φόρτιση',
      '12',
      '609,00\u00a0€',
      'Φορτώθηκε',
    ]);
    expect(cells(rows[2]!)).toEqual([
      '#1041',
      '01/03/2026, 12:00',
      'χωρίς όνομα',
      'Ticket Restaurant · Πλαστική',
      'Νέες κάρτες',
      '3',
      '1.234,56\u00a0€',
      'Αναμονή έγκρισης',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Παραγγελία #1042' }).getAttribute('href')).toBe(
      `/order-details-page?orderId=${LOADED.orderId}`,
    );
    expect(screen.getByText('1–2 από 2')).toBeTruthy();
  });

  it('on a phone shows each order as a card with its number, status and total in view, no sideways table', async () => {
    onNarrowScreen();
    historyApi({ [`GET ${HISTORY}`]: page([LOADED, WAITING]) });
    renderApp('/orders/order-history');

    const list = await screen.findByRole('list', { name: 'Παραγγελίες της εταιρείας' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Παραγγελίες της εταιρείας' })).toBeNull();
    const [loaded, waiting] = within(list).getAllByRole('listitem');
    const link = within(loaded!).getByRole('link', { name: 'Παραγγελία #1042' });
    expect(link.textContent).toBe('#1042');
    expect(link.getAttribute('href')).toBe(`/order-details-page?orderId=${LOADED.orderId}`);
    expect(within(loaded!).getByText('Φορτώθηκε')).toBeTruthy();
    expect(recordFields(loaded!)).toEqual({
      Σύνολο: '609,00\u00a0€',
      Ημερομηνία: '04/03/2026, 23:15',
      'Όνομα παραγγελίας': 'Φορτίσεις Μαρτίου',
      Προϊόν: 'Spendeo',
      Είδος: 'Φόρτιση',
      Κάρτες: '12',
    });
    expect(within(waiting!).getByText('Αναμονή έγκρισης')).toBeTruthy();
    expect(recordFields(waiting!).Σύνολο).toBe('1.234,56\u00a0€');
  });

  it('keeps the filters in the address and sends them with the request; a new filter starts at page 1', async () => {
    const fetchMock = historyApi({
      [`GET ${HISTORY}`]: ({ url }) => page([LOADED], 45, Number(url.searchParams.get('page'))),
    });
    const { user, router } = renderApp('/orders/order-history');
    await screen.findByRole('table');
    expect(lastQuery(fetchMock)).toEqual({ page: '1', pageSize: '20' });

    const filters = screen.getByRole('search', { name: 'Φίλτρα παραγγελιών' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Κατάσταση' }), 'loaded');
    await waitFor(() => expect(router.state.location.search).toBe('?status=loaded'));
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ status: 'loaded', page: '1', pageSize: '20' }),
    );

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Προϊόν' }), 'SPENDEO');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Είδος παραγγελίας' }), 'UNLOAD');
    await user.type(within(filters).getByLabelText('Από ημερομηνία'), '2026-03-01');
    await user.type(within(filters).getByLabelText('Έως ημερομηνία'), '2026-03-31');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        status: 'loaded',
        product: 'SPENDEO',
        orderType: 'UNLOAD',
        from: '2026-03-01',
        to: '2026-03-31',
      }),
    );
    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({
        from: '2026-03-01',
        to: '2026-03-31',
        status: 'loaded',
        product: 'SPENDEO',
        orderType: 'UNLOAD',
        page: '1',
        pageSize: '20',
      }),
    );

    // 45 orders: three pages.
    await user.click(screen.getByRole('button', { name: 'Σελίδα 2' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await waitFor(() => expect(lastQuery(fetchMock).page).toBe('2'));
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Κατάσταση' }), 'cancelled');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull());
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ status: 'cancelled', page: '1' }));

    await user.click(within(filters).getByRole('button', { name: 'Καθαρισμός φίλτρων' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('reads the filters of a link, ignoring what it does not know', async () => {
    const fetchMock = historyApi({ [`GET ${HISTORY}`]: page([LOADED], 60, 3) });
    renderApp('/orders/order-history?status=rejected&orderType=UNLOAD&product=NOPE&from=2026-02-30x&page=3');
    await screen.findByRole('table');
    expect(lastQuery(fetchMock)).toEqual({
      status: 'rejected',
      orderType: 'UNLOAD',
      page: '3',
      pageSize: '20',
    });
    const filters = screen.getByRole('search', { name: 'Φίλτρα παραγγελιών' });
    expect((within(filters).getByRole('combobox', { name: 'Κατάσταση' }) as HTMLSelectElement).value).toBe(
      'rejected',
    );
    expect(
      (within(filters).getByRole('combobox', { name: 'Είδος παραγγελίας' }) as HTMLSelectElement).value,
    ).toBe('UNLOAD');
    expect(within(filters).getByRole('option', { name: 'Ξεφόρτωση καρτών' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Σελίδα 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when there are no orders, and when none match the filters', async () => {
    historyApi({ [`GET ${HISTORY}`]: page([]) });
    const { user } = renderApp('/orders/order-history');
    expect(
      await screen.findByText('Δεν υπάρχουν ακόμη παραγγελίες. Όσες υποβάλετε θα εμφανίζονται εδώ.'),
    ).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Κατάσταση' }), 'shipped');
    expect(
      await screen.findByText('Καμία παραγγελία δεν ταιριάζει με τα φίλτρα. Αλλάξτε τα ή καθαρίστε τα.'),
    ).toBeTruthy();
  });

  it('is in English under /en, with links that stay English', async () => {
    historyApi({ [`GET ${HISTORY}`]: page([LOADED]) });
    renderApp('/en/orders/order-history');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order history' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: "The company's orders" });
    expect(within(table).getByText('Loaded')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Order #1042' }).getAttribute('href')).toBe(
      `/en/order-details-page?orderId=${LOADED.orderId}`,
    );
    expect(screen.getByRole('combobox', { name: 'Order type' })).toBeTruthy();
  });
});
