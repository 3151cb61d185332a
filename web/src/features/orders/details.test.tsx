import type { OrderCardsResponse, OrderDetails } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import {
  DELIVERY_POINT,
  methodsFor,
  orderDetails,
  orderSummary,
  payment,
  uuid,
  UUID_PATTERN,
} from '../../test/orders';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDERS = '/api/v1/orders';

function detailsApi(
  role: 'om1' | 'payment',
  order: OrderDetails | (() => OrderDetails),
  handlers: Record<string, MockHandler> = {},
) {
  const companyId = role === 'payment' ? 'C1002' : 'C1001';
  writeStore('companyData', COMPANIES[companyId]);
  const cards: OrderCardsResponse = {
    success: true,
    total: 2,
    cards: [
      {
        position: 1,
        tempCardId: 't-1',
        cardholder: { firstName: 'Νίκος', lastName: 'Αλεξίου', email: 'nikos@akmi.gr', employeeCode: 'E-7' },
        card: {
          cardId: uuid(3001),
          maskedNumber: '5347 11•• •••• 0042',
          cardName: 'Κάρτα',
          status: 'active',
          balanceCents: 10_000,
        },
        replacedCard: {
          cardId: uuid(3002),
          maskedNumber: '5347 11•• •••• 0007',
          cardName: 'Κάρτα',
          status: 'replaced',
          balanceCents: 0,
        },
        amountCents: 10_000,
        cardFeeCents: 400,
        replacementFeeCents: 300,
        serviceFeeCents: 100,
      },
      {
        position: 2,
        tempCardId: 't-2',
        cardholder: { firstName: 'Άρης', lastName: 'Βλάχος', email: '', employeeCode: '' },
        card: null,
        replacedCard: null,
        amountCents: 0,
        cardFeeCents: 400,
        replacementFeeCents: 0,
        serviceFeeCents: 0,
      },
    ],
  };
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(companyId) },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    [`GET ${ORDERS}/retrieveOrderDetails`]: () => ({
      body: { success: true, order: typeof order === 'function' ? order() : order },
    }),
    [`GET ${ORDERS}/retrieveOrderCards`]: { body: cards },
    // Issue 37 §4: the order's invoices section.
    [`GET ${ORDERS}/invoices/ofOrder`]: { body: { success: true, invoices: [] } },
    ...handlers,
  });
}

const SHIPPED = orderDetails(1042, {
  status: 'shipped',
  orderType: 'DAMAGED',
  draftOrderAlias: 'Αντικαταστάσεις Μαρτίου',
  trackingNumber: 'ACS-99812',
  deliveryPoint: DELIVERY_POINT,

  price: {
    loadCents: 10_000,
    cardFeesCents: 800,
    replacementFeesCents: 300,
    serviceFeesCents: 100,
    deliveryFeeCents: 600,
    feesNetCents: 1_800,
    vatCents: 432,
    totalCents: 12_232,
  },
  paidCents: 12_232,
  payments: [
    payment(1, {
      method: 'VISA',
      status: 'failed',
      amountCents: 12_232,
      failureReason: 'declined',
      createdAt: '2026-03-05T08:00:00Z',
    }),
    payment(2, {
      method: 'RF',
      status: 'succeeded',
      amountCents: 12_232,
      createdAt: '2026-03-05T09:00:00Z',
      completedAt: '2026-03-06T07:30:00Z',
    }),
  ],
  timeline: [
    { step: 'draft', at: '2026-03-04T20:00:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
    { step: 'awaiting_payment', at: '2026-03-04T21:15:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
    { step: 'paid', at: '2026-03-06T07:30:00Z', byName: 'Τράπεζα', notes: [] },
    { step: 'in_production', at: '2026-03-06T07:30:00Z', byName: '', notes: [] },
    {
      step: 'shipped',
      at: '2026-03-09T12:00:00Z',
      byName: 'Μαρία Παπαδοπούλου',
      notes: [{ code: 'trackingNumber', trackingNumber: 'ACS-99812' }],
    },
    { step: 'delivered', at: null, byName: '', notes: [] },
    { step: 'loaded', at: null, byName: '', notes: [] },
  ],
  actions: { approve: false, pay: false, cancel: false, reorder: true, activate: false },
});

/** An approval decided by the approver, for the orders that went through one. */
const DECIDED = {
  required: true,
  thresholdCents: 100_000,
  approvalsRequired: 1,
  approvals: [] as { byName: string; at: string; comment: string }[],
  expiresAt: null,
  decidedByName: 'Δημήτρης Ιωάννου',
  decidedAt: '2026-03-05T10:00:00Z',
} as const;

/** The first steps of an order that waited for approval: drafted, then sent for approval. */
const UP_FOR_APPROVAL: OrderDetails['timeline'] = [
  { step: 'draft', at: '2026-03-04T20:00:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
  { step: 'awaiting_approval', at: '2026-03-04T21:15:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
];

describe('the order details page', () => {
  it('shows the timeline in Athens time with who and notes, the price, delivery, payments and cards', async () => {
    detailsApi('om1', SHIPPED);
    renderApp(`/order-details-page?orderId=${SHIPPED.orderId}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Παραγγελία #1042' })).toBeTruthy();
    expect(document.title).toBe('Παραγγελία #1042 · Tessera');
    expect(screen.getByText('Αντικαταστάσεις Μαρτίου')).toBeTruthy();
    expect(screen.getByText('Κατάσταση:').nextElementSibling?.textContent).toBe('Απεστάλη');

    const timeline = screen.getByRole('list', { name: 'Πορεία παραγγελίας' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Πρόχειρο04/03/2026, 22:00Από: Ελένη Κωνσταντίνου',
      'Αναμονή πληρωμής04/03/2026, 23:15Από: Ελένη Κωνσταντίνου',
      'Πληρώθηκε06/03/2026, 09:30Από: Τράπεζα',
      'Σε παραγωγή06/03/2026, 09:30',
      'Απεστάλη09/03/2026, 14:00Από: Μαρία ΠαπαδοπούλουΑριθμός αποστολής: ACS-99812',
      'ΠαραδόθηκεΕκκρεμεί',
      'ΦορτώθηκεΕκκρεμεί',
    ]);
    expect(steps[4]!.getAttribute('aria-current')).toBe('step');

    const price = screen.getByRole('region', { name: 'Ανάλυση κόστους' });
    const row = (label: string) => within(price).getByText(label).nextElementSibling?.textContent;
    expect(row('Συνολικό ποσό φόρτισης')).toBe('100,00\u00a0€');
    expect(row('Αμοιβές έκδοσης καρτών')).toBe('8,00\u00a0€');
    expect(row('Αμοιβές αντικατάστασης')).toBe('3,00\u00a0€');
    expect(row('Αμοιβή υπηρεσίας')).toBe('1,00\u00a0€');
    expect(row('Κόστος αποστολής')).toBe('6,00\u00a0€');
    expect(row('Αμοιβές προ ΦΠΑ')).toBe('18,00\u00a0€');
    expect(row('ΦΠΑ 24% επί των αμοιβών')).toBe('4,32\u00a0€');
    expect(row('Σύνολο πληρωμής')).toBe('122,32\u00a0€');
    expect(row('Πληρωμένο ποσό')).toBe('122,32\u00a0€');

    const delivery = screen.getByRole('region', { name: 'Σημείο παράδοσης' });
    expect(within(delivery).getByText('Λεωφόρος Κηφισίας 44, 15125 Μαρούσι')).toBeTruthy();
    expect(screen.getByText('Αριθμός αποστολής', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'ACS-99812',
    );
    expect(screen.getByText('Κωδικός RF', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'RF97 0000 0000 1042',
    );

    const payments = screen.getByRole('table', { name: 'Πληρωμές' });
    const paymentRows = within(payments).getAllByRole('row').slice(1);
    expect(
      paymentRows.map((item) =>
        within(item)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Τραπεζική μεταφορά με κωδικό RF', 'Ολοκληρώθηκε', '122,32\u00a0€', '06/03/2026, 09:30', '—'],
      [
        'Κάρτα (VISA) μέσω τράπεζας',
        'Απέτυχε',
        '122,32\u00a0€',
        '05/03/2026, 10:00',
        'Η τράπεζα απέρριψε την πληρωμή.',
      ],
    ]);

    const cards = await screen.findByRole('table', { name: 'Κάρτες της παραγγελίας (3)' });
    const cardRows = within(cards).getAllByRole('row').slice(1);
    expect(within(cardRows[0]!).getByText('Νίκος Αλεξίου')).toBeTruthy();
    expect(within(cardRows[0]!).getByText('5347 11•• •••• 0042')).toBeTruthy();
    expect(within(cardRows[0]!).getByText('Αντικαθιστά την 5347 11•• •••• 0007')).toBeTruthy();
    expect(
      within(cardRows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['100,00\u00a0€', '8,00\u00a0€']);
    expect(within(cardRows[1]!).getByText('Εκδίδεται μετά την πληρωμή')).toBeTruthy();
  });

  it('on a phone shows payments and cards as cards, their amounts in view', async () => {
    onNarrowScreen();
    detailsApi('om1', SHIPPED);
    renderApp(`/order-details-page?orderId=${SHIPPED.orderId}`);

    const cards = await screen.findByRole('list', { name: 'Κάρτες της παραγγελίας (3)' });
    expect(screen.queryByRole('table', { name: 'Κάρτες της παραγγελίας (3)' })).toBeNull();
    const [first, second] = within(cards).getAllByRole('listitem');
    expect(within(first!).getByText('Νίκος Αλεξίου')).toBeTruthy();
    expect(recordFields(first!)).toEqual({
      'Ποσό φόρτισης': '100,00\u00a0€',
      Αμοιβές: '8,00\u00a0€',
      Κάρτα: '5347 11•• •••• 0042Αντικαθιστά την 5347 11•• •••• 0007',
    });
    expect(recordFields(second!).Κάρτα).toBe('Εκδίδεται μετά την πληρωμή');

    const payments = screen.getByRole('list', { name: 'Πληρωμές' });
    expect(screen.queryByRole('table', { name: 'Πληρωμές' })).toBeNull();
    const [done, failed] = within(payments).getAllByRole('listitem');
    expect(within(done!).getByText('Ολοκληρώθηκε')).toBeTruthy();
    expect(recordFields(done!)).toEqual({ Ποσό: '122,32\u00a0€', Ημερομηνία: '06/03/2026, 09:30' });
    // The failure is a code said in the reader's language (ADR 013).
    expect(within(failed!).getByText('Απέτυχε')).toBeTruthy();
    expect(recordFields(failed!)).toMatchObject({
      Ποσό: '122,32\u00a0€',
      'Αιτία αποτυχίας': 'Η τράπεζα απέρριψε την πληρωμή.',
    });
  });

  it('offers only the actions the server allows: approve and reject, not pay or reorder', async () => {
    const waiting = orderDetails(1050, {
      status: 'awaiting_approval',
      submittedBy: 'user-om1',
      actions: { approve: true, pay: false, cancel: true, reorder: false, activate: false },
    });
    let current = waiting;
    const fetchMock = detailsApi('payment', () => current, {
      [`POST ${ORDERS}/submitOrderPaymentManager`]: () => {
        current = {
          ...waiting,
          status: 'awaiting_payment',
          actions: { ...waiting.actions, approve: false, pay: true },
        };
        return {
          body: { success: true, order: orderSummary(1050, { status: 'awaiting_payment' }), payment: null },
        };
      },
    });
    const { user } = renderApp(`/order-details-page?orderId=${waiting.orderId}`);

    const actions = await screen.findByRole('group', { name: 'Ενέργειες παραγγελίας' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Έγκριση', 'Απόρριψη', 'Ακύρωση παραγγελίας']);
    expect(
      screen.getByText('Η παραγγελία περιμένει την έγκριση του υπεύθυνου πληρωμών της εταιρείας.'),
    ).toBeTruthy();

    await user.click(within(actions).getByRole('button', { name: 'Έγκριση παραγγελίας #1050' }));
    const dialog = await screen.findByRole('dialog', { name: 'Έγκριση παραγγελίας #1050' });
    expect(
      within(dialog).getByText(
        'Να εγκριθεί η παραγγελία #1050 ύψους 1.234,56 €; Μετά την έγκριση η παραγγελία περιμένει πληρωμή.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ναι, έγκριση' }));

    expect(await screen.findByText('Η παραγγελία #1050 εγκρίθηκε και περιμένει πληρωμή.')).toBeTruthy();
    const [approve] = requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`);
    expect(approve?.body).toEqual({ orderId: waiting.orderId, comment: '' });
    expect(approve?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
    // The page reads the order again: now it may be paid.
    const after = await screen.findByRole('group', { name: 'Ενέργειες παραγγελίας' });
    await waitFor(() =>
      expect(
        within(after)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Πληρωμή', 'Ακύρωση παραγγελίας']),
    );
  });

  it('rejects only with a reason', async () => {
    const waiting = orderDetails(1051, {
      status: 'awaiting_approval',
      actions: { approve: true, pay: false, cancel: false, reorder: false, activate: false },
    });
    const fetchMock = detailsApi('payment', waiting, {
      [`POST ${ORDERS}/rejectOrder`]: {
        body: { success: true, order: orderSummary(1051, { status: 'rejected' }) },
      },
    });
    const { user } = renderApp(`/order-details-page?orderId=${waiting.orderId}`);
    await user.click(await screen.findByRole('button', { name: 'Απόρριψη παραγγελίας #1051' }));
    const dialog = await screen.findByRole('dialog', { name: 'Απόρριψη παραγγελίας #1051' });
    await user.click(within(dialog).getByRole('button', { name: 'Απόρριψη παραγγελίας' }));
    expect(await within(dialog).findByText('Συμπληρώστε την αιτιολογία.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/rejectOrder`)).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: /Αιτιολογία απόρριψης/ }),
      'Εκτός προϋπολογισμού',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Απόρριψη παραγγελίας' }));
    expect(await screen.findByText('Η παραγγελία #1051 απορρίφθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/rejectOrder`)[0]?.body).toEqual({
      orderId: waiting.orderId,
      reason: 'Εκτός προϋπολογισμού',
    });
  });

  it('pays from the order page with the same method chooser, and cancels after asking', async () => {
    const due = orderDetails(1052, {
      status: 'awaiting_payment',
      actions: { approve: false, pay: true, cancel: true, reorder: false, activate: false },
    });
    const fetchMock = detailsApi('om1', due, {
      [`GET ${ORDERS}/retrievePaymentMethods`]: { body: methodsFor(due.totalCents) },
      [`POST ${ORDERS}/createPaymentOrder`]: {
        body: {
          success: true,
          payment: {
            paymentId: uuid(8100),
            orderId: due.orderId,
            method: 'RF',
            amountCents: due.totalCents,
            rfCode: due.rfCode,
            redirectUrl: null,
            iris: null,
            bank: {
              beneficiary: 'Tessera Α.Ε.',
              iban: 'GR16 0110',
              bic: 'ETHNGRAA',
              bankName: 'Εθνική Τράπεζα',
            },
          },
        },
      },
      [`POST ${ORDERS}/cancelOrder`]: {
        body: { success: true, order: orderSummary(1052, { status: 'cancelled' }) },
      },
    });
    const { user } = renderApp(`/order-details-page?orderId=${due.orderId}`);

    await user.click(await screen.findByRole('button', { name: 'Πληρωμή παραγγελίας #1052' }));
    const pay = await screen.findByRole('dialog', { name: /^Πληρωμή παραγγελίας #1052 · 1.234,56\s€$/ });
    await user.click(await within(pay).findByRole('radio', { name: 'Τραπεζική μεταφορά με κωδικό RF' }));
    await user.click(within(pay).getByRole('button', { name: 'Συνέχεια στην πληρωμή' }));
    expect(await within(pay).findByRole('heading', { name: 'Πληρωμή με τραπεζική μεταφορά' })).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/createPaymentOrder`)[0]?.body).toEqual({
      orderId: due.orderId,
      method: 'RF',
    });
    await user.click(within(pay).getByRole('button', { name: 'Κλείσιμο' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ακύρωση παραγγελίας #1052' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ακύρωση παραγγελίας #1052' });
    await user.click(within(confirm).getByRole('button', { name: 'Ναι, ακύρωση' }));
    expect(await screen.findByText('Η παραγγελία #1052 ακυρώθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/cancelOrder`)[0]?.body).toEqual({ orderId: due.orderId });
  });

  it('orders again into a new draft opened in the card-issue flow', async () => {
    const draftId = uuid(990);
    const fetchMock = detailsApi('om1', SHIPPED, {
      [`POST ${ORDERS}/reorder`]: { body: { success: true, draftId } },
      [`GET ${ORDERS}/retrieveDraftOrder`]: {
        status: 404,
        body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
      },
    });
    const { user, router } = renderApp(`/order-details-page?orderId=${SHIPPED.orderId}`);
    await user.click(await screen.findByRole('button', { name: 'Νέα παραγγελία με τις ίδιες κάρτες' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/card-issue/info/${draftId}`));
    const [call] = requestsTo(fetchMock, `${ORDERS}/reorder`);
    expect(call?.body).toEqual({ orderId: SHIPPED.orderId });
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
  });

  it('links the proforma and the analysis with the company and language, and emails the proforma', async () => {
    const fetchMock = detailsApi('om1', SHIPPED, {
      [`POST ${ORDERS}/sendProformaDocument`]: { body: { success: true, sentTo: 'om1@tessera.demo' } },
    });
    const { user } = renderApp(`/order-details-page?orderId=${SHIPPED.orderId}`);
    const documents = await screen.findByRole('region', { name: 'Παραστατικά' });
    const proforma = within(documents).getByRole('link', { name: /Λήψη προτιμολογίου \(PDF\)/ });
    const proformaUrl = new URL(proforma.getAttribute('href')!, 'http://localhost');
    expect(proformaUrl.pathname).toBe(`${ORDERS}/proformaDocument`);
    expect(Object.fromEntries(proformaUrl.searchParams)).toEqual({
      orderId: SHIPPED.orderId,
      companyId: 'C1001',
      lang: 'el',
    });
    expect(proforma.getAttribute('target')).toBe('_blank');
    const analysis = within(documents).getByRole('link', { name: 'Ανάλυση παραγγελίας (Excel)' });
    expect(new URL(analysis.getAttribute('href')!, 'http://localhost').pathname).toBe(
      `${ORDERS}/downloadOrderAnalysisExcel`,
    );

    await user.click(within(documents).getByRole('button', { name: 'Αποστολή προτιμολογίου με email' }));
    expect(await within(documents).findByText('Το προτιμολόγιο στάλθηκε στο om1@tessera.demo.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/sendProformaDocument`)[0]?.body).toEqual({
      orderId: SHIPPED.orderId,
    });
  });

  it.each([
    [
      'a load of plastic cards',
      { orderType: 'LOAD', family: 'plastic' },
      'Nothing is shipped: this order loads cards the cardholders already have.',
    ],
    [
      'new virtual cards',
      { orderType: 'NEW', family: 'virtual' },
      'Nothing is shipped: virtual cards are ready to use as soon as the order is paid.',
    ],
    [
      'plastic cards whose order recorded no delivery point',
      { orderType: 'NEW', family: 'plastic' },
      'The cards are sent by courier, but no delivery point was recorded with this order. Please contact customer care.',
    ],
  ] as const)('says what %s ships, by the rule that charges delivery', async (_, kind, text) => {
    const order = orderDetails(1060, { ...kind, deliveryPoint: null });
    detailsApi('om1', order);
    renderApp(`/en/order-details-page?orderId=${order.orderId}`);
    const delivery = await screen.findByRole('region', { name: 'Delivery point' });
    expect(delivery.textContent).toBe(`Delivery point${text}`);
  });

  it('shows a rejected order with its reason, in English, its timeline ending at the rejection', async () => {
    const rejected = orderDetails(1053, {
      status: 'rejected',
      approval: { ...DECIDED, rejectedReason: 'Over budget' },
      timeline: [
        ...UP_FOR_APPROVAL,
        {
          step: 'rejected',
          at: '2026-03-05T10:00:00Z',
          byName: 'Δημήτρης Ιωάννου',
          notes: [{ code: 'rejectionReason', reason: 'Over budget' }],
        },
      ],
    });
    detailsApi('om1', rejected);
    renderApp(`/en/order-details-page?orderId=${rejected.orderId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1053' })).toBeTruthy();
    expect(screen.getByText('The order was rejected')).toBeTruthy();
    expect(screen.getByText('Reason: Over budget (Δημήτρης Ιωάννου)')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Order actions' })).toBeNull();
    const timeline = screen.getByRole('list', { name: 'Order progress' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Draft04/03/2026, 22:00By Ελένη Κωνσταντίνου',
      'Awaiting approval04/03/2026, 23:15By Ελένη Κωνσταντίνου',
      'Rejected05/03/2026, 12:00By Δημήτρης ΙωάννουReason: Over budget',
    ]);
    expect(steps[2]!.getAttribute('aria-current')).toBe('step');
  });

  it('ends a cancelled order’s timeline at the cancellation and says in Greek why its payment stopped', async () => {
    const cancelled = orderDetails(1054, {
      status: 'cancelled',
      orderType: 'NEW',
      family: 'virtual',
      payments: [
        payment(1, {
          method: 'VISA',
          status: 'cancelled',
          failureReason: 'orderCancelled',
          createdAt: '2026-03-04T21:15:00Z',
          completedAt: '2026-03-04T21:40:00Z',
        }),
      ],
      timeline: [
        { step: 'draft', at: '2026-03-04T20:00:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
        { step: 'awaiting_payment', at: '2026-03-04T21:15:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
        { step: 'cancelled', at: '2026-03-04T21:40:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
      ],
    });
    detailsApi('om1', cancelled);
    renderApp(`/order-details-page?orderId=${cancelled.orderId}`);
    const timeline = await screen.findByRole('list', { name: 'Πορεία παραγγελίας' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      'Πρόχειρο04/03/2026, 22:00Από: Ελένη Κωνσταντίνου',
      'Αναμονή πληρωμής04/03/2026, 23:15Από: Ελένη Κωνσταντίνου',
      'Ακυρώθηκε04/03/2026, 23:40Από: Ελένη Κωνσταντίνου',
    ]);
    const payments = screen.getByRole('table', { name: 'Πληρωμές' });
    expect(
      within(within(payments).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Κάρτα (VISA) μέσω τράπεζας',
      'Ακυρώθηκε',
      '1.234,56\u00a0€',
      '04/03/2026, 23:40',
      'Η παραγγελία ακυρώθηκε.',
    ]);
  });

  it('says every note of the timeline in the reader’s language: approval, activation, lines not loaded', async () => {
    const paid = orderDetails(1055, {
      status: 'loaded',
      orderType: 'NEW',
      family: 'virtual',
      product: 'COPMLIMENT',
      approval: { ...DECIDED, rejectedReason: '' },
      timeline: [
        ...UP_FOR_APPROVAL,
        {
          step: 'awaiting_payment',
          at: '2026-03-05T10:00:00Z',
          byName: 'Δημήτρης Ιωάννου',
          notes: [{ code: 'approved' }],
        },
        { step: 'paid', at: '2026-03-05T11:00:00Z', byName: 'Ελένη Κωνσταντίνου', notes: [] },
        {
          step: 'loaded',
          at: '2026-03-05T11:00:00Z',
          byName: '',
          notes: [
            { code: 'linesNotLoaded', lines: [2, 5] },
            { code: 'cardsActivated', count: 3 },
          ],
        },
      ],
    });
    detailsApi('om1', paid);
    renderApp(`/order-details-page?orderId=${paid.orderId}`);
    const timeline = await screen.findByRole('list', { name: 'Πορεία παραγγελίας' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps[2]!.textContent).toBe(
      'Αναμονή πληρωμής05/03/2026, 12:00Από: Δημήτρης ΙωάννουΗ παραγγελία εγκρίθηκε.',
    );
    expect(steps[4]!.textContent).toBe(
      'Φορτώθηκε05/03/2026, 13:00' +
        'Οι γραμμές 2 και 5 δεν φορτώθηκαν: οι κάρτες τους έκλεισαν μετά την υποβολή και τα ποσά παραμένουν στο υπόλοιπο της εταιρείας.' +
        'Ενεργοποιήθηκαν 3 κάρτες.',
    );
    // Nothing of the timeline is left in another language's words.
    expect(timeline.textContent).not.toMatch(/[A-Za-z]/);
  });
});
