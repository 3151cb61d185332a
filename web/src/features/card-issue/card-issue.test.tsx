import {
  applyDraftDiff,
  DEFAULT_PRICING,
  ORDER_TYPE_OF_REASON,
  priceOrder,
  termsWithContract,
  type Card,
  type CardFilterRequest,
  type DraftCard,
  type DraftOrder,
  type OrderDraft,
  type SaveDraftOrderRequest,
} from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler, type MockReply, type MockRequest } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { renderApp } from '../../test/render-app';
import { card, cardholder } from '../../test/cards';
import { DELIVERY_POINT as POINT, uuid } from '../../test/orders';
import { resetKnownCards } from './known-cards';

// Whole-portal renders with lazy pages and typed input: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 40_000 });

const ORDERS = '/api/v1/orders';
const FILTER = '/api/v1/accounts/cardFilter';

/**
 * The company's contract lowers Spendeo's card fee and service fee: the server's price differs from
 * the browser's estimate with the default fees, so a test can tell which one a page shows.
 */
const SERVER_TERMS = termsWithContract('spendeo', { cardFeeCents: 400, loadFeeBasisPoints: 100 });

type Server = {
  drafts: Map<string, DraftOrder>;
  cards: Card[];
};

function priced(draft: Omit<DraftOrder, 'lines' | 'price'>, cards: DraftCard[], known: Card[]): DraftOrder {
  const price = priceOrder(
    {
      orderType: draft.orderType,
      family: draft.family,
      lines: cards.map((line) => ({ tempCardId: line.tempCardId, amountCents: line.amountCents })),
    },
    SERVER_TERMS,
  );
  return {
    ...draft,
    lines: cards.map((line, index) => {
      const found = known.find((item) => item.cardId === line.cardId);
      const part = price.lines[index]!;
      return {
        ...line,
        card: found
          ? {
              cardId: found.cardId,
              maskedNumber: found.maskedNumber,
              cardName: found.cardName,
              status: found.status,
              expiryDate: found.expiryDate,
              balanceCents: found.balanceCents,
              cardholder: found.cardholder,
            }
          : null,
        cardFeeCents: part.cardFeeCents,
        replacementFeeCents: part.replacementFeeCents,
        serviceFeeCents: part.serviceFeeCents,
      };
    }),
    price: {
      loadCents: price.loadCents,
      cardFeesCents: price.cardFeesCents,
      replacementFeesCents: price.replacementFeesCents,
      serviceFeesCents: price.serviceFeesCents,
      deliveryFeeCents: price.deliveryFeeCents,
      feesNetCents: price.feesNetCents,
      vatCents: price.vatCents,
      totalCents: price.totalCents,
    },
  };
}

const draftReply = (draft: DraftOrder): MockReply => ({ body: { success: true, draftOrder: draft } });

/** The drafts service in memory: enough of the server for the flow to save, reload and price. */
function fakeDrafts(server: Server): Record<string, MockHandler> {
  let nextId = 900;
  const reprice = (draft: DraftOrder, cards: DraftCard[]) => priced(draft, cards, server.cards);
  const stripped = (draft: DraftOrder): DraftCard[] =>
    draft.lines.map(({ tempCardId, cardId, cardholderId, cardholder: holder, cardName, amountCents }) => ({
      tempCardId,
      cardId,
      cardholderId,
      cardholder: holder,
      cardName,
      amountCents,
    }));
  const withId = (request: MockRequest) => {
    const body = request.body as { draftId: string };
    return server.drafts.get(body.draftId)!;
  };
  return {
    [`POST ${ORDERS}/saveDraftOrder`]: ({ body }) => {
      const input = body as SaveDraftOrderRequest & { cards: DraftCard[] };
      nextId += 1;
      const draft = reprice(
        {
          draftId: uuid(nextId),
          companyId: 'C1001',
          reason: input.reason,
          orderType: input.orderType,
          product: input.product,
          family: input.family,
          draftOrderAlias: input.draftOrderAlias ?? '',
          invoiceComments: input.invoiceComments ?? '',
          deliveryPoint: input.deliveryPointId === POINT.deliveryPointId ? POINT : null,
          bulkAmountCents: input.bulkAmountCents ?? null,
          expiringDate: input.expiringDate ?? null,
          createdBy: 'user-om1',
          createdAt: '2026-03-10T09:00:00Z',
          updatedAt: '2026-03-10T09:00:00Z',
        } as DraftOrder,
        input.cards,
      );
      server.drafts.set(draft.draftId, draft);
      return draftReply(draft);
    },
    [`GET ${ORDERS}/retrieveDraftOrder`]: ({ url }) => {
      const draft = server.drafts.get(url.searchParams.get('draftId') ?? '');
      return draft
        ? draftReply(draft)
        : {
            status: 404,
            body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
          };
    },
    [`POST ${ORDERS}/updateDraftOrder`]: (request) => {
      const body = request.body as Record<string, unknown>;
      const before = withId(request);
      const draft = reprice(
        {
          ...before,
          draftOrderAlias: body.draftOrderAlias as string,
          invoiceComments: body.invoiceComments as string,
          bulkAmountCents: body.bulkAmountCents as number | null,
          deliveryPoint: body.deliveryPointId === POINT.deliveryPointId ? POINT : null,
        },
        stripped(before),
      );
      server.drafts.set(draft.draftId, draft);
      return draftReply(draft);
    },
    [`POST ${ORDERS}/addDraftOrderCards`]: (request) => {
      const before = withId(request);
      const cards = (request.body as { cards: DraftCard[] }).cards;
      const draft = reprice(
        before,
        applyDraftDiff(stripped(before), { cardsToAdd: cards, cardsToUpdate: [], cardsToDelete: [] }),
      );
      server.drafts.set(draft.draftId, draft);
      return draftReply(draft);
    },
    [`POST ${ORDERS}/updateDraftOrderCards`]: (request) => {
      const before = withId(request);
      const cards = (request.body as { cards: DraftCard[] }).cards;
      const draft = reprice(
        before,
        applyDraftDiff(stripped(before), { cardsToAdd: [], cardsToUpdate: cards, cardsToDelete: [] }),
      );
      server.drafts.set(draft.draftId, draft);
      return draftReply(draft);
    },
    [`POST ${ORDERS}/deleteDraftOrderCards`]: (request) => {
      const before = withId(request);
      const ids = (request.body as { tempCardIds: string[] }).tempCardIds;
      const draft = reprice(
        before,
        applyDraftDiff(stripped(before), { cardsToAdd: [], cardsToUpdate: [], cardsToDelete: ids }),
      );
      server.drafts.set(draft.draftId, draft);
      return draftReply(draft);
    },
    [`POST ${ORDERS}/orderPriceCalculation`]: ({ body }) => {
      const input = body as {
        orderType: DraftOrder['orderType'];
        family: DraftOrder['family'];
        lines: DraftCard[];
      };
      const price = priceOrder(input, SERVER_TERMS);
      const { lines, ...totals } = price;
      return { body: { success: true, price: totals, lines } };
    },
  };
}

type FilterBody = CardFilterRequest & { page: number; pageSize: number };

/** cardFilter over `cards`: product, family, status, expiringSoon and paging, as the server does. */
function filterHandler(cards: () => Card[]): (request: MockRequest) => MockReply {
  return ({ body }) => {
    const input = body as FilterBody;
    const found = cards().filter(
      (item) =>
        (!input.product || item.product === input.product) &&
        (!input.family || item.family === input.family) &&
        (!input.status || item.status === input.status) &&
        (!input.expiringSoon || item.expiringSoon),
    );
    const start = (input.page - 1) * input.pageSize;
    return {
      body: {
        success: true,
        cards: found.slice(start, start + input.pageSize),
        total: found.length,
        page: input.page,
        pageSize: input.pageSize,
      },
    };
  };
}

/** The portal for the order manager of C1001 with the flow's endpoints answering. */
function issueApi(handlers: Record<string, MockHandler> = {}, cards: Card[] = [card()]) {
  const server: Server = { drafts: new Map(), cards };
  const fetchMock = mockApi({
    'GET /api/auth/session': { body: session('om1') },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    'GET /api/v1/orders/retrieveDraftOrders': {
      body: { success: true, draftOrders: [], total: 0, isMaxReached: false },
    },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    [`GET ${ORDERS}/companyMaxDraftOrders`]: {
      body: { success: true, total: 3, max: 99, isMaxReached: false },
    },
    [`POST ${FILTER}`]: filterHandler(() => server.cards),
    [`POST ${ORDERS}/checkCardholder`]: ({ body }) => ({
      body: {
        success: true,
        matches: (body as { cardholders: { tempCardId: string }[] }).cardholders.map((item) => ({
          tempCardId: item.tempCardId,
          candidates: [],
        })),
      },
    }),
    'GET /api/v1/accounts/getCompanyDeliveryPoints': {
      body: { success: true, deliveryPoints: [POINT], total: 1, page: 1, pageSize: 100 },
    },
    ...fakeDrafts(server),
    ...handlers,
  });
  return { fetchMock, server };
}

const stored = (): OrderDraft =>
  JSON.parse(window.localStorage.getItem('orderDraft') ?? 'null') as OrderDraft;

async function findFlow(title: RegExp | string) {
  return screen.findByRole('heading', { level: 1, name: title });
}

type User = ReturnType<typeof renderApp>['user'];

/** Starts a new-cards flow for Spendeo from its product page. */
async function startNewSpendeo(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Έκδοση νέων καρτών' }));
  await findFlow('Νέες κάρτες');
}

/** Adds a new cardholder row and fills it. */
async function addCardholder(user: User, first: string, last: string, amount: string) {
  await user.click(screen.getByRole('button', { name: 'Προσθήκη κατόχου' }));
  const groups = screen.getAllByRole('group', { name: /^Κάτοχος \d+:/ });
  const row = within(groups.at(-1)!);
  await user.type(row.getByLabelText(/^Όνομα/), first);
  await user.type(row.getByLabelText(/^Επώνυμο/), last);
  const amountInput = row.getByLabelText('Ποσό φόρτισης');
  await user.clear(amountInput);
  await user.type(amountInput, amount);
}

beforeEach(() => {
  resetKnownCards();
});

describe('starting the card-issue flow', () => {
  it.each([
    ['new-card', 'Νέες κάρτες'],
    ['load-card', 'Φόρτιση καρτών'],
    ['damaged-card', 'Αντικατάσταση λόγω φθοράς'],
    ['lost-card', 'Αντικατάσταση λόγω απώλειας'],
    ['expired-card', 'Αντικατάσταση λόγω λήξης'],
    ['upgrade-card', 'Αναβάθμιση σε πλαστική'],
  ] as const)('the start panel starts %s on the info step with its order type', async (reason, title) => {
    issueApi();
    const { user, router } = renderApp('/card-issue/info');
    expect(await screen.findByRole('heading', { level: 1, name: 'Έκδοση καρτών' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Έκδοση καρτών · Tessera'));
    await user.click(screen.getByRole('radio', { name: new RegExp(`^${title}`) }));
    await user.click(screen.getByRole('button', { name: 'Έναρξη' }));

    await findFlow(title);
    expect(router.state.location.pathname).toBe('/card-issue/info');
    const draft = stored();
    expect(draft.reason).toBe(reason);
    expect(draft.orderType).toBe(ORDER_TYPE_OF_REASON[reason]);
    expect(draft.expiringDate !== null).toBe(reason === 'expired-card');
    // The stepper says where the user is.
    const current = screen.getByRole('button', { name: /τρέχον βήμα/ });
    expect(current.getAttribute('aria-current')).toBe('step');
    expect(current.textContent).toContain('Στοιχεία');
    await waitFor(() => expect(document.title).toBe(`${title} · Στοιχεία · Tessera`));
  });

  it('the start panel sends a recurring load to the rule editor instead of a draft', async () => {
    issueApi({}, []);
    const { user, router } = renderApp('/card-issue/info');
    expect(await screen.findByRole('heading', { level: 1, name: 'Έκδοση καρτών' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /^Επαναλαμβανόμενη φόρτιση/ }));
    await user.click(screen.getByRole('button', { name: 'Έναρξη' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Νέα επαναλαμβανόμενη φόρτιση' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders/recurring-rules/new');
    expect(window.localStorage.getItem('orderDraft')).toBeNull();
  });

  it('the Spendeo page starts an expired flow for Spendeo when opened with expired=true', async () => {
    issueApi();
    const { user, router } = renderApp('/cards/spendeo/issue?expired=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Κάρτες Spendeo' })).toBeTruthy();
    expect(screen.getByText('Έχετε κάρτες που λήγουν')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Αντικατάσταση καρτών' }));

    await findFlow('Αντικατάσταση λόγω λήξης');
    expect(router.state.location.pathname).toBe('/card-issue/info');
    const draft = stored();
    expect(draft).toMatchObject({
      reason: 'expired-card',
      orderType: 'EXPIRED',
      selectedOption: 'SPENDEO:spendeo',
    });
    const days = (Date.parse(draft.expiringDate!) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
    // The picker asks for the Spendeo cards that expired.
    await waitFor(() =>
      expect(requestsTo(mockedFetch(), FILTER).at(-1)?.body).toMatchObject({
        product: 'SPENDEO',
        family: 'spendeo',
        status: 'expired',
      }),
    );
  });

  it('without expired=true the MyBenefits page offers new cards and loads only', async () => {
    issueApi();
    renderApp('/cards/mybenefits/issue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Κάρτες MyBenefits' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Έκδοση νέων καρτών' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Φόρτιση καρτών' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αντικατάσταση καρτών' })).toBeNull();
  });

  it("a card from the card list's panel becomes the first line of its flow", async () => {
    const damaged = card({ cardholder: cardholder({ firstName: 'Άννα', lastName: 'Ρήγα' }) });
    const { fetchMock } = issueApi(
      {
        'GET /api/v1/accounts/retrieveCardsKpis': {
          body: {
            success: true,
            totalCards: 1,
            byStatus: { active: 1 },
            totalBalanceCents: 0,
            loadedThisMonthCents: 0,
            loadsThisMonth: 0,
            expiringSoon: 0,
            readyToTopUp: 0,
            loadedByMonth: [],
          },
        },
        'GET /api/v1/accounts/retrieveCardSummaries': { body: { success: true, summaries: [] } },
      },
      [damaged],
    );
    const { user, router } = renderApp('/card-list');
    const table = await screen.findByRole('region', { name: 'Πίνακας καρτών' });
    await user.click(within(table).getByRole('button', { name: 'Άννα Ρήγα' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('link', { name: 'Αντικατάσταση λόγω φθοράς' }));

    await findFlow('Αντικατάσταση λόγω φθοράς');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const selected = await screen.findByRole('region', { name: 'Επιλεγμένες κάρτες' });
    expect(within(selected).getByText('Άννα Ρήγα')).toBeTruthy();
    expect(within(selected).getByText(`Κάρτα με κατάληξη ${damaged.last4}`)).toBeTruthy();
    expect(stored()).toMatchObject({
      reason: 'damaged-card',
      orderType: 'DAMAGED',
      selectedOption: 'TICKET_RESTAURANT:plastic',
    });
    expect(stored().changedData.cards.map((line) => line.cardId)).toEqual([damaged.cardId]);
    // In the picker, the card is ticked.
    await screen.findByRole('checkbox', { name: `Επιλογή: Άννα Ρήγα, κάρτα με κατάληξη ${damaged.last4}` });
    expect(
      (
        screen.getByRole('checkbox', {
          name: `Επιλογή: Άννα Ρήγα, κάρτα με κατάληξη ${damaged.last4}`,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    expect(requestsTo(fetchMock, FILTER).at(-1)?.body).toMatchObject({
      status: 'active',
      product: 'TICKET_RESTAURANT',
    });
  });

  it('a card the browser does not know yet starts the flow and says to pick it', async () => {
    issueApi();
    renderApp(`/card-issue/info?reason=lost-card&cardId=${uuid(4242)}`);
    await findFlow('Αντικατάσταση λόγω απώλειας');
    expect(await screen.findByText(/Δεν βρήκαμε την κάρτα που επιλέξατε/)).toBeTruthy();
    expect(stored()).toMatchObject({ reason: 'lost-card', orderType: 'LOST' });
    expect(stored().changedData.cards).toEqual([]);
  });
});

/** The `fetch` mock of the current test. */
function mockedFetch() {
  return fetch as unknown as ReturnType<typeof mockApi>;
}

describe('the local draft', () => {
  it('survives a reload: the same lines, names and amounts come back', async () => {
    issueApi();
    const first = renderApp('/cards/spendeo/issue');
    await startNewSpendeo(first.user);
    await addCardholder(first.user, 'Νίκος', 'Αλεξίου', '50');
    await first.user.type(screen.getByLabelText(/Όνομα πρόχειρου/), 'Μάρτιος');
    await waitFor(() => expect(stored().draftOrderAlias).toBe('Μάρτιος'));
    const lines = stored().changedData.cards;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      amountCents: 5_000,
      cardholder: { firstName: 'Νίκος', lastName: 'Αλεξίου' },
    });
    first.unmount();

    const second = renderApp('/card-issue/info');
    await findFlow('Νέες κάρτες');
    const row = within(screen.getByRole('group', { name: 'Κάτοχος 1: Νίκος Αλεξίου' }));
    expect((row.getByLabelText(/^Όνομα/) as HTMLInputElement).value).toBe('Νίκος');
    expect((row.getByLabelText('Ποσό φόρτισης') as HTMLInputElement).value).toBe('50,00');
    expect((screen.getByLabelText(/Όνομα πρόχειρου/) as HTMLInputElement).value).toBe('Μάρτιος');
    expect(stored().changedData.cards).toEqual(lines);
    expect(second.router.state.location.pathname).toBe('/card-issue/info');
  });
});

describe('saving the draft', () => {
  it('saves a new draft whole, then sends exactly the changes', async () => {
    const { fetchMock, server } = issueApi();
    const { user, router } = renderApp('/cards/spendeo/issue');
    await startNewSpendeo(user);
    await addCardholder(user, 'Νίκος', 'Αλεξίου', '50');
    await addCardholder(user, 'Σοφία', 'Μαρκου', '20');
    expect(screen.getByText(/Δεν έχει αποθηκευτεί ακόμη ως πρόχειρο/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Αποθήκευση πρόχειρου' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/card-issue\/info\/0{8}-/));
    const saves = requestsTo(fetchMock, `${ORDERS}/saveDraftOrder`);
    expect(saves).toHaveLength(1);
    const [first, second] = stored().changedData.cards;
    expect(saves[0]!.body).toEqual({
      reason: 'new-card',
      orderType: 'NEW',
      product: 'SPENDEO',
      family: 'spendeo',
      draftOrderAlias: '',
      invoiceComments: '',
      deliveryPointId: null,
      bulkAmountCents: null,
      expiringDate: null,
      cards: [first, second],
    });
    expect(saves[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const draftId = [...server.drafts.keys()][0]!;
    expect(router.state.location.pathname).toBe(`/card-issue/info/${draftId}`);
    expect(stored()).toMatchObject({ id: draftId, isUpdateMode: true, dataWasChanged: false });
    expect(JSON.parse(window.localStorage.getItem('draftOrder')!)).toEqual({
      orderType: 'NEW',
      orderId: draftId,
    });
    expect(await screen.findByText('Το πρόχειρο αποθηκεύτηκε.')).toBeTruthy();

    // One line changed, one removed, one added, and the header's alias.
    const firstRow = within(screen.getByRole('group', { name: 'Κάτοχος 1: Νίκος Αλεξίου' }));
    await user.clear(firstRow.getByLabelText('Ποσό φόρτισης'));
    await user.type(firstRow.getByLabelText('Ποσό φόρτισης'), '75,5');
    await user.click(screen.getByRole('button', { name: 'Αφαίρεση κατόχου 2' }));
    await addCardholder(user, 'Ελένη', 'Σταύρου', '10');
    await user.type(screen.getByLabelText(/Όνομα πρόχειρου/), 'Νέοι συνάδελφοι');
    expect(await screen.findByText('Υπάρχουν αλλαγές που δεν έχουν αποθηκευτεί στο πρόχειρο.')).toBeTruthy();
    const added = stored().changedData.cards[1]!;

    await user.click(screen.getByRole('button', { name: 'Αποθήκευση πρόχειρου' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${ORDERS}/addDraftOrderCards`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${ORDERS}/updateDraftOrder`).map((request) => request.body)).toEqual([
      {
        draftId,
        product: 'SPENDEO',
        family: 'spendeo',
        draftOrderAlias: 'Νέοι συνάδελφοι',
        invoiceComments: '',
        deliveryPointId: null,
        bulkAmountCents: null,
        expiringDate: null,
      },
    ]);
    expect(requestsTo(fetchMock, `${ORDERS}/deleteDraftOrderCards`).map((request) => request.body)).toEqual([
      { draftId, tempCardIds: [second!.tempCardId] },
    ]);
    expect(requestsTo(fetchMock, `${ORDERS}/updateDraftOrderCards`).map((request) => request.body)).toEqual([
      { draftId, cards: [{ ...first, amountCents: 7_550 }] },
    ]);
    expect(requestsTo(fetchMock, `${ORDERS}/addDraftOrderCards`).map((request) => request.body)).toEqual([
      { draftId, cards: [added] },
    ]);
    expect(requestsTo(fetchMock, `${ORDERS}/saveDraftOrder`)).toHaveLength(1);
    await screen.findByText('Το πρόχειρο αποθηκεύτηκε.');
    expect(stored().dataWasChanged).toBe(false);
    expect(server.drafts.get(draftId)!.lines.map((line) => line.tempCardId)).toEqual([
      first!.tempCardId,
      added.tempCardId,
    ]);

    // Nothing changed: a third save sends nothing.
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση πρόχειρου' }));
    await screen.findByText('Το πρόχειρο αποθηκεύτηκε.');
    expect(requestsTo(fetchMock, `${ORDERS}/updateDraftOrder`)).toHaveLength(1);
    expect(requestsTo(fetchMock, `${ORDERS}/addDraftOrderCards`)).toHaveLength(1);
  });

  it('says why when the company already holds 99 drafts (422, code 60)', async () => {
    const { fetchMock } = issueApi({
      [`POST ${ORDERS}/saveDraftOrder`]: {
        status: 422,
        body: {
          success: false,
          errorCode: 60,
          errorLevel: 'error',
          errorMessage: 'You already have 100 draft orders',
        },
      },
      [`GET ${ORDERS}/companyMaxDraftOrders`]: {
        body: { success: true, total: 100, max: 99, isMaxReached: true },
      },
    });
    const { user, router } = renderApp('/cards/spendeo/issue');
    await startNewSpendeo(user);
    expect(
      await screen.findByText(/Η εταιρεία σας έχει φτάσει το όριο των πρόχειρων παραγγελιών/),
    ).toBeTruthy();
    await addCardholder(user, 'Νίκος', 'Αλεξίου', '50');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση πρόχειρου' }));

    const alert = await screen.findByRole('alert', { name: 'Έχετε φτάσει το όριο πρόχειρων παραγγελιών' });
    expect(within(alert).getByText(/Ολοκληρώστε ή διαγράψτε μία/)).toBeTruthy();
    expect(
      within(alert).getByRole('link', { name: 'Μετάβαση στις πρόχειρες παραγγελίες' }).getAttribute('href'),
    ).toBe('/draft-orders');
    // The page says it, not the global error modal; the work stays in the browser.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo(fetchMock, `${ORDERS}/saveDraftOrder`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/card-issue/info');
    expect(stored()).toMatchObject({ id: null });
    expect(stored().changedData.cards).toHaveLength(1);
  });

  it('blocks an amount outside the product limits with a message in Greek, before any request', async () => {
    const loadable = card({ cardholder: cardholder({ firstName: 'Πέτρος', lastName: 'Λάμπρου' }) });
    const { fetchMock } = issueApi({}, [loadable]);
    const { user } = renderApp(`/card-issue/info?reason=load-card`);
    await findFlow('Φόρτιση καρτών');
    await user.selectOptions(screen.getByLabelText(/^Προϊόν/), 'TICKET_RESTAURANT');
    await user.click(await screen.findByRole('checkbox', { name: /^Επιλογή: Πέτρος Λάμπρου/ }));
    const amount = await screen.findByRole('textbox', { name: 'Ποσό φόρτισης για Πέτρος Λάμπρου' });
    await user.clear(amount);
    await user.type(amount, '1,00');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση πρόχειρου' }));

    expect(await screen.findByText('Διορθώστε 1 σημείο πριν συνεχίσετε.')).toBeTruthy();
    expect(screen.getByText('Το ποσό πρέπει να είναι από 5,00 € έως 500,00 €.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo(fetchMock, `${ORDERS}/saveDraftOrder`)).toHaveLength(0);

    // Going on is blocked too; a right amount lets it through.
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Στοιχεία παραγγελίας' })).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '600');
    expect(await screen.findByText('Το ποσό πρέπει να είναι από 5,00 € έως 500,00 €.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Επισκόπηση παραγγελίας' })).toBeTruthy();
  });
});

describe('on a phone', () => {
  it('shows each chosen card with its load amount and its removal in view, not behind a sideways scroll', async () => {
    onNarrowScreen();
    const loadable = card({ cardholder: cardholder({ firstName: 'Πέτρος', lastName: 'Λάμπρου' }) });
    issueApi({}, [loadable]);
    const { user } = renderApp(`/card-issue/info?reason=load-card`);
    await findFlow('Φόρτιση καρτών');
    await user.selectOptions(screen.getByLabelText(/^Προϊόν/), 'TICKET_RESTAURANT');
    // The cards to choose from are cards too, the balance in view; the name ticks the card.
    const choices = await screen.findByRole('list', { name: 'Κάρτες προς επιλογή' });
    const [choice] = within(choices).getAllByRole('listitem');
    expect(recordFields(choice!).Υπόλοιπο).toBe('123,45\u00a0€');
    await user.click(within(choice!).getByText('Πέτρος Λάμπρου'));
    expect(
      (screen.getByRole('checkbox', { name: /^Επιλογή: Πέτρος Λάμπρου/ }) as HTMLInputElement).checked,
    ).toBe(true);

    const selected = await screen.findByRole('list', { name: 'Επιλεγμένες κάρτες' });
    expect(screen.queryByRole('region', { name: 'Επιλεγμένες κάρτες' })).toBeNull();
    const [line] = within(selected).getAllByRole('listitem');
    expect(within(line!).getByText('Πέτρος Λάμπρου')).toBeTruthy();
    expect(recordFields(line!).Κάρτα).toContain(loadable.last4);
    const amount = within(line!).getByRole('textbox', { name: 'Ποσό φόρτισης για Πέτρος Λάμπρου' });
    await user.clear(amount);
    await user.type(amount, '25');
    expect(stored().changedData.cards[0]?.amountCents).toBe(2_500);
    await user.click(within(line!).getByRole('button', { name: 'Αφαίρεση κάρτας: Πέτρος Λάμπρου' }));
    expect(await screen.findByText(/Δεν έχετε επιλέξει κάρτες ακόμη/)).toBeTruthy();
  });

  it('shows each line of the overview with its amount and fees in view', async () => {
    onNarrowScreen();
    const loadable = card({ cardholder: cardholder({ firstName: 'Πέτρος', lastName: 'Λάμπρου' }) });
    issueApi({}, [loadable]);
    const { user } = renderApp(`/card-issue/info?reason=load-card`);
    await findFlow('Φόρτιση καρτών');
    await user.selectOptions(screen.getByLabelText(/^Προϊόν/), 'TICKET_RESTAURANT');
    await user.click(await screen.findByRole('checkbox', { name: /^Επιλογή: Πέτρος Λάμπρου/ }));
    const amount = await screen.findByRole('textbox', { name: 'Ποσό φόρτισης για Πέτρος Λάμπρου' });
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }));

    const lines = await screen.findByRole('list', { name: 'Γραμμές παραγγελίας με αμοιβές' });
    expect(screen.queryByRole('region', { name: 'Γραμμές παραγγελίας με αμοιβές' })).toBeNull();
    const [line] = within(lines).getAllByRole('listitem');
    expect(within(line!).getByText('Πέτρος Λάμπρου')).toBeTruthy();
    expect(recordFields(line!)['Ποσό φόρτισης']).toBe('25,00\u00a0€');
    await waitFor(() => expect(recordFields(line!)['Αμοιβή υπηρεσίας']).toMatch(/^\d+,\d{2}\u00a0€$/));
  });
});

describe('new cardholders who may already exist', () => {
  it('lets the user give the card to the existing cardholder, or keep the line new', async () => {
    const existing = cardholder({ firstName: 'Νίκος', lastName: 'Αλεξίου', email: 'nikos@akmi.gr' });
    const { fetchMock } = issueApi({
      [`POST ${ORDERS}/checkCardholder`]: ({ body }) => {
        const { cardholders } = body as { cardholders: { tempCardId: string; firstName: string }[] };
        return {
          body: {
            success: true,
            matches: cardholders.map((item) => ({
              tempCardId: item.tempCardId,
              candidates:
                item.firstName === 'Νίκος'
                  ? [{ ...existing, reasons: ['name', 'email'], cards: 2 }]
                  : item.firstName === 'Σοφία'
                    ? [
                        {
                          ...cardholder({ firstName: 'Σοφία', lastName: 'Μάρκου' }),
                          reasons: ['name'],
                          cards: 1,
                        },
                      ]
                    : [],
            })),
          },
        };
      },
    });
    const { user } = renderApp('/cards/spendeo/issue');
    await startNewSpendeo(user);
    await addCardholder(user, 'Νίκος', 'Αλεξίου', '50');
    await addCardholder(user, 'Σοφία', 'Μάρκου', '50');
    await addCardholder(user, 'Άρης', 'Βλάχος', '50');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Σημείο παράδοσης/ }),
      POINT.deliveryPointId,
    );
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }));

    const dialog = await screen.findByRole('dialog', { name: 'Υπάρχουν ήδη αυτοί οι κάτοχοι;' });
    expect(requestsTo(fetchMock, `${ORDERS}/checkCardholder`)[0]?.body).toMatchObject({
      cardholders: [
        { firstName: 'Νίκος', lastName: 'Αλεξίου' },
        { firstName: 'Σοφία', lastName: 'Μάρκου' },
        { firstName: 'Άρης', lastName: 'Βλάχος' },
      ],
    });
    const nikos = within(within(dialog).getByRole('radiogroup', { name: 'Κάτοχος 1: Νίκος Αλεξίου' }));
    expect(
      (nikos.getByRole('radio', { name: 'Κάρτα για τον υπάρχοντα κάτοχο Νίκος Αλεξίου' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      within(dialog).getByText(/nikos@akmi\.gr · κωδικός E-17 · 2 κάρτες — ίδιο ονοματεπώνυμο, email/),
    ).toBeTruthy();
    const sofia = within(within(dialog).getByRole('radiogroup', { name: 'Κάτοχος 2: Σοφία Μάρκου' }));
    await user.click(sofia.getByRole('radio', { name: 'Καταχώριση ως νέου κατόχου' }));
    await user.click(within(dialog).getByRole('button', { name: 'Συνέχεια' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Επισκόπηση παραγγελίας' })).toBeTruthy();
    const [first, second, third] = stored().changedData.cards;
    expect(first).toMatchObject({
      cardholderId: existing.cardholderId,
      cardholder: { email: 'nikos@akmi.gr' },
    });
    expect(second!.cardholderId).toBeNull();
    expect(third!.cardholderId).toBeNull();

    // Back on the details, the linked line says so, and can be made new again.
    await user.click(screen.getByRole('button', { name: 'Επεξεργασία' }));
    const linked = within(await screen.findByRole('group', { name: 'Κάτοχος 1: Νίκος Αλεξίου' }));
    expect(linked.getByText('Υπάρχων κάτοχος')).toBeTruthy();
    await user.click(linked.getByRole('button', { name: 'Καταχώριση ως νέου κατόχου' }));
    await waitFor(() => expect(stored().changedData.cards[0]!.cardholderId).toBeNull());
    // The lines already answered are not asked again unless they change.
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }));
    await screen.findByRole('dialog', { name: 'Υπάρχουν ήδη αυτοί οι κάτοχοι;' });
    const again = requestsTo(fetchMock, `${ORDERS}/checkCardholder`).at(-1)?.body as {
      cardholders: { firstName: string }[];
    };
    expect(again.cardholders.map((item) => item.firstName)).toEqual(['Νίκος']);
  });
});

describe('overview and payment', () => {
  it("shows every line with its fees and the server's totals, then the payment step", async () => {
    const { fetchMock, server } = issueApi();
    const { user, router } = renderApp('/cards/spendeo/issue');
    await startNewSpendeo(user);
    await addCardholder(user, 'Νίκος', 'Αλεξίου', '100');
    await addCardholder(user, 'Άρης', 'Βλάχος', '0');
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Σημείο παράδοσης/ }),
      POINT.deliveryPointId,
    );
    // While typing: the estimate with the default fees.
    const estimate = within(screen.getByRole('region', { name: 'Εκτίμηση κόστους' }));
    const defaults = priceOrder(
      {
        orderType: 'NEW',
        family: 'spendeo',
        lines: [
          { tempCardId: 'a', amountCents: 10_000 },
          { tempCardId: 'b', amountCents: 0 },
        ],
      },
      DEFAULT_PRICING,
    );
    expect(estimate.getByText('Εκτιμώμενο σύνολο').nextElementSibling?.textContent).toBe(
      `${(defaults.totalCents / 100).toFixed(2).replace('.', ',')}\u00a0€`,
    );

    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Επισκόπηση παραγγελίας' })).toBeTruthy();
    expect(router.state.location.search).toBe('?step=overview');
    // Not saved yet: the server prices the lines as they are.
    await waitFor(() => expect(requestsTo(fetchMock, `${ORDERS}/orderPriceCalculation`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${ORDERS}/orderPriceCalculation`)[0]?.body).toMatchObject({
      orderType: 'NEW',
      product: 'SPENDEO',
      family: 'spendeo',
    });
    const serverPrice = priceOrder(
      {
        orderType: 'NEW',
        family: 'spendeo',
        lines: [
          { tempCardId: 'a', amountCents: 10_000 },
          { tempCardId: 'b', amountCents: 0 },
        ],
      },
      SERVER_TERMS,
    );
    expect(serverPrice.totalCents).not.toBe(defaults.totalCents);
    const totals = within(screen.getByRole('region', { name: 'Σύνολα' }));
    const value = (label: string) => totals.getByText(label).nextElementSibling?.textContent;
    const money = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;
    await waitFor(() => expect(value('Σύνολο πληρωμής')).toBe(money(serverPrice.totalCents)));
    expect(value('Συνολικό ποσό φόρτισης')).toBe('100,00\u00a0€');
    expect(value('Αμοιβές έκδοσης καρτών')).toBe('8,00\u00a0€');
    expect(value('Αμοιβή υπηρεσίας')).toBe('1,00\u00a0€');
    expect(value('Κόστος αποστολής')).toBe('6,00\u00a0€');
    expect(value('ΦΠΑ 24% επί των αμοιβών')).toBe(money(serverPrice.vatCents));
    expect(totals.queryByText('Αμοιβές αντικατάστασης')).toBeNull();

    const lines = within(screen.getByRole('region', { name: 'Γραμμές παραγγελίας με αμοιβές' }));
    const rows = lines.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Νίκος Αλεξίου')).toBeTruthy();
    expect(within(rows[1]!).getByText('Νέα κάρτα')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('4,00 €')).toHaveLength(1);
    const delivery = within(screen.getByRole('region', { name: 'Παράδοση και τιμολόγιο' }));
    expect(delivery.getByText('Κεντρικά γραφεία')).toBeTruthy();
    expect(delivery.getByText('Λεωφόρος Κηφισίας 44, 15125 Μαρούσι')).toBeTruthy();

    // Continue saves the draft, then shows the payment step.
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην πληρωμή' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Πληρωμή' })).toBeTruthy();
    const draftId = [...server.drafts.keys()][0]!;
    expect(router.state.location.pathname).toBe(`/card-issue/info/${draftId}`);
    expect(router.state.location.search).toBe('?step=payment');
    // The order manager chooses how to pay (payment-step.test.tsx follows the submission).
    expect(screen.getByRole('radiogroup', { name: 'Τρόπος πληρωμής' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Υποβολή και πληρωμή' })).toBeTruthy();
    expect(
      await screen.findByText(
        `Πρόχειρο «χωρίς όνομα» · σύνολο πληρωμής ${money(serverPrice.totalCents).replace('\u00a0', ' ')}`,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: /Πληρωμή, τρέχον βήμα/ }).getAttribute('aria-current')).toBe(
      'step',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Πληρωμή' })),
    );

    // Back to the overview of the saved draft: the totals are the saved draft's own.
    const priceCalls = requestsTo(fetchMock, `${ORDERS}/orderPriceCalculation`).length;
    await user.click(screen.getByRole('button', { name: 'Επιστροφή στην επισκόπηση' }));
    await screen.findByRole('heading', { level: 2, name: 'Επισκόπηση παραγγελίας' });
    const savedTotals = within(screen.getByRole('region', { name: 'Σύνολα' }));
    expect(savedTotals.getByText('Σύνολο πληρωμής').nextElementSibling?.textContent).toBe(
      money(server.drafts.get(draftId)!.price.totalCents),
    );
    expect(requestsTo(fetchMock, `${ORDERS}/orderPriceCalculation`)).toHaveLength(priceCalls);
  });

  it('opens a saved draft from its address into the local draft', async () => {
    const mine = card({ cardholder: cardholder({ firstName: 'Ιωάννα', lastName: 'Πέτρου' }) });
    const { server } = issueApi({}, [mine]);
    const saved = priced(
      {
        draftId: uuid(990),
        companyId: 'C1001',
        reason: 'load-card',
        orderType: 'LOAD',
        product: 'TICKET_RESTAURANT',
        family: 'plastic',
        draftOrderAlias: 'Φορτίσεις Μαρτίου',
        invoiceComments: '',
        deliveryPoint: null,
        bulkAmountCents: null,
        expiringDate: null,
        createdBy: 'user-om1',
        createdAt: '2026-03-01T09:00:00Z',
        updatedAt: '2026-03-01T09:00:00Z',
      },
      [
        {
          tempCardId: 't-1',
          cardId: mine.cardId,
          cardholderId: null,
          cardholder: null,
          cardName: '',
          amountCents: 4_000,
        },
      ],
      [mine],
    );
    server.drafts.set(saved.draftId, saved);
    renderApp(`/card-issue/info/${saved.draftId}`);
    await findFlow('Φόρτιση καρτών');
    const selected = await screen.findByRole('region', { name: 'Επιλεγμένες κάρτες' });
    expect(within(selected).getByText('Ιωάννα Πέτρου')).toBeTruthy();
    expect((within(selected).getByRole('textbox') as HTMLInputElement).value).toBe('40,00');
    expect(stored()).toMatchObject({
      id: saved.draftId,
      isUpdateMode: true,
      dataWasChanged: false,
      draftOrderAlias: 'Φορτίσεις Μαρτίου',
      selectedOption: 'TICKET_RESTAURANT:plastic',
    });
    expect(stored().defaultData.cards).toEqual(stored().changedData.cards);
    expect(JSON.parse(window.localStorage.getItem('draftOrder')!)).toEqual({
      orderType: 'LOAD',
      orderId: saved.draftId,
    });
    expect(screen.getByText('Όλες οι αλλαγές έχουν αποθηκευτεί.')).toBeTruthy();
  });
});

describe('/card-load', () => {
  it('makes a ready-to-top-up draft for a product and opens it', async () => {
    const due = card({
      product: 'SPENDEO',
      family: 'spendeo',
      cardholder: cardholder({ firstName: 'Άννα', lastName: 'Ρήγα' }),
    });
    const { fetchMock, server } = issueApi(
      {
        'GET /api/v1/accounts/retrieveCardSummaries': {
          body: {
            success: true,
            summaries: [
              {
                product: 'SPENDEO',
                family: 'spendeo',
                cards: 3,
                activeCards: 3,
                expiringSoon: 0,
                readyToTopUp: 1,
                balanceCents: 0,
              },
            ],
          },
        },
        [`GET ${ORDERS}/retrieveVoucherBundles`]: { body: { success: true, bundles: [] } },
        [`GET ${ORDERS}/retrieveComplimentaryBundles`]: { body: { success: true, bundles: [] } },
        [`POST ${ORDERS}/readyToTopUp`]: () => {
          const draft = priced(
            {
              draftId: uuid(991),
              companyId: 'C1001',
              reason: 'load-card',
              orderType: 'READY_TO_TOP_UP',
              product: 'SPENDEO',
              family: 'spendeo',
              draftOrderAlias: '',
              invoiceComments: '',
              deliveryPoint: null,
              bulkAmountCents: null,
              expiringDate: null,
              createdBy: 'user-om1',
              createdAt: '2026-03-01T09:00:00Z',
              updatedAt: '2026-03-01T09:00:00Z',
            },
            [
              {
                tempCardId: 't-9',
                cardId: due.cardId,
                cardholderId: null,
                cardholder: null,
                cardName: '',
                amountCents: 2_000,
              },
            ],
            [due],
          );
          server.drafts.set(draft.draftId, draft);
          return { body: { success: true, draftId: draft.draftId } };
        },
      },
      [due],
    );
    const { user, router } = renderApp('/card-load');
    expect(await screen.findByRole('heading', { level: 1, name: 'Φόρτιση καρτών' })).toBeTruthy();
    expect(await screen.findByText('1 κάρτα περιμένει φόρτιση.')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Από αρχείο Excel/ })).toHaveProperty('disabled', false);
    expect(await screen.findAllByText('Δεν υπάρχουν διαθέσιμα πακέτα.')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Δημιουργία πρόχειρου για Spendeo' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/card-issue/info/${uuid(991)}`));
    expect(requestsTo(fetchMock, `${ORDERS}/readyToTopUp`)[0]?.body).toEqual({
      product: 'SPENDEO',
      family: 'spendeo',
    });
    await screen.findByRole('heading', { level: 2, name: 'Στοιχεία παραγγελίας' });
    const selected = await screen.findByRole('region', { name: 'Επιλεγμένες κάρτες' });
    expect(within(selected).getByText('Άννα Ρήγα')).toBeTruthy();
    expect(stored()).toMatchObject({ id: uuid(991), orderType: 'READY_TO_TOP_UP' });
  });

  it('loads every active card of a product with one amount, fetching them page by page', async () => {
    const many = Array.from({ length: 130 }, (_, index) =>
      card({ cardholder: cardholder({ firstName: `Κάτοχος${index}`, lastName: 'Δοκιμής' }) }),
    );
    const blocked = card({ status: 'blocked' });
    const { fetchMock } = issueApi(
      {
        'GET /api/v1/accounts/retrieveCardSummaries': { body: { success: true, summaries: [] } },
        [`GET ${ORDERS}/retrieveVoucherBundles`]: { body: { success: true, bundles: [] } },
        [`GET ${ORDERS}/retrieveComplimentaryBundles`]: { body: { success: true, bundles: [] } },
      },
      [...many, blocked],
    );
    const { user, router } = renderApp('/card-load');
    await screen.findByRole('heading', { level: 1, name: 'Φόρτιση καρτών' });
    await user.click(screen.getByRole('radio', { name: /Όλες οι ενεργές κάρτες με το ίδιο ποσό/ }));
    expect(await screen.findByText(/130 ενεργές κάρτες Ticket Restaurant · Πλαστική/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));
    expect(await screen.findByText('Το ποσό πρέπει να είναι από 5,00 € έως 500,00 €.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Ποσό για κάθε κάρτα'));
    await user.type(screen.getByLabelText('Ποσό για κάθε κάρτα'), '30');
    await user.click(screen.getByRole('button', { name: 'Συνέχεια' }));

    await screen.findByRole('heading', { level: 2, name: 'Στοιχεία παραγγελίας' });
    await findFlow('Φόρτιση καρτών');
    expect(router.state.location.pathname).toBe('/card-issue/info');
    const draft = stored();
    expect(draft.changedData.cards).toHaveLength(130);
    expect(draft.changedData.bulkAmount).toBe(3_000);
    expect(draft.changedData.cards.every((line) => line.amountCents === 3_000)).toBe(true);
    expect(draft.changedData.cards.some((line) => line.cardId === blocked.cardId)).toBe(false);
    const pages = requestsTo(fetchMock, FILTER)
      .map((request) => request.body as FilterBody)
      .filter((body) => body.pageSize === 100);
    expect(pages.map((body) => body.page)).toEqual([1, 2]);
    expect(screen.getByText('Επιλεγμένες κάρτες: 130')).toBeTruthy();
  });
});

describe('in English', () => {
  it('shows the product page and the flow in English, keeping the /en prefix', async () => {
    issueApi();
    const { user, router } = renderApp('/en/cards/spendeo/issue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spendeo cards' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Spendeo cards · Tessera'));
    await user.click(screen.getByRole('button', { name: 'Issue new cards' }));

    await screen.findByRole('heading', { level: 1, name: 'New cards' });
    expect(router.state.location.pathname).toBe('/en/card-issue/info');
    expect(screen.getByRole('heading', { level: 2, name: 'Order details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Details, current step/ })).toBeTruthy();
    expect(
      screen.getByText('Load per card from 10,00 € to 5.000,00 €, or 0 for a card without a load.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add cardholder' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Fix 2 things before you go on.')).toBeTruthy();
    expect(screen.getAllByText('Fill in this field.')).toHaveLength(2);
  });
});
