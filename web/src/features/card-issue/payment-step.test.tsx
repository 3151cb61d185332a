import { type DraftOrder, type SubmitOrderResponse } from '@tessera/domain';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '../../app/app-root';
import { AppProviders } from '../../app/providers';
import { browser } from '../../lib/browser';
import { writeStore } from '../../lib/storage';
import { createQueryClient } from '../../lib/query-client';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { instructions, methodsFor, orderSummary, uuid, UUID_PATTERN } from '../../test/orders';
import { renderApp } from '../../test/render-app';
import { PaymentStep } from './components/payment-step';
import { SubmittedOrder, submittedOrderOf } from './components/submitted-order';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDERS = '/api/v1/orders';
// A submitted draft never comes back in the page's life: each test submits its own.
let DRAFT_ID = uuid(990);
let draftSequence = 990;
beforeEach(() => {
  draftSequence += 1;
  DRAFT_ID = uuid(draftSequence);
});

function savedDraft(totalCents: number, overrides: Partial<DraftOrder> = {}): DraftOrder {
  return {
    draftId: DRAFT_ID,
    companyId: 'C1001',
    reason: 'new-card',
    orderType: 'NEW',
    product: 'SPENDEO',
    family: 'spendeo',
    draftOrderAlias: 'Δώρα Πάσχα',
    invoiceComments: '',
    deliveryPoint: null,
    bulkAmountCents: null,
    expiringDate: null,
    lines: [
      {
        tempCardId: 't-1',
        cardId: null,
        cardholderId: null,
        cardholder: {
          firstName: 'Νίκος',
          lastName: 'Αλεξίου',
          email: '',
          phone: '',
          employeeCode: '',
          taxId: '',
        },
        cardName: '',
        amountCents: totalCents - 1_000,
        card: null,
        cardFeeCents: 500,
        replacementFeeCents: 0,
        serviceFeeCents: 500,
      },
    ],
    price: {
      loadCents: totalCents - 1_000,
      cardFeesCents: 500,
      replacementFeesCents: 0,
      serviceFeesCents: 500,
      deliveryFeeCents: 0,
      feesNetCents: 806,
      vatCents: 194,
      totalCents,
    },
    createdBy: 'user-om1',
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-01T09:00:00Z',
    ...overrides,
  };
}

/** The portal for a role of C1001 at the payment step of a saved draft. */
function flowApi(role: 'om1' | 'admin', draft: DraftOrder, handlers: Record<string, MockHandler>) {
  writeStore('companyData', COMPANIES.C1001);
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    [`GET ${ORDERS}/companyMaxDraftOrders`]: {
      body: { success: true, total: 3, max: 99, isMaxReached: false },
    },
    [`GET ${ORDERS}/retrieveDraftOrder`]: { body: { success: true, draftOrder: draft } },
    ...handlers,
  });
}

async function openPaymentStep(url = `/card-issue/info/${DRAFT_ID}?step=payment`) {
  const view = renderApp(url);
  await screen.findByRole('heading', { level: 2, name: url.startsWith('/en') ? 'Payment' : 'Πληρωμή' });
  return view;
}

const submitted = (order: SubmitOrderResponse['order'], payment: SubmitOrderResponse['payment'] = null) => ({
  body: { success: true, order, payment } satisfies SubmitOrderResponse,
});

describe('the payment step: the order manager', () => {
  it('submits with the chosen method; an order above the approval threshold goes to the payment manager', async () => {
    const order = orderSummary(1042, {
      orderId: uuid(5042),
      status: 'awaiting_approval',
      totalCents: 60_900,
    });
    const fetchMock = flowApi('om1', savedDraft(60_900), {
      [`POST ${ORDERS}/submitPaymentOm`]: submitted(order),
    });
    const { user, router } = await openPaymentStep();

    expect(await screen.findByText('Πρόχειρο «Δώρα Πάσχα» · σύνολο πληρωμής 609,00 €')).toBeTruthy();
    const methods = screen.getByRole('radiogroup', { name: 'Τρόπος πληρωμής' });
    const visa = within(methods).getByRole('radio', { name: 'Κάρτα (VISA) μέσω τράπεζας' });
    expect((visa as HTMLInputElement).checked).toBe(true);
    expect(within(methods).getByRole('radio', { name: 'IRIS' })).toBeTruthy();
    expect(within(methods).getByRole('radio', { name: 'Τραπεζική μεταφορά με κωδικό RF' })).toBeTruthy();
    const countsBefore = requestsTo(fetchMock, `${ORDERS}/companyMaxDraftOrders`).length;

    await user.click(screen.getByRole('button', { name: 'Υποβολή και πληρωμή' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Η παραγγελία #1042 υποβλήθηκε' }),
    ).toBeTruthy();
    expect(screen.getByText('Στάλθηκε για έγκριση')).toBeTruthy();
    expect(
      screen.getByText(
        'Η παραγγελία #1042 ύψους 609,00 € στάλθηκε για έγκριση στον υπεύθυνο πληρωμών σας. Μόλις εγκριθεί, θα μπορείτε να την πληρώσετε.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Λεπτομέρειες παραγγελίας #1042' }).getAttribute('href')).toBe(
      `/order-details-page?orderId=${order.orderId}`,
    );

    const [call] = requestsTo(fetchMock, `${ORDERS}/submitPaymentOm`);
    expect(call?.body).toEqual({ draftId: DRAFT_ID, method: 'VISA' });
    expect(call?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
    expect(call?.headers.get('companyId')).toBe('C1001');
    // The draft is gone from the server: the local draft goes too, and the drafts count is read again.
    expect(router.state.location.pathname).toBe('/card-issue/info');
    expect(window.localStorage.getItem('orderDraft')).toBeNull();
    expect(window.localStorage.getItem('draftOrder')).toBeNull();
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${ORDERS}/companyMaxDraftOrders`).length).toBeGreaterThan(countsBefore),
    );
    // The outcome does not ask for the deleted draft again.
    expect(requestsTo(fetchMock, `${ORDERS}/retrieveDraftOrder`)).toHaveLength(1);
  });

  it('shows the RF transfer with the reference, the bank account and copy buttons', async () => {
    const order = orderSummary(1042, { orderId: uuid(5042), totalCents: 60_900 });
    const fetchMock = flowApi('om1', savedDraft(60_900), {
      [`POST ${ORDERS}/submitPaymentOm`]: submitted(order, instructions(order, 'RF')),
    });
    const { user } = await openPaymentStep();
    await user.click(await screen.findByRole('radio', { name: 'Τραπεζική μεταφορά με κωδικό RF' }));
    await user.click(screen.getByRole('button', { name: 'Υποβολή και πληρωμή' }));

    const transfer = await screen.findByRole('region', { name: 'Πληρωμή με τραπεζική μεταφορά' });
    const value = (label: string) => within(transfer).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(value('Ποσό')?.textContent).toBe('609,00\u00a0€');
    expect(value('Κωδικός RF')?.textContent).toContain('RF97 0000 0000 1042');
    expect(value('Δικαιούχος')?.textContent).toBe('Tessera Α.Ε.');
    expect(value('IBAN')?.textContent).toContain('GR1601101250000000012300695');
    expect(value('BIC')?.textContent).toBe('ETHNGRAA');
    expect(value('Τράπεζα')?.textContent).toBe('Εθνική Τράπεζα');
    expect(within(transfer).getByRole('button', { name: 'Αντιγραφή: Κωδικός RF' })).toBeTruthy();
    expect(within(transfer).getByRole('button', { name: 'Αντιγραφή: IBAN' })).toBeTruthy();
    expect(
      within(transfer).getByText(
        'Η παραγγελία προχωρά αυτόματα μόλις η τράπεζα επιβεβαιώσει τη μεταφορά, συνήθως την επόμενη εργάσιμη ημέρα.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Λεπτομέρειες παραγγελίας #1042' })).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/submitPaymentOm`)[0]?.body).toEqual({
      draftId: DRAFT_ID,
      method: 'RF',
    });
  });

  it('sends the browser to the bank for a card payment, with the draft already cleared', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const order = orderSummary(1042, { orderId: uuid(5042), totalCents: 60_900 });
    flowApi('om1', savedDraft(60_900), {
      [`POST ${ORDERS}/submitPaymentOm`]: submitted(order, instructions(order, 'VISA')),
    });
    const { user } = await openPaymentStep();
    await user.click(await screen.findByRole('button', { name: 'Υποβολή και πληρωμή' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.example/pay?session=s-1'));
    expect(window.localStorage.getItem('orderDraft')).toBeNull();
    expect(await screen.findByText('Μετάβαση στην τράπεζα')).toBeTruthy();
  });

  it('offers no card payment above the card limit, and says why', async () => {
    flowApi('om1', savedDraft(2_500_000), {});
    await openPaymentStep();
    const visa = await screen.findByRole('radio', { name: 'Κάρτα (VISA) μέσω τράπεζας' });
    expect((visa as HTMLInputElement).disabled).toBe(true);
    expect(
      screen.getByText(
        'Δεν είναι διαθέσιμη για ποσά άνω των 20.000,00 €. Επιλέξτε IRIS ή τραπεζική μεταφορά.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'IRIS' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sends the same Idempotency-Key when the same submission is tried again after a failure', async () => {
    let attempts = 0;
    const order = orderSummary(1042, { orderId: uuid(5042), status: 'awaiting_approval' });
    const fetchMock = flowApi('om1', savedDraft(60_900), {
      [`POST ${ORDERS}/submitPaymentOm`]: () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              body: { success: false, errorCode: 70, errorLevel: 'error', errorMessage: 'Busy' },
            }
          : submitted(order);
      },
    });
    const { user } = await openPaymentStep();
    await user.click(await screen.findByRole('button', { name: 'Υποβολή και πληρωμή' }));
    await user.click(await screen.findByRole('button', { name: 'Εντάξει' }));
    await user.click(screen.getByRole('button', { name: 'Υποβολή και πληρωμή' }));
    await screen.findByText('Στάλθηκε για έγκριση');
    const [first, second] = requestsTo(fetchMock, `${ORDERS}/submitPaymentOm`);
    expect(first?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('works in English', async () => {
    const order = orderSummary(1042, {
      orderId: uuid(5042),
      status: 'awaiting_approval',
      totalCents: 60_900,
    });
    flowApi('om1', savedDraft(60_900), { [`POST ${ORDERS}/submitPaymentOm`]: submitted(order) });
    const { user } = await openPaymentStep(`/en/card-issue/info/${DRAFT_ID}?step=payment`);
    expect(await screen.findByRole('radiogroup', { name: 'Payment method' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit and pay' }));
    expect(await screen.findByText('Sent for approval')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Details of order #1042' }).getAttribute('href')).toBe(
      `/en/order-details-page?orderId=${order.orderId}`,
    );
  });
});

describe('the payment step: provider staff', () => {
  it('submits as an approver and leaves the paying to the company', async () => {
    const order = orderSummary(1042, { orderId: uuid(5042), status: 'awaiting_payment' });
    const fetchMock = flowApi('admin', savedDraft(60_900), {
      [`POST ${ORDERS}/submitOrderPaymentManager`]: submitted(order),
    });
    const { user } = await openPaymentStep();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Υποβολή παραγγελίας' }));
    expect(
      await screen.findByText('Η παραγγελία #1042 ύψους 1.234,56 € υποβλήθηκε και περιμένει πληρωμή.'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Την πληρώνει ο διαχειριστής παραγγελιών, ο οικονομικός υπεύθυνος ή ο υπεύθυνος πληρωμών της εταιρείας.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`)[0]?.body).toEqual({
      draftId: DRAFT_ID,
    });
    expect(requestsTo(fetchMock, `${ORDERS}/retrievePaymentMethods`)).toHaveLength(0);
  });
});

/** Where the step goes after submitting: the outcome, read from the history entry as the page does. */
function Outcome() {
  const result = submittedOrderOf(useLocation().state);
  return result ? <SubmittedOrder result={result} /> : <p>no outcome</p>;
}

/** The step alone, for the roles the card-issue route does not admit (they submit from their pages). */
function renderStep(role: 'finance' | 'payment', draft: DraftOrder) {
  const router = createMemoryRouter(
    [
      {
        path: '/card-issue/info/:draftId',
        element: (
          <LocaleProvider>
            <PaymentStep saved={draft} onBack={() => {}} />
          </LocaleProvider>
        ),
      },
      {
        path: '/card-issue/info',
        element: (
          <LocaleProvider>
            <Outcome />
          </LocaleProvider>
        ),
      },
    ],
    { initialEntries: [`/card-issue/info/${draft.draftId}?step=payment`] },
  );
  writeStore('companyData', COMPANIES.C1002);
  render(
    <AppProviders env="test" queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, user: userEvent.setup(), role };
}

describe('the payment step: finance user and payment manager', () => {
  it('the finance user submits the order, then pays it by IRIS', async () => {
    const order = orderSummary(1043, { orderId: uuid(5043), companyId: 'C1002', totalCents: 60_900 });
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`POST ${ORDERS}/submitOrderFinanceUser`]: submitted(order),
      [`GET ${ORDERS}/retrievePaymentMethods`]: { body: methodsFor(60_900) },
      [`POST ${ORDERS}/createPaymentOrder`]: {
        body: { success: true, payment: instructions(order, 'IRIS') },
      },
    });
    const { user } = renderStep('finance', savedDraft(60_900, { companyId: 'C1002' }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Υποβολή παραγγελίας' }));
    expect(
      await screen.findByText('Η παραγγελία #1043 ύψους 609,00 € υποβλήθηκε και περιμένει πληρωμή.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/submitOrderFinanceUser`)[0]?.body).toEqual({ draftId: DRAFT_ID });

    await user.click(await screen.findByRole('radio', { name: 'IRIS' }));
    await user.click(screen.getByRole('button', { name: 'Συνέχεια στην πληρωμή' }));
    const qr = await screen.findByRole('img', {
      name: /^Κωδικός QR IRIS για πληρωμή 609,00\s€ με κωδικό RF\d\d 0000 0000 1043$/,
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    const [create] = requestsTo(fetchMock, `${ORDERS}/createPaymentOrder`);
    expect(create?.body).toEqual({ orderId: order.orderId, method: 'IRIS' });
    expect(create?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
    expect(create?.headers.get('companyId')).toBe('C1002');
    expect(
      requestsTo(fetchMock, `${ORDERS}/retrievePaymentMethods`)[0]?.url.searchParams.get('orderId'),
    ).toBe(order.orderId);
  });

  it('the payment manager submits the draft, then pays by card at the bank', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const order = orderSummary(1044, { orderId: uuid(5044), companyId: 'C1002', totalCents: 60_900 });
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('payment') },
      [`POST ${ORDERS}/submitOrderPaymentManager`]: submitted(order),
      [`GET ${ORDERS}/retrievePaymentMethods`]: { body: methodsFor(60_900) },
      [`POST ${ORDERS}/createPaymentOrder`]: {
        body: { success: true, payment: instructions(order, 'VISA') },
      },
    });
    const { user } = renderStep('payment', savedDraft(60_900, { companyId: 'C1002' }));
    await user.click(await screen.findByRole('button', { name: 'Υποβολή παραγγελίας' }));
    expect(requestsTo(fetchMock, `${ORDERS}/submitOrderPaymentManager`)[0]?.body).toEqual({
      draftId: DRAFT_ID,
    });
    const visa = await screen.findByRole('radio', { name: 'Κάρτα (VISA) μέσω τράπεζας' });
    expect((visa as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Πληρωμή με κάρτα' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.example/pay?session=s-1'));
    expect(requestsTo(fetchMock, `${ORDERS}/createPaymentOrder`)[0]?.body).toEqual({
      orderId: order.orderId,
      method: 'VISA',
    });
  });
});
