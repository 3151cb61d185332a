import type {
  Card,
  CardFilterRequest,
  CardsKpisResponse,
  CardSummariesResponse,
  Cardholder,
} from '@tessera/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStore } from '../../lib/storage';
import { companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler, type MockReply, type MockRequest } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { renderApp } from '../../test/render-app';
import { athensDatePlus, card as baseCard, cardholder, cardMovementsHandler } from '../../test/cards';
import { uuid } from '../../test/orders';

// Whole-portal renders with lazy pages and typed input: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const FILTER = '/api/v1/accounts/cardFilter';
const RENAME = '/api/v1/accounts/account/card-name';
const CARDHOLDER = '/api/v1/accounts/updateCardholder';
const KPIS = '/api/v1/accounts/retrieveCardsKpis';

/** The card list's cards carry a larger balance than the shared fixture's. */
const card = (overrides: Partial<Card> = {}) => baseCard({ balanceCents: 123_456, ...overrides });

const kpis: CardsKpisResponse = {
  success: true,
  totalCards: 134,
  byStatus: { active: 120, blocked: 4, expired: 10, lost: 0, damaged: 0, replaced: 0 },
  totalBalanceCents: 1_234_567,
  loadedThisMonthCents: 250_000,
  loadsThisMonth: 42,
  expiringSoon: 7,
  readyToTopUp: 15,
  loadedByMonth: [
    { month: '2025-10', amountCents: 100_000 },
    { month: '2025-11', amountCents: 120_000 },
    { month: '2025-12', amountCents: 90_000 },
    { month: '2026-01', amountCents: 150_000 },
    { month: '2026-02', amountCents: 130_000 },
    { month: '2026-03', amountCents: 250_000 },
  ],
};

const summaries: CardSummariesResponse = {
  success: true,
  summaries: [
    {
      product: 'SPENDEO',
      family: 'spendeo',
      cards: 20,
      activeCards: 18,
      expiringSoon: 1,
      readyToTopUp: 5,
      balanceCents: 400_000,
    },
    {
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
      cards: 114,
      activeCards: 102,
      expiringSoon: 6,
      readyToTopUp: 10,
      balanceCents: 834_567,
    },
  ],
};

type FilterBody = CardFilterRequest & { search: string; page: number; pageSize: number };

/** A card filter answering `total` cards, `pageSize` at a time, from `cards` (repeated as needed). */
function filterHandler(cards: Card[], total = cards.length): (request: MockRequest) => MockReply {
  return ({ body }) => {
    const { page, pageSize } = body as FilterBody;
    const start = (page - 1) * pageSize;
    const count = Math.max(0, Math.min(pageSize, total - start));
    const pageCards = Array.from({ length: count }, (_, index) => {
      const source = cards[(start + index) % cards.length]!;
      return start + index < cards.length ? source : { ...source, cardId: uuid(50_000 + start + index) };
    });
    return { body: { success: true, cards: pageCards, total, page, pageSize } };
  };
}

/** The portal with a signed-in user of `role` and the card endpoints answering. */
function cardsApi(
  role: Parameters<typeof session>[0] = 'om1',
  handlers: Record<string, MockHandler> = {},
  cards: Card[] = [card()],
) {
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(role === 'finance' ? 'C1002' : 'C1001') },
    'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
    [`POST ${FILTER}`]: filterHandler(cards),
    [`GET ${KPIS}`]: { body: kpis },
    'GET /api/v1/accounts/retrieveCardSummaries': { body: summaries },
    'GET /api/v1/accounts/cardMovements': cardMovementsHandler(() => cards),
    ...handlers,
  });
}

const lastFilter = (fetchMock: ReturnType<typeof mockApi>) =>
  requestsTo(fetchMock, FILTER).at(-1)?.body as FilterBody | undefined;

const DEFAULT_BODY = { search: '', sort: 'cardholder', direction: 'asc', page: 1, pageSize: 25 };

async function findTable() {
  return screen.findByRole('region', { name: /Πίνακας καρτών|Cards table/ });
}

describe('card list: what the order manager sees', () => {
  it('shows the key figures, a chart with a text alternative, the summaries and the first page', async () => {
    const expiring = card({
      cardholder: cardholder({ firstName: 'Νίκος', lastName: 'Αλεξίου', employeeCode: 'E-02' }),
      expiryDate: athensDatePlus(12),
      expiringSoon: true,
      readyToTopUp: true,
      balanceCents: 5_000,
    });
    const fetchMock = cardsApi('om1', {}, [card(), expiring]);
    renderApp('/card-list');

    expect(await screen.findByRole('heading', { level: 1, name: 'Οι κάρτες μου' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Οι κάρτες μου · Tessera'));
    expect(lastFilter(fetchMock)).toEqual(DEFAULT_BODY);
    // The company acted for travels with every card request.
    expect(requestsTo(fetchMock, FILTER)[0]?.headers.get('companyId')).toBe('C1001');

    // Key figures, with amounts as 1.234,56 € and the statuses that have cards.
    const tile = (label: string) => screen.getByText(label).parentElement?.textContent;
    await screen.findByText('Συνολικό υπόλοιπο');
    expect(tile('Συνολικό υπόλοιπο')).toBe('Συνολικό υπόλοιπο12.345,67\u00a0€');
    expect(tile('Φορτίσεις αυτού του μήνα')).toBe('Φορτίσεις αυτού του μήνα2.500,00\u00a0€42 φορτίσεις');
    expect(screen.getByText('120 ενεργές')).toBeTruthy();
    expect(screen.getByText('4 σε φραγή')).toBeTruthy();
    expect(screen.queryByText(/απολεσθείσ/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Λήγουν σε 60 ημέρες: 7' }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    // The chart's text alternative: every month in Greek with its amount.
    const chartTable = await screen.findByRole('table', { name: 'Φορτίσεις ανά μήνα' });
    const monthRows = within(chartTable).getAllByRole('row').slice(1);
    expect(monthRows).toHaveLength(6);
    expect(monthRows[5]?.textContent).toMatch(/^Μάρτιος 2026/);
    expect(monthRows[5]?.textContent).toContain('2.500,00\u00a0€');

    // Summaries per product and family, in catalogue order.
    const perProduct = screen.getByRole('region', { name: 'Ανά προϊόν' });
    const titles = within(perProduct)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(['Spendeo', 'Ticket Restaurant · Πλαστική']);
    expect(within(perProduct).getByText('8.345,67 €')).toBeTruthy();

    // The table: masked numbers only, Greek dates and badges, money formatted.
    const table = await findTable();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const row = within(rows[2]!);
    expect(row.getByRole('button', { name: 'Νίκος Αλεξίου' })).toBeTruthy();
    expect(row.getByText(`5347 11•• •••• ${expiring.last4}`)).toBeTruthy();
    expect(row.getByText(`Κάρτα με κατάληξη ${expiring.last4}`)).toBeTruthy();
    expect(row.getByText('Λήγει σε 12 ημέρες')).toBeTruthy();
    expect(row.getByText('Έτοιμη για φόρτιση')).toBeTruthy();
    expect(row.getByText('50,00 €')).toBeTruthy();
    expect(row.getByText('Ενεργή')).toBeTruthy();
    expect(row.getByText('15/01/2024')).toBeTruthy();
    expect(within(table).getByText('1.234,56 €')).toBeTruthy();
    expect(table.textContent).not.toMatch(/\d{13,19}/);
    expect(screen.getByText('1–2 από 2')).toBeTruthy();
    expect(screen.getByText('Βρέθηκαν 2 κάρτες')).toBeTruthy();
    // The order manager may change cards: no read-only note.
    expect(screen.queryByText(/χωρίς δυνατότητα αλλαγών/)).toBeNull();
  });

  it('on a phone shows each card as a card with its status and balance in view, and sorts without column headers', async () => {
    onNarrowScreen();
    const expiring = card({
      cardholder: cardholder({ firstName: 'Νίκος', lastName: 'Αλεξίου', employeeCode: 'E-02' }),
      expiryDate: athensDatePlus(12),
      expiringSoon: true,
      balanceCents: 5_000,
    });
    const fetchMock = cardsApi('om1', {}, [expiring]);
    const { user } = renderApp('/card-list');

    const list = await screen.findByRole('list', {
      name: 'Κάρτες της εταιρείας, ταξινομημένες κατά «Κάτοχος» σε αύξουσα σειρά',
    });
    expect(screen.queryByRole('region', { name: 'Πίνακας καρτών' })).toBeNull();
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item!).getByText('Ενεργή')).toBeTruthy();
    const fields = recordFields(item!);
    expect(fields.Υπόλοιπο).toBe('50,00\u00a0€');
    expect(fields.Λήξη).toContain('Λήγει σε 12 ημέρες');
    expect(fields.Κάρτα).toContain(`5347 11•• •••• ${expiring.last4}`);

    // Sorting has its own controls, since there are no column headers to click.
    await user.selectOptions(screen.getByLabelText('Ταξινόμηση κατά'), 'balance');
    await waitFor(() => expect(lastFilter(fetchMock)).toMatchObject({ sort: 'balance', direction: 'asc' }));
    await user.selectOptions(screen.getByLabelText('Σειρά ταξινόμησης'), 'desc');
    await waitFor(() => expect(lastFilter(fetchMock)).toMatchObject({ sort: 'balance', direction: 'desc' }));

    // The cardholder's name opens the card's panel, as in the table.
    await user.click(within(item!).getByRole('button', { name: 'Νίκος Αλεξίου' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('sends filters, search and sort to the server, and keeps them in the address across a reload', async () => {
    const fetchMock = cardsApi();
    const { user, router, unmount } = renderApp('/card-list');
    await findTable();

    await user.selectOptions(screen.getByLabelText('Κατάσταση'), 'blocked');
    await waitFor(() => expect(lastFilter(fetchMock)).toEqual({ ...DEFAULT_BODY, status: 'blocked' }));

    await user.selectOptions(screen.getByLabelText('Προϊόν'), 'TICKET_RESTAURANT');
    // Once a product is chosen, only its families are offered.
    const family = screen.getByLabelText('Τύπος κάρτας');
    expect(
      within(family)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Όλοι οι τύποι', 'Πλαστική', 'Ψηφιακή']);
    await user.selectOptions(family, 'virtual');
    await user.click(screen.getByRole('switch', { name: 'Λήγουν σε 60 ημέρες' }));

    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση' }), 'παπαδακη');
    await waitFor(() => expect(lastFilter(fetchMock)?.search).toBe('παπαδακη'));
    // Debounced: one request for the word, not one per letter.
    expect(
      requestsTo(fetchMock, FILTER).filter((request) => (request.body as FilterBody).search !== ''),
    ).toHaveLength(1);

    const table = await findTable();
    const balance = within(table).getByRole('columnheader', { name: 'Υπόλοιπο' });
    expect(balance.getAttribute('aria-sort')).toBe('none');
    await user.click(within(balance).getByRole('button', { name: 'Υπόλοιπο' }));
    await waitFor(() => expect(lastFilter(fetchMock)?.sort).toBe('balance'));
    expect(balance.getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(balance).getByRole('button', { name: 'Υπόλοιπο' }));
    await waitFor(() => expect(lastFilter(fetchMock)?.direction).toBe('desc'));
    expect(balance.getAttribute('aria-sort')).toBe('descending');
    expect(within(table).getByRole('columnheader', { name: 'Κάτοχος' }).getAttribute('aria-sort')).toBe(
      'none',
    );

    const expected = {
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
      status: 'blocked',
      expiringSoon: true,
      search: 'παπαδακη',
      sort: 'balance',
      direction: 'desc',
      page: 1,
      pageSize: 25,
    };
    expect(lastFilter(fetchMock)).toEqual(expected);
    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
      status: 'blocked',
      expiringSoon: 'true',
      q: 'παπαδακη',
      sort: 'balance',
      direction: 'desc',
    });

    // A reload at the same address asks for the same list and shows the same filters.
    const address = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();
    fetchMock.mockClear();
    renderApp(address);
    await findTable();
    expect(lastFilter(fetchMock)).toEqual(expected);
    expect((screen.getByLabelText('Κατάσταση') as HTMLSelectElement).value).toBe('blocked');
    expect((screen.getByRole('searchbox', { name: 'Αναζήτηση' }) as HTMLInputElement).value).toBe('παπαδακη');
    expect(screen.getByRole('switch', { name: 'Λήγουν σε 60 ημέρες' })).toHaveProperty('checked', true);
  });

  it('goes back and forward through filter changes', async () => {
    const fetchMock = cardsApi();
    const { user, router } = renderApp('/card-list');
    await findTable();
    await user.selectOptions(screen.getByLabelText('Κατάσταση'), 'expired');
    await waitFor(() => expect(router.state.location.search).toBe('?status=expired'));
    await user.selectOptions(screen.getByLabelText('Κατάσταση'), 'lost');
    await waitFor(() => expect(router.state.location.search).toBe('?status=lost'));

    await router.navigate(-1);
    await waitFor(() =>
      expect((screen.getByLabelText('Κατάσταση') as HTMLSelectElement).value).toBe('expired'),
    );
    // The earlier page comes from the cache or the server, never a mix: the request is the same.
    await router.navigate(-1);
    await waitFor(() => expect((screen.getByLabelText('Κατάσταση') as HTMLSelectElement).value).toBe(''));
    await router.navigate(1);
    await waitFor(() => expect(router.state.location.search).toBe('?status=expired'));
    expect(requestsTo(fetchMock, FILTER).map((request) => (request.body as FilterBody).status)).toEqual([
      undefined,
      'expired',
      'lost',
    ]);
  });

  it("opens filtered from the bell's links", async () => {
    const fetchMock = cardsApi();
    renderApp('/card-list?readyToTopUp=true&product=SPENDEO');
    await findTable();
    expect(lastFilter(fetchMock)).toEqual({ ...DEFAULT_BODY, product: 'SPENDEO', readyToTopUp: true });
    expect((screen.getByLabelText('Προϊόν') as HTMLSelectElement).value).toBe('SPENDEO');
    expect(screen.getByRole('switch', { name: 'Έτοιμες για φόρτιση' })).toHaveProperty('checked', true);
    expect(
      (await screen.findByRole('button', { name: 'Έτοιμες για φόρτιση: 15' })).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('filters by the expiring-soon figure and by a product summary', async () => {
    const fetchMock = cardsApi();
    const { user, router } = renderApp('/card-list');
    await user.click(await screen.findByRole('button', { name: 'Λήγουν σε 60 ημέρες: 7' }));
    await waitFor(() => expect(router.state.location.search).toBe('?expiringSoon=true'));
    expect(lastFilter(fetchMock)).toEqual({ ...DEFAULT_BODY, expiringSoon: true });
    expect(screen.getByRole('button', { name: 'Λήγουν σε 60 ημέρες: 7' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Εμφάνιση καρτών Spendeo' }));
    // The list is above the summaries: the reader is taken to it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Κάρτες' }));
    await waitFor(() =>
      expect(lastFilter(fetchMock)).toEqual({
        ...DEFAULT_BODY,
        expiringSoon: true,
        product: 'SPENDEO',
        family: 'spendeo',
      }),
    );
  });

  it('pages through the cards and changes the page size', async () => {
    const fetchMock = cardsApi('om1', { [`POST ${FILTER}`]: filterHandler([card(), card()], 134) });
    const { user, router } = renderApp('/card-list');
    expect(await screen.findByText('1–25 από 134')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Σελίδα 2' }));
    expect(await screen.findByText('26–50 από 134')).toBeTruthy();
    expect(lastFilter(fetchMock)).toEqual({ ...DEFAULT_BODY, page: 2 });
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Σελίδα 2' }).getAttribute('aria-current')).toBe('page');

    await user.click(screen.getByRole('button', { name: 'Τελευταία σελίδα' }));
    expect(await screen.findByText('126–134 από 134')).toBeTruthy();

    // Another page size starts again from the first page.
    await user.selectOptions(screen.getByLabelText('Κάρτες ανά σελίδα'), '50');
    expect(await screen.findByText('1–50 από 134')).toBeTruthy();
    expect(lastFilter(fetchMock)).toEqual({ ...DEFAULT_BODY, pageSize: 50 });
    expect(router.state.location.search).toBe('?pageSize=50');
    expect(within(await findTable()).getAllByRole('row')).toHaveLength(51);
  });

  it('shows the last page when the address asks for a page past the end', async () => {
    const fetchMock = cardsApi('om1', { [`POST ${FILTER}`]: filterHandler([card()], 30) });
    const { router } = renderApp('/card-list?page=9');
    expect(await screen.findByText('26–30 από 30')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(requestsTo(fetchMock, FILTER).map((request) => (request.body as FilterBody).page)).toEqual([9, 2]);
  });

  it('says when no card matches, and clears the filters', async () => {
    const fetchMock = cardsApi('om1', {
      [`POST ${FILTER}`]: (request) => {
        return (request.body as FilterBody).status === 'lost'
          ? { body: { success: true, cards: [], total: 0, page: 1, pageSize: 25 } }
          : filterHandler([card()])(request);
      },
    });
    const { user, router } = renderApp('/card-list?status=lost&sort=balance');
    expect(await screen.findByText('Καμία κάρτα δεν ταιριάζει με τα φίλτρα σας.')).toBeTruthy();
    const resets = screen.getAllByRole('button', { name: 'Καθαρισμός φίλτρων' });
    await user.click(resets.at(-1)!);
    // Filters go; the chosen order stays.
    await waitFor(() => expect(router.state.location.search).toBe('?sort=balance'));
    await findTable();
    expect(lastFilter(fetchMock)).toEqual({ ...DEFAULT_BODY, sort: 'balance' });
  });

  it('says when the company has no cards at all', async () => {
    cardsApi('om1', {}, []);
    renderApp('/card-list');
    expect(await screen.findByText('Η εταιρεία δεν έχει ακόμη κάρτες.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Καθαρισμός φίλτρων' })).toBeNull();
  });

  it('shows an error state with a retry when the cards cannot be loaded', async () => {
    let isFailing = true;
    const working = filterHandler([card()]);
    const fetchMock = cardsApi('om1', {
      [`POST ${FILTER}`]: (request) =>
        isFailing
          ? {
              status: 422,
              body: { success: false, errorCode: 10, errorLevel: 'error', errorMessage: 'Δεν επιτρέπεται.' },
            }
          : working(request),
    });
    const { user } = renderApp('/card-list');
    expect(await screen.findByText('Δεν ήταν δυνατή η φόρτωση των καρτών.')).toBeTruthy();
    // The request helper's global error says why (SPEC §8).
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText('Δεν επιτρέπεται.')).toBeTruthy();
    await user.click(within(modal).getByRole('button', { name: 'Εντάξει' }));

    isFailing = false;
    const region = screen.getByText('Δεν ήταν δυνατή η φόρτωση των καρτών.').closest('[role="alert"]');
    await user.click(within(region as HTMLElement).getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    await findTable();
    expect(requestsTo(fetchMock, FILTER)).toHaveLength(2);
  });
});

describe('card panel', () => {
  async function openPanel(user: ReturnType<typeof renderApp>['user'], name = 'Μαρία Παπαδάκη') {
    const table = await findTable();
    await user.click(within(table).getByRole('button', { name }));
    return screen.findByRole('dialog');
  }

  it('opens from the keyboard, shows the card, and closes back to its row', async () => {
    const shown = card({ cardName: 'Γεύματα Μαρίας', lastLoadedAt: '2026-03-02T08:30:00Z' });
    cardsApi('om1', {}, [shown]);
    const { user } = renderApp('/card-list');
    const table = await findTable();
    const open = within(table).getByRole('button', { name: 'Μαρία Παπαδάκη' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Γεύματα Μαρίας' });
    const term = (name: string) =>
      within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Αριθμός κάρτας')).toContain(`5347 11•• •••• ${shown.last4}`);
    expect(term('Προϊόν')).toBe('Ticket Restaurant');
    expect(term('Τύπος κάρτας')).toBe('Πλαστική');
    expect(term('Υπόλοιπο')).toBe('1.234,56\u00a0€');
    // 08:30 UTC is 10:30 in Athens in March.
    expect(term('Τελευταία φόρτιση')).toBe('02/03/2026, 10:30');
    expect(term('Email')).toBe('maria@akmi.gr');
    expect(term('Κωδικός εργαζομένου')).toBe('E-17');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('says whether the holder uses the cardholder app and sends the invitation once, then holds the button back (issue 35 §8)', async () => {
    const shown = card({ cardName: 'Γεύματα Μαρίας' });
    const holderId = shown.cardholder.cardholderId;
    const status = (over: Record<string, unknown>) => ({
      success: true,
      status: {
        cardholderId: holderId,
        state: 'not-invited',
        invitedAt: null,
        activatedAt: null,
        nextInviteAt: null,
        ...over,
      },
    });
    const fetchMock = cardsApi(
      'om1',
      {
        'GET /api/v1/accounts/cardholderApp': { body: status({}) },
        'POST /api/v1/accounts/cardholderApp/invite': {
          body: status({
            state: 'invited',
            invitedAt: new Date().toISOString(),
            nextInviteAt: new Date(Date.now() + 600_000).toISOString(),
          }),
        },
      },
      [shown],
    );
    const { user } = renderApp('/card-list');
    const table = await findTable();
    await user.click(within(table).getByRole('button', { name: 'Μαρία Παπαδάκη' }));
    const dialog = await screen.findByRole('dialog', { name: 'Γεύματα Μαρίας' });
    expect(await within(dialog).findByText('Δεν έχει προσκληθεί')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή πρόσκλησης' }));
    expect(await within(dialog).findByText('Η πρόσκληση στάλθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/cardholderApp/invite')[0]?.body).toEqual({
      cardholderId: holderId,
    });
    expect(within(dialog).getByText('Προσκλήθηκε, δεν έχει ενεργοποιηθεί')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Νέα αποστολή πρόσκλησης' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('shows the card’s recent movements, a purchase without where it was made (ADR 049), and the balance read now', async () => {
    const shown = card({ cardName: 'Γεύματα Μαρίας', balanceCents: 5_000 });
    const fetchMock = cardsApi(
      'om1',
      {
        'GET /api/v1/accounts/cardMovements': cardMovementsHandler(
          // Since the list was read, the card paid 3,50 € at a merchant.
          () => [{ ...shown, balanceCents: 4_650 }],
          () => [
            {
              movementId: uuid(9_001),
              kind: 'purchase',
              amountCents: -350,
              // Issue 35 §7 (ADR 049): the company's movements never name the merchant or store.
              description: '',
              reference: 'A1B2C3D4',
              postedAt: '2026-03-03T10:00:00Z',
            },
            {
              movementId: uuid(9_002),
              kind: 'load',
              amountCents: 5_000,
              description: '',
              reference: 'order',
              postedAt: '2026-03-02T08:30:00Z',
            },
          ],
        ),
      },
      [shown],
    );
    const { user } = renderApp('/card-list');
    const table = await findTable();
    await user.click(within(table).getByRole('button', { name: 'Μαρία Παπαδάκη' }));
    const dialog = await screen.findByRole('dialog', { name: 'Γεύματα Μαρίας' });
    const movements = await within(dialog).findByRole('region', { name: 'Πρόσφατες κινήσεις' });
    const items = await within(movements).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Αγορά03/03/2026, 12:00−3,50\u00a0€',
      'Φόρτωση02/03/2026, 10:30+50,00\u00a0€',
    ]);
    await waitFor(() =>
      expect(within(dialog).getByText('Υπόλοιπο', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
        '46,50\u00a0€',
      ),
    );
    const [sent] = requestsTo(fetchMock, '/api/v1/accounts/cardMovements');
    expect(sent?.url.searchParams.get('cardId')).toBe(shown.cardId);
    expect(sent?.headers.get('companyId')).toBe('C1001');
  });

  it('renames a card: checks the length first, shows the server field error, then saves', async () => {
    const shown = card();
    let attempt = 0;
    const fetchMock = cardsApi(
      'om1',
      {
        [`POST ${RENAME}`]: ({ body }) => {
          attempt += 1;
          if (attempt === 1) {
            return {
              status: 400,
              body: {
                success: false,
                errorCode: 2,
                errorLevel: 'error',
                errorMessage: 'Μη έγκυρα στοιχεία.',
                fields: [{ field: 'cardName', message: 'Το όνομα χρησιμοποιείται ήδη.' }],
              },
            };
          }
          return {
            body: { success: true, card: { ...shown, cardName: (body as { cardName: string }).cardName } },
          };
        },
      },
      [shown],
    );
    const { user } = renderApp('/card-list');
    const dialog = await openPanel(user);
    await user.click(within(dialog).getByRole('button', { name: 'Μετονομασία κάρτας' }));
    const input = within(dialog).getByLabelText(/Όνομα κάρτας/);
    await waitFor(() => expect(document.activeElement).toBe(input));

    // Client check, in Greek, before any request.
    await user.clear(input);
    await user.type(input, 'Α'.repeat(27));
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση ονόματος' }));
    expect(await within(dialog).findByText('Πληκτρολογήστε έως 26 χαρακτήρες.')).toBeTruthy();
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση ονόματος' }));
    expect(await within(dialog).findByText('Συμπληρώστε αυτό το πεδίο.')).toBeTruthy();
    expect(requestsTo(fetchMock, RENAME)).toHaveLength(0);

    // The server's field error beside the field; no global error dialog on top.
    await user.type(input, '  Ταμείο');
    expect((input as HTMLInputElement).value).toBe('Ταμείο');
    await user.type(input, ' Α ');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση ονόματος' }));
    const error = await within(dialog).findByText('Το όνομα χρησιμοποιείται ήδη.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    expect(requestsTo(fetchMock, RENAME)[0]?.body).toEqual({ cardId: shown.cardId, cardName: 'Ταμείο Α' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    const before = requestsTo(fetchMock, FILTER).length;
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση ονόματος' }));
    expect(await within(dialog).findByText('Το όνομα της κάρτας αποθηκεύτηκε.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Ταμείο Α' })).toBeTruthy();
    // The list and the figures are asked again.
    await waitFor(() => expect(requestsTo(fetchMock, FILTER).length).toBeGreaterThan(before));
    await waitFor(() => expect(requestsTo(fetchMock, KPIS).length).toBe(2));
  });

  it('edits the cardholder: Greek checks of phone and tax id, server field errors, then the saved details', async () => {
    const shown = card({ cardholder: cardholder({ phone: '', taxId: '' }) });
    let attempt = 0;
    const fetchMock = cardsApi(
      'om1',
      {
        [`POST ${CARDHOLDER}`]: ({ body }) => {
          attempt += 1;
          if (attempt === 1) {
            return {
              status: 400,
              body: {
                success: false,
                errorCode: 2,
                errorLevel: 'error',
                errorMessage: 'Μη έγκυρα στοιχεία.',
                fields: [{ field: 'email', message: 'Το email ανήκει σε άλλον κάτοχο.' }],
              },
            };
          }
          const sent = body as Cardholder;
          return { body: { success: true, cardholder: { ...sent, phone: '+306971234567' } } };
        },
      },
      [shown],
    );
    const { user } = renderApp('/card-list');
    const dialog = await openPanel(user);
    await user.click(within(dialog).getByRole('button', { name: 'Επεξεργασία κατόχου' }));
    const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
    await waitFor(() => expect(document.activeElement).toBe(field('Όνομα')));

    await user.type(field('Τηλέφωνο'), '12345');
    await user.type(field('ΑΦΜ'), '123456789');
    await user.clear(field('Επώνυμο'));
    await user.clear(field('Email'));
    await user.type(field('Email'), 'όχι-email');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση στοιχείων' }));
    expect(
      await within(dialog).findByText('Πληκτρολογήστε έναν ελληνικό αριθμό τηλεφώνου με 10 ψηφία.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Ο ΑΦΜ δεν είναι έγκυρος. Ελέγξτε τα 9 ψηφία.')).toBeTruthy();
    expect(within(dialog).getByText('Συμπληρώστε αυτό το πεδίο.')).toBeTruthy();
    expect(within(dialog).getByText('Πληκτρολογήστε ένα έγκυρο email, π.χ. onoma@etaireia.gr.')).toBeTruthy();
    expect(requestsTo(fetchMock, CARDHOLDER)).toHaveLength(0);

    await user.clear(field('Τηλέφωνο'));
    await user.type(field('Τηλέφωνο'), '697 123 4567');
    await user.clear(field('ΑΦΜ'));
    await user.type(field('ΑΦΜ'), '094019245');
    await user.type(field('Επώνυμο'), 'Παπαδάκη-Ρήγα');
    await user.clear(field('Email'));
    await user.type(field('Email'), 'maria@akmi.gr');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση στοιχείων' }));
    expect(await within(dialog).findByText('Το email ανήκει σε άλλον κάτοχο.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('Email')));
    expect(requestsTo(fetchMock, CARDHOLDER)[0]?.body).toEqual({
      cardholderId: shown.cardholder.cardholderId,
      firstName: 'Μαρία',
      lastName: 'Παπαδάκη-Ρήγα',
      email: 'maria@akmi.gr',
      phone: '697 123 4567',
      employeeCode: 'E-17',
      taxId: '094019245',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση στοιχείων' }));
    expect(await within(dialog).findByText('Τα στοιχεία του κατόχου αποθηκεύτηκαν.')).toBeTruthy();
    const term = (name: string) =>
      within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Ονοματεπώνυμο')).toBe('Μαρία Παπαδάκη-Ρήγα');
    expect(term('Τηλέφωνο')).toBe('+306971234567');
    expect(term('ΑΦΜ')).toBe('094019245');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('button', { name: 'Επεξεργασία κατόχου' }),
      ),
    );
  });

  it('offers only the issue flows that fit the card, with the reason and card in the address', async () => {
    const expiring = card({
      cardholder: cardholder({ firstName: 'Άννα', lastName: 'Ρήγα' }),
      family: 'virtual',
      expiryDate: athensDatePlus(20),
      expiringSoon: true,
    });
    const expired = card({
      cardholder: cardholder({ firstName: 'Πέτρος', lastName: 'Λάμπρου' }),
      status: 'expired',
      expiryDate: athensDatePlus(-3),
    });
    const replaced = card({
      cardholder: cardholder({ firstName: 'Ελένη', lastName: 'Σταύρου' }),
      status: 'replaced',
      replacedByCardId: uuid(999),
    });
    cardsApi('om1', {}, [expiring, expired, replaced]);
    const { user, router } = renderApp('/card-list');

    let dialog = await openPanel(user, 'Άννα Ρήγα');
    const actions = within(within(dialog).getByRole('region', { name: 'Ενέργειες' }));
    expect(actions.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Φόρτιση κάρτας',
      'Αντικατάσταση λόγω φθοράς',
      'Αντικατάσταση λόγω απώλειας',
      'Αντικατάσταση λόγω λήξης',
      'Αναβάθμιση σε πλαστική',
    ]);
    expect(actions.getByRole('link', { name: 'Αντικατάσταση λόγω φθοράς' }).getAttribute('href')).toBe(
      `/card-issue/info?reason=damaged-card&cardId=${expiring.cardId}`,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openPanel(user, 'Πέτρος Λάμπρου');
    // An expired card keeps its name; its cardholder can still be corrected.
    expect(within(dialog).queryByRole('button', { name: 'Μετονομασία κάρτας' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Επεξεργασία κατόχου' })).toBeTruthy();
    const expiredActions = within(within(dialog).getByRole('region', { name: 'Ενέργειες' }));
    expect(expiredActions.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Αντικατάσταση λόγω λήξης',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openPanel(user, 'Ελένη Σταύρου');
    expect(within(dialog).queryAllByRole('link')).toHaveLength(0);
    expect(within(dialog).getByText('Δεν υπάρχουν διαθέσιμες ενέργειες για αυτή την κάρτα.')).toBeTruthy();
    await user.keyboard('{Escape}');

    window.localStorage.setItem('bulkProduct', JSON.stringify('SPENDEO'));
    dialog = await openPanel(user, 'Πέτρος Λάμπρου');
    const replace = within(dialog).getByRole('link', { name: 'Αντικατάσταση λόγω λήξης' });
    // The card travels in the address; the flow preselects it (and may then tidy the address).
    expect(replace.getAttribute('href')).toBe(
      `/card-issue/info?reason=expired-card&cardId=${expired.cardId}`,
    );
    await user.click(replace);
    await waitFor(() => expect(router.state.location.pathname).toBe('/card-issue/info'));
    // The flow started before the page opened (SPEC §4): a fresh draft for the reason and product.
    const draft = readStore('orderDraft');
    expect(draft).toMatchObject({
      reason: 'expired-card',
      orderType: 'EXPIRED',
      selectedOption: 'TICKET_RESTAURANT:plastic',
    });
    expect(draft?.expiringDate).toBeTruthy();
    expect(readStore('bulkProduct')).toBeNull();
  });

  it('starts a load flow for the card from its panel', async () => {
    const spendeo = card({
      cardholder: cardholder({ firstName: 'Ιωάννα', lastName: 'Καρρά' }),
      product: 'SPENDEO',
      family: 'spendeo',
    });
    cardsApi('om1', {}, [spendeo]);
    const { user, router } = renderApp('/en/card-list');
    const dialog = await openPanel(user, 'Ιωάννα Καρρά');
    const load = within(dialog).getByRole('link', { name: 'Load card' });
    expect(load.getAttribute('href')).toBe(`/en/card-issue/info?reason=load-card&cardId=${spendeo.cardId}`);
    await user.click(load);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/card-issue/info'));
    expect(readStore('orderDraft')).toMatchObject({
      reason: 'load-card',
      orderType: 'LOAD',
      selectedOption: 'SPENDEO:spendeo',
      expiringDate: null,
    });
  });

  it('is read-only for the finance user: no renaming, no editing, no flows', async () => {
    cardsApi('finance');
    const { user } = renderApp('/card-list');
    expect(await screen.findByText(/Βλέπετε τις κάρτες χωρίς δυνατότητα αλλαγών/)).toBeTruthy();
    const dialog = await openPanel(user);
    expect(within(dialog).getByText('Στοιχεία κάρτας')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Μετονομασία κάρτας' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Επεξεργασία κατόχου' })).toBeNull();
    expect(within(dialog).queryByRole('region', { name: 'Ενέργειες' })).toBeNull();
    expect(within(dialog).queryAllByRole('link')).toHaveLength(0);
  });

  it('lets provider staff acting for a company edit', async () => {
    window.localStorage.setItem(
      'companyData',
      JSON.stringify({ companyId: 'C1001', name: 'Ακμή', vat: '094019245' }),
    );
    cardsApi('admin');
    const { user } = renderApp('/card-list');
    const dialog = await openPanel(user);
    expect(within(dialog).getByRole('button', { name: 'Μετονομασία κάρτας' })).toBeTruthy();
  });
});

describe('how the card list speaks of the company (issue 34 §3 item 5)', () => {
  const acting = {
    success: true,
    acting: {
      companyId: 'C1001',
      companyName: 'Ακμή Τροφίμων Α.Ε.',
      merchantId: null,
      merchantName: null,
      reason: 'Κλήση για κάρτες',
      since: '2026-11-20T10:00:00.000Z',
    },
  };

  it('names the company to provider staff acting for it, in Greek and English', async () => {
    window.localStorage.setItem(
      'companyData',
      JSON.stringify({ companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.', vat: '094019245' }),
    );
    const staff = {
      'GET /api/auth/session': { body: session('admin', { companyId: 'C1001' }) },
      'GET /api/v1/accounts/acting': { body: acting },
    };
    cardsApi('admin', staff);
    const greek = renderApp('/card-list');
    expect(
      await screen.findByText(
        'Όλες οι κάρτες της εταιρείας Ακμή Τροφίμων Α.Ε.: υπόλοιπα, λήξεις, φορτίσεις και κάτοχοι.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/της εταιρείας σας/)).toBeNull();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Κάρτες της εταιρείας Ακμή Τροφίμων Α.Ε.' }),
    ).toBeTruthy();
    greek.unmount();

    cardsApi('admin', staff);
    renderApp('/en/card-list');
    expect(
      await screen.findByText(
        'All of Ακμή Τροφίμων Α.Ε.’s cards: balances, expiry dates, loads and cardholders.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/your company/i)).toBeNull();
  });

  it('says “your company” to the company’s own order manager', async () => {
    cardsApi('om1');
    renderApp('/card-list');
    expect(
      await screen.findByText('Όλες οι κάρτες της εταιρείας σας: υπόλοιπα, λήξεις, φορτίσεις και κάτοχοι.'),
    ).toBeTruthy();
  });
});

describe('card list in English', () => {
  it('shows English texts, the same amount format, and English form messages', async () => {
    const fetchMock = cardsApi('om1', {}, [
      card({ expiryDate: athensDatePlus(1), expiringSoon: true, readyToTopUp: true }),
    ]);
    const { user } = renderApp('/en/card-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'My cards' })).toBeTruthy();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Cardholder', 'Card', 'Expiry', 'Balance', 'Status', 'Issued']);
    expect(within(table).getByText('Expires in 1 day')).toBeTruthy();
    expect(within(table).getByText('Ready to top up')).toBeTruthy();
    expect(within(table).getByText('Active')).toBeTruthy();
    expect(within(table).getByText('1.234,56 €')).toBeTruthy();
    expect(screen.getByText('1–1 of 1')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Expiring within 60 days: 7' })).toBeTruthy();
    expect((await screen.findByRole('table', { name: 'Loads per month' })).textContent).toContain(
      'March 2026',
    );
    expect(requestsTo(fetchMock, FILTER)[0]?.headers.get('Culture')).toBe('en-us');

    await user.click(within(table).getByRole('button', { name: 'Μαρία Παπαδάκη' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Edit cardholder' }));
    const phone = within(dialog).getByLabelText(/^Phone/);
    await user.clear(phone);
    await user.type(phone, '555');
    fireEvent.submit(phone.closest('form')!);
    expect(await within(dialog).findByText('Enter a Greek phone number with 10 digits.')).toBeTruthy();
  });
});
