import type { DraftSummary, OrdersOverviewResponse } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { draftSummary, orderSummary, uuid, UUID_PATTERN } from '../../test/orders';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDERS = '/api/v1/orders';

function deskApi(role: 'om1' | 'payment' | 'finance', handlers: Record<string, MockHandler>) {
  const companyId = role === 'om1' ? 'C1001' : 'C1002';
  writeStore('companyData', COMPANIES[companyId]);
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(companyId) },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    [`GET ${ORDERS}/retrieveApmLoops`]: {
      body: {
        success: true,
        loops: [
          {
            paymentId: uuid(8200),
            orderId: uuid(5060),
            orderNumber: 1060,
            method: 'RF',
            rfCode: 'RF96000000001060',
            amountCents: 250_000,
            createdAt: '2026-03-05T08:00:00Z',
          },
        ],
      },
    },
    // Issue 37 §4: the finance desk's invoices section.
    [`GET ${ORDERS}/invoices`]: { body: { success: true, invoices: [], total: 0, page: 1, pageSize: 10 } },
    ...handlers,
  });
}

const BY_ME = orderSummary(1070, { status: 'awaiting_approval', submittedBy: 'user-payment' });
const BY_OM = orderSummary(1071, {
  status: 'awaiting_approval',
  submittedBy: 'user-om1',
  totalCents: 900_000,
});
const DUE = orderSummary(1072, { status: 'awaiting_payment' });

/** The desks' drafts: twelve Spendeo cards to load. */
const draft = (n: number, overrides: Partial<DraftSummary> = {}) =>
  draftSummary(n, {
    reason: 'load-card',
    orderType: 'LOAD',
    product: 'SPENDEO',
    family: 'spendeo',
    cards: 12,
    totalCents: 60_900,
    ...overrides,
  });

describe('the orders overview', () => {
  it('counts orders per status, shows the month and the balance, and the shortcuts the user may take', async () => {
    const overview: OrdersOverviewResponse = {
      success: true,
      counts: { awaiting_approval: 2, awaiting_payment: 1, loaded: 40 } as OrdersOverviewResponse['counts'],
      awaitingApproval: [BY_ME, BY_OM],
      awaitingPayment: [DUE],
      recent: [DUE],
      monthLoadedCents: 1_250_000,
      monthFeesCents: 12_345,
      companyBalanceCents: 4_500,
      approvalThresholdCents: 500_000,
    };
    deskApi('payment', { [`GET ${ORDERS}/retrieveOrdersOverview`]: { body: overview } });
    renderApp('/orders-overview');

    expect(await screen.findByRole('heading', { level: 1, name: 'Επισκόπηση παραγγελιών' })).toBeTruthy();
    const counts = await screen.findByRole('list', { name: 'Παραγγελίες ανά κατάσταση' });
    const loaded = within(counts).getByRole('link', { name: /Φορτώθηκε/ });
    expect(loaded.textContent).toBe('40Φορτώθηκε');
    expect(loaded.getAttribute('href')).toBe('/orders/order-history?status=loaded');
    expect(within(counts).getByRole('link', { name: /Απορρίφθηκε/ }).textContent).toBe('0Απορρίφθηκε');

    const figure = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Φορτίσεις του μήνα')).toBe('12.500,00\u00a0€');
    expect(figure('Αμοιβές του μήνα')).toBe('123,45\u00a0€');
    expect(figure('Υπόλοιπο εταιρείας (από ξεφορτώσεις)')).toBe('45,00\u00a0€');
    expect(figure('Όριο έγκρισης')).toBe('5.000,00\u00a0€');

    // No one approves their own order: the payment manager's own order has no approve shortcut.
    const approval = screen.getByRole('table', { name: 'Παραγγελίες σε αναμονή έγκρισης' });
    expect(within(approval).queryByRole('button', { name: 'Έγκριση παραγγελίας #1070' })).toBeNull();
    expect(within(approval).getByRole('button', { name: 'Έγκριση παραγγελίας #1071' })).toBeTruthy();
    expect(within(approval).getByRole('button', { name: 'Απόρριψη παραγγελίας #1071' })).toBeTruthy();
    const payment = screen.getByRole('table', { name: 'Παραγγελίες σε αναμονή πληρωμής' });
    expect(within(payment).getByRole('button', { name: 'Πληρωμή παραγγελίας #1072' })).toBeTruthy();

    const loops = await screen.findByRole('table', {
      name: 'Μεταφορές σε αναμονή επιβεβαίωσης από την τράπεζα',
    });
    const loop = within(loops).getAllByRole('row')[1]!;
    expect(within(loop).getByRole('link', { name: '#1060' })).toBeTruthy();
    expect(
      within(loop)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Τραπεζική μεταφορά με κωδικό RF',
      'RF96 0000 0000 1060',
      '2.500,00\u00a0€',
      '05/03/2026, 10:00',
    ]);
  });

  it('gives the order manager no approval shortcut', async () => {
    deskApi('om1', {
      [`GET ${ORDERS}/retrieveOrdersOverview`]: {
        body: {
          success: true,
          counts: {},
          awaitingApproval: [BY_OM],
          awaitingPayment: [],
          recent: [],
          monthLoadedCents: 0,
          monthFeesCents: 0,
          companyBalanceCents: 0,
          approvalThresholdCents: null,
        },
      },
    });
    renderApp('/orders-overview');
    const approval = await screen.findByRole('table', { name: 'Παραγγελίες σε αναμονή έγκρισης' });
    expect(within(approval).queryByRole('button')).toBeNull();
    expect(screen.getByText('Καμία παραγγελία δεν περιμένει πληρωμή.')).toBeTruthy();
    expect(screen.getByText('Όριο έγκρισης', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Δεν απαιτείται έγκριση',
    );
  });
});

describe('/paymentManager', () => {
  it('lists orders awaiting approval and payment, sets the threshold and submits drafts', async () => {
    let threshold: number | null = 500_000;
    const fetchMock = deskApi('payment', {
      [`GET ${ORDERS}/retrieveOrderHistory`]: ({ url }) => ({
        body: {
          success: true,
          orders: url.searchParams.get('status') === 'awaiting_approval' ? [BY_OM] : [DUE],
          total: 1,
          page: 1,
          pageSize: 100,
        },
      }),
      [`GET ${ORDERS}/approvalSettings`]: () => ({
        body: { success: true, settings: { thresholdCents: threshold } },
      }),
      [`POST ${ORDERS}/approvalSettings`]: ({ body }) => {
        threshold = (body as { thresholdCents: number | null }).thresholdCents;
        return { body: { success: true, settings: { thresholdCents: threshold } } };
      },
      [`GET ${ORDERS}/retrieveDraftOrders`]: {
        body: {
          success: true,
          draftOrders: [draft(1, { draftOrderAlias: 'Φορτίσεις Απριλίου' })],
          total: 1,
          isMaxReached: false,
        },
      },
      [`POST ${ORDERS}/submitOrderPaymentManager`]: {
        body: { success: true, order: orderSummary(1080), payment: null },
      },
    });
    const { user } = renderApp('/paymentManager');

    expect(await screen.findByRole('heading', { level: 1, name: 'Διαχείριση πληρωμών' })).toBeTruthy();
    const approval = await screen.findByRole('table', { name: 'Παραγγελίες σε αναμονή έγκρισης' });
    expect(within(approval).getByRole('button', { name: 'Έγκριση παραγγελίας #1071' })).toBeTruthy();
    const payment = await screen.findByRole('table', { name: 'Παραγγελίες σε αναμονή πληρωμής' });
    expect(within(payment).getByRole('button', { name: 'Πληρωμή παραγγελίας #1072' })).toBeTruthy();
    const statuses = requestsTo(fetchMock, `${ORDERS}/retrieveOrderHistory`).map((call) =>
      call.url.searchParams.get('status'),
    );
    expect(statuses.sort()).toEqual(['awaiting_approval', 'awaiting_payment']);

    // The threshold: 5.000,00 €, changed to 7.500,50 €, then turned off.
    const amount = await screen.findByRole('textbox', { name: /Όριο έγκρισης/ });
    expect((amount as HTMLInputElement).value).toBe('5.000,00');
    await user.clear(amount);
    await user.type(amount, 'πολλά');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(
      await screen.findByText(/Μη έγκυρο ποσό|ποσό/, { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(
      requestsTo(fetchMock, `${ORDERS}/approvalSettings`).filter((call) => call.method === 'POST'),
    ).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '7.500,50');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Οι παραγγελίες άνω των 7.500,50 € θα περιμένουν έγκριση.')).toBeTruthy();
    const approvalSwitch = screen.getByRole('switch', { name: /Έγκριση για παραγγελίες πάνω από ένα ποσό/ });
    expect((approvalSwitch as HTMLInputElement).checked).toBe(true);
    await user.click(approvalSwitch);
    expect(screen.queryByRole('textbox', { name: /Όριο έγκρισης/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Καμία παραγγελία δεν θα χρειάζεται έγκριση.')).toBeTruthy();
    const saves = requestsTo(fetchMock, `${ORDERS}/approvalSettings`).filter(
      (call) => call.method === 'POST',
    );
    expect(saves.map((call) => call.body)).toEqual([
      { thresholdCents: 750_050, secondThresholdCents: null, expiryDays: 14, stepUpMinCents: 0 },
      { thresholdCents: null, secondThresholdCents: null, expiryDays: 14, stepUpMinCents: 0 },
    ]);

    // A draft submitted from here becomes an order awaiting payment.
    const drafts = await screen.findByRole('table', { name: 'Πρόχειρες παραγγελίες προς υποβολή' });
    await user.click(within(drafts).getByRole('button', { name: 'Υποβολή: Φορτίσεις Απριλίου' }));
    const dialog = await screen.findByRole('dialog', { name: 'Υποβολή πρόχειρης παραγγελίας' });
    await user.click(within(dialog).getByRole('button', { name: 'Ναι, υποβολή' }));
    expect(
      await screen.findByText(
        'Η πρόχειρη παραγγελία «Φορτίσεις Απριλίου» υποβλήθηκε ως παραγγελία #1080 και περιμένει πληρωμή.',
      ),
    ).toBeTruthy();
    const [submit] = requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`);
    expect(submit?.body).toEqual({ draftId: uuid(1) });
    expect(submit?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
  });

  it('explains the approval setting as the switch and the amount stand, before and after saving', async () => {
    let threshold: number | null = 200_000;
    deskApi('payment', {
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [], total: 0, page: 1, pageSize: 100 },
      },
      [`GET ${ORDERS}/retrieveDraftOrders`]: {
        body: { success: true, draftOrders: [], total: 0, isMaxReached: false },
      },
      [`GET ${ORDERS}/approvalSettings`]: () => ({
        body: { success: true, settings: { thresholdCents: threshold } },
      }),
      [`POST ${ORDERS}/approvalSettings`]: ({ body }) => {
        threshold = (body as { thresholdCents: number | null }).thresholdCents;
        return { body: { success: true, settings: { thresholdCents: threshold } } };
      },
    });
    const { user } = renderApp('/paymentManager');
    const approvalSwitch = await screen.findByRole('switch', {
      name: /Έγκριση για παραγγελίες πάνω από ένα ποσό/,
    });
    /** What the switch says about itself (its description), as a screen reader reads it. */
    const explanation = () =>
      (approvalSwitch.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();

    // On with 2.000,00 €: what happens above and up to the amount, never "turned off".
    expect((approvalSwitch as HTMLInputElement).checked).toBe(true);
    expect(explanation()).toBe(
      'Μια παραγγελία διαχειριστή παραγγελιών άνω των 2.000,00 € περιμένει την έγκρισή σας πριν πληρωθεί· μια παραγγελία έως 2.000,00 € προχωρά κατευθείαν στην πληρωμή.',
    );

    // The text follows the amount as it is typed, and stays right after saving 100 €.
    const amount = screen.getByRole('textbox', { name: /Όριο έγκρισης/ });
    await user.clear(amount);
    expect(explanation()).toBe(
      'Συμπληρώστε το ποσό: οι παραγγελίες διαχειριστών παραγγελιών που το ξεπερνούν θα περιμένουν την έγκρισή σας.',
    );
    await user.type(amount, '100');
    expect(explanation()).toMatch(/^Μια παραγγελία διαχειριστή παραγγελιών άνω των 100,00 € περιμένει/);
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Οι παραγγελίες άνω των 100,00 € θα περιμένουν έγκριση.')).toBeTruthy();
    expect(threshold).toBe(10_000);
    expect(explanation()).toBe(
      'Μια παραγγελία διαχειριστή παραγγελιών άνω των 100,00 € περιμένει την έγκρισή σας πριν πληρωθεί· μια παραγγελία έως 100,00 € προχωρά κατευθείαν στην πληρωμή.',
    );

    // Off: every order goes straight to payment; what was saved before no longer shows, since the
    // form now says otherwise.
    await user.click(approvalSwitch);
    expect(explanation()).toBe(
      'Η έγκριση είναι απενεργοποιημένη: κάθε παραγγελία προχωρά κατευθείαν στην πληρωμή, όποιο κι αν είναι το ποσό της.',
    );
    expect(screen.queryByText('Οι παραγγελίες άνω των 100,00 € θα περιμένουν έγκριση.')).toBeNull();
  });
});

describe('the approval rule’s preview (ADR 032)', () => {
  function settingsApi(saved: {
    thresholdCents: number | null;
    secondThresholdCents: number | null;
    expiryDays: number;
    stepUpMinCents?: number;
  }) {
    const posts: unknown[] = [];
    deskApi('payment', {
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [], total: 0, page: 1, pageSize: 100 },
      },
      [`GET ${ORDERS}/retrieveDraftOrders`]: {
        body: { success: true, draftOrders: [], total: 0, isMaxReached: false },
      },
      [`GET ${ORDERS}/approvalSettings`]: () => ({ body: { success: true, settings: saved } }),
      [`POST ${ORDERS}/approvalSettings`]: ({ body }) => {
        posts.push(body);
        Object.assign(saved, body);
        return { body: { success: true, settings: saved } };
      },
    });
    return posts;
  }

  it('says in Greek what happens to an order of the amount typed, as the switch and thresholds stand', async () => {
    const posts = settingsApi({ thresholdCents: 100_000, secondThresholdCents: 500_000, expiryDays: 14 });
    const { user } = renderApp('/paymentManager');
    const amount = await screen.findByRole('textbox', { name: /Δοκιμάστε ένα ποσό/ });
    const preview = () => screen.getByTestId('approval-preview').textContent?.replace(/\s/g, ' ');
    expect(preview()).toBe('Γράψτε ένα ποσό για να δείτε τι θα γίνει με την παραγγελία.');
    await user.type(amount, '800');
    expect(preview()).toBe(
      'Μια παραγγελία 800,00 € από διαχειριστή παραγγελιών πηγαίνει κατευθείαν στην πληρωμή.',
    );
    await user.clear(amount);
    await user.type(amount, '2.000');
    expect(preview()).toMatch(
      /^Μια παραγγελία 2\.000,00 € .* περιμένει έναν εγκρίνοντα .* λήγει μετά από 14 ημέρες/,
    );
    await user.clear(amount);
    await user.type(amount, '6.000');
    expect(preview()).toMatch(/περιμένει δύο διαφορετικούς εγκρίνοντες .* 14 ημέρες/);

    // The preview follows the form, before saving: fewer days, then the switch off.
    const days = screen.getByRole('textbox', { name: /Λήξη αναμονής έγκρισης/ });
    await user.clear(days);
    await user.type(days, '1');
    expect(preview()).toMatch(/λήγει μετά από 1 ημέρα αν/);
    await user.click(screen.getByRole('switch', { name: /Έγκριση για παραγγελίες πάνω από ένα ποσό/ }));
    expect(preview()).toBe(
      'Μια παραγγελία 6.000,00 € από διαχειριστή παραγγελιών πηγαίνει κατευθείαν στην πληρωμή.',
    );
    await user.click(screen.getByRole('switch', { name: /Έγκριση για παραγγελίες πάνω από ένα ποσό/ }));

    // A second threshold below the first is refused on its field, and nothing is sent.
    const second = screen.getByRole('textbox', { name: /Δεύτερο όριο/ });
    await user.clear(second);
    await user.type(second, '500');
    expect(preview()).toBe(
      'Διορθώστε τα ποσά και τις ημέρες παραπάνω για να δείτε τι θα γίνει με μια παραγγελία.',
    );
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(
      await screen.findByText('Το δεύτερο όριο πρέπει να είναι τουλάχιστον ίσο με το όριο έγκρισης.'),
    ).toBeTruthy();
    expect(posts).toHaveLength(0);
    await user.clear(second);
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Οι παραγγελίες άνω των 1.000,00 € θα περιμένουν έγκριση.')).toBeTruthy();
    expect(posts).toEqual([
      { thresholdCents: 100_000, secondThresholdCents: null, expiryDays: 1, stepUpMinCents: 0 },
    ]);
  });

  it('says it in English under /en', async () => {
    settingsApi({ thresholdCents: 100_000, secondThresholdCents: 500_000, expiryDays: 30 });
    const { user } = renderApp('/en/paymentManager');
    const amount = await screen.findByRole('textbox', { name: /Try an amount/ });
    await user.type(amount, '6000');
    expect(screen.getByTestId('approval-preview').textContent?.replace(/\s/g, ' ')).toBe(
      'An order of 6.000,00 € submitted by an order manager waits for two different approvers (neither of them the person who submitted it) and expires after 30 days if nobody decides.',
    );
  });
});

describe('step-up for money (issue 33 §9, ADR 040)', () => {
  it('saves the amount from which money moves ask for a fresh code, refusing one it cannot read', async () => {
    let saved = { thresholdCents: 100_000, secondThresholdCents: null, expiryDays: 14, stepUpMinCents: 0 };
    const posts: unknown[] = [];
    deskApi('payment', {
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [], total: 0, page: 1, pageSize: 100 },
      },
      [`GET ${ORDERS}/retrieveDraftOrders`]: {
        body: { success: true, draftOrders: [], total: 0, isMaxReached: false },
      },
      [`GET ${ORDERS}/approvalSettings`]: () => ({ body: { success: true, settings: saved } }),
      [`POST ${ORDERS}/approvalSettings`]: ({ body }) => {
        posts.push(body);
        saved = { ...saved, ...(body as typeof saved) };
        return { body: { success: true, settings: saved } };
      },
    });
    const { user } = renderApp('/paymentManager');
    const field = await screen.findByRole('textbox', { name: /Νέος κωδικός επαλήθευσης από ποσό/ });
    expect((field as HTMLInputElement).value).toBe('0,00');
    expect(screen.getByText(/Με 0,00 ζητείται σε κάθε κίνηση/)).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'πολλά');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Γράψτε ένα ποσό σε ευρώ, από 0,00 και πάνω.')).toBeTruthy();
    expect(posts).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '1.500,00');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      thresholdCents: 100_000,
      secondThresholdCents: null,
      expiryDays: 14,
      stepUpMinCents: 150_000,
    });
    expect(
      (
        (await screen.findByRole('textbox', {
          name: /Νέος κωδικός επαλήθευσης από ποσό/,
        })) as HTMLInputElement
      ).value,
    ).toBe('1.500,00');
  });

  it('says it in English under /en', async () => {
    deskApi('payment', {
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [], total: 0, page: 1, pageSize: 100 },
      },
      [`GET ${ORDERS}/retrieveDraftOrders`]: {
        body: { success: true, draftOrders: [], total: 0, isMaxReached: false },
      },
      [`GET ${ORDERS}/approvalSettings`]: {
        body: {
          success: true,
          settings: {
            thresholdCents: null,
            secondThresholdCents: null,
            expiryDays: 14,
            stepUpMinCents: 25_000,
          },
        },
      },
    });
    renderApp('/en/paymentManager');
    const field = await screen.findByRole('textbox', { name: /Fresh authenticator code from/ });
    expect((field as HTMLInputElement).value).toBe('250,00');
    expect(screen.getByText(/With 0,00 every one asks/)).toBeTruthy();
  });

  /** A payment manager's desk with one draft whose submission the server first refuses with code 33. */
  function stepUpDesk(stepUpMinutes: number | null) {
    let submissions = 0;
    const fetchMock = deskApi('payment', {
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [], total: 0, page: 1, pageSize: 100 },
      },
      [`GET ${ORDERS}/approvalSettings`]: {
        body: {
          success: true,
          settings: { thresholdCents: null, secondThresholdCents: null, expiryDays: 14, stepUpMinCents: 0 },
        },
      },
      [`GET ${ORDERS}/retrieveDraftOrders`]: {
        body: {
          success: true,
          draftOrders: [draft(1, { draftOrderAlias: 'Φορτίσεις Μαΐου' })],
          total: 1,
          isMaxReached: false,
        },
      },
      [`POST ${ORDERS}/submitOrderPaymentManager`]: () => {
        submissions += 1;
        return submissions === 1
          ? {
              status: 403,
              body: {
                success: false,
                errorCode: 33,
                errorLevel: 'error',
                errorMessage: 'Χρειάζεται ο κωδικός της εφαρμογής επαλήθευσης.',
              },
            }
          : { body: { success: true, order: orderSummary(1090), payment: null } };
      },
      // The window, or (null) a server that cannot say it now.
      'GET /api/v2/identity/second-factor':
        stepUpMinutes === null
          ? { status: 500, body: { success: false, errorCode: 500, errorLevel: 'error', errorMessage: 'x' } }
          : {
              body: {
                success: true,
                isEnrolled: true,
                isRequired: false,
                enrolledAt: '2026-03-01T08:00:00Z',
                recoveryCodesLeft: 10,
                devices: [],
                stepUpMinutes,
              },
            },
      'POST /api/v2/identity/step-up': { body: { success: true } },
    });
    return fetchMock;
  }

  it('asks for the code when a submission below any threshold needs one, then sends it again', async () => {
    const fetchMock = stepUpDesk(10);
    const { user } = renderApp('/paymentManager');
    const drafts = await screen.findByRole('table', { name: 'Πρόχειρες παραγγελίες προς υποβολή' });
    await user.click(within(drafts).getByRole('button', { name: 'Υποβολή: Φορτίσεις Μαΐου' }));
    const confirm = await screen.findByRole('dialog', { name: 'Υποβολή πρόχειρης παραγγελίας' });
    await user.click(within(confirm).getByRole('button', { name: 'Ναι, υποβολή' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Επιβεβαίωση με τον κωδικό σας' });
    expect(await within(stepUp).findByText(/Για 10 λεπτά μετά δεν θα σας ζητηθεί ξανά/)).toBeTruthy();
    await user.type(within(stepUp).getByLabelText(/Κωδικός επαλήθευσης/), '123456');
    await user.click(within(stepUp).getByRole('button', { name: 'Επιβεβαίωση' }));
    expect(
      await screen.findByText(
        'Η πρόχειρη παραγγελία «Φορτίσεις Μαΐου» υποβλήθηκε ως παραγγελία #1090 και περιμένει πληρωμή.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v2/identity/step-up')[0]?.body).toEqual({ code: '123456' });
    const submits = requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`);
    expect(submits).toHaveLength(2);
    expect(submits[1]?.body).toEqual(submits[0]?.body);
  });

  it('asks in English too, without a window it cannot tell, and Cancel leaves the draft unsubmitted', async () => {
    const fetchMock = stepUpDesk(null);
    const { user } = renderApp('/en/paymentManager');
    const drafts = await screen.findByRole('table', { name: 'Drafts to submit' });
    await user.click(within(drafts).getByRole('button', { name: 'Submit Φορτίσεις Μαΐου' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit the draft' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, submit' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm with your code' });
    await waitFor(() =>
      expect(
        within(stepUp).getByText('This action needs the current code of your authenticator app.'),
      ).toBeTruthy(),
    );
    expect(within(stepUp).queryByText(/minutes/)).toBeNull();
    // The security status failing quietly raises no error of its own.
    expect(screen.queryByRole('dialog', { name: /problem|error/i })).toBeNull();
    await user.click(within(stepUp).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm with your code' })).toBeNull());
    expect(requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`)).toHaveLength(1);
  });
});

describe('/finance', () => {
  it('says there are no drafts when the server answers code 40, and lists transfers waiting for the bank', async () => {
    deskApi('finance', {
      [`GET ${ORDERS}/retrieveDraftOrdersFinanceUser`]: {
        status: 404,
        body: { success: false, errorCode: 40, errorLevel: 'info', errorMessage: 'No draft orders' },
      },
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [DUE], total: 1, page: 1, pageSize: 100 },
      },
    });
    renderApp('/finance');
    expect(await screen.findByRole('heading', { level: 1, name: 'Οικονομικά' })).toBeTruthy();
    expect(await screen.findByText('Δεν υπάρχουν πρόχειρες παραγγελίες προς υποβολή.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const payment = await screen.findByRole('table', { name: 'Παραγγελίες σε αναμονή πληρωμής' });
    expect(within(payment).getByRole('button', { name: 'Πληρωμή παραγγελίας #1072' })).toBeTruthy();
    expect(within(payment).queryByRole('button', { name: /Έγκριση/ })).toBeNull();
    expect(
      await screen.findByRole('table', { name: 'Μεταφορές σε αναμονή επιβεβαίωσης από την τράπεζα' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Όλες οι παραγγελίες' }).getAttribute('href')).toBe(
      '/orders/order-history',
    );
  });

  it('submits a draft through the finance user’s call', async () => {
    const fetchMock = deskApi('finance', {
      [`GET ${ORDERS}/retrieveDraftOrdersFinanceUser`]: {
        body: { success: true, draftOrders: [draft(2)], total: 1, isMaxReached: false },
      },
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [], total: 0, page: 1, pageSize: 100 },
      },
      [`POST ${ORDERS}/submitOrderFinanceUser`]: {
        body: { success: true, order: orderSummary(1081), payment: null },
      },
    });
    const { user } = renderApp('/finance');
    const drafts = await screen.findByRole('table', { name: 'Πρόχειρες παραγγελίες προς υποβολή' });
    expect(within(drafts).getByRole('rowheader').textContent).toBe('Φόρτιση · Spendeo');
    await user.click(within(drafts).getByRole('button', { name: /^Υποβολή: Φόρτιση · Spendeo/ }));
    await user.click(await screen.findByRole('button', { name: 'Ναι, υποβολή' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${ORDERS}/submitOrderFinanceUser`)[0]?.body).toEqual({
        draftId: uuid(2),
      }),
    );
    expect(requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`)).toHaveLength(0);
  });

  it('on a phone shows drafts and transfers as cards, with the total and the submit button in view', async () => {
    onNarrowScreen();
    deskApi('finance', {
      [`GET ${ORDERS}/retrieveDraftOrdersFinanceUser`]: {
        body: { success: true, draftOrders: [draft(2)], total: 1, isMaxReached: false },
      },
      [`GET ${ORDERS}/retrieveOrderHistory`]: {
        body: { success: true, orders: [DUE], total: 1, page: 1, pageSize: 100 },
      },
    });
    renderApp('/finance');

    const drafts = await screen.findByRole('list', { name: 'Πρόχειρες παραγγελίες προς υποβολή' });
    const [item] = within(drafts).getAllByRole('listitem');
    expect(within(item!).getByText('Φόρτιση · Spendeo')).toBeTruthy();
    expect(recordFields(item!)).toMatchObject({ Σύνολο: '609,00\u00a0€', Κάρτες: '12' });
    expect(within(item!).getByRole('button', { name: /^Υποβολή: Φόρτιση · Spendeo/ })).toBeTruthy();

    const payment = await screen.findByRole('list', { name: 'Παραγγελίες σε αναμονή πληρωμής' });
    expect(within(payment).getByRole('button', { name: 'Πληρωμή παραγγελίας #1072' })).toBeTruthy();

    const loops = await screen.findByRole('list', {
      name: 'Μεταφορές σε αναμονή επιβεβαίωσης από την τράπεζα',
    });
    const [loop] = within(loops).getAllByRole('listitem');
    expect(within(loop!).getByRole('link', { name: '#1060' })).toBeTruthy();
    expect(recordFields(loop!)).toMatchObject({
      Ποσό: '2.500,00\u00a0€',
      'Κωδικός RF': 'RF96 0000 0000 1060',
    });
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('is closed to order managers', async () => {
    deskApi('om1', {});
    renderApp('/finance');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Δεν έχετε πρόσβαση σε αυτή τη σελίδα' }),
    ).toBeTruthy();
  });
});
