import type { PaymentResultResponse } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { instructions, methodsFor, orderSummary, payment, uuid, UUID_PATTERN } from '../../test/orders';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDERS = '/api/v1/orders';
const PAYMENT_ID = uuid(8001);
const SIGNATURE = 'ab'.repeat(32);

function paymentsApi(handlers: Record<string, MockHandler>) {
  writeStore('companyData', COMPANIES.C1001);
  return mockApi({
    'GET /api/auth/session': { body: session('om1') },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    ...handlers,
  });
}

const order = orderSummary(1042, { status: 'in_production', totalCents: 60_900 });

function result(overrides: Partial<PaymentResultResponse['payment']>, orderStatus = order.status) {
  return {
    success: true,
    payment: payment(1, {
      paymentId: PAYMENT_ID,
      amountCents: 60_900,
      bankReference: 'BNK-77',
      completedAt: '2026-03-05T08:01:00Z',
      ...overrides,
    }),
    order: { ...order, status: orderStatus },
  } satisfies PaymentResultResponse;
}

const resultUrl = (outcome: string, prefix = '') =>
  `${prefix}/orders/payment/result?paymentId=${PAYMENT_ID}&result=${outcome}&bankReference=BNK-77&signature=${SIGNATURE}`;

describe('back from the bank', () => {
  it('hands the signed result to the server once, then shows the success page in its place', async () => {
    const fetchMock = paymentsApi({
      [`POST ${ORDERS}/submitPaymentOrder`]: { body: result({ status: 'succeeded' }) },
      [`GET ${ORDERS}/retrievePayment`]: { body: result({ status: 'succeeded' }) },
    });
    const { router } = renderApp(resultUrl('approved'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Η πληρωμή ολοκληρώθηκε' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/orders/payment/success');
    expect(router.state.location.search).toBe(`?paymentId=${PAYMENT_ID}`);
    // Replaced, not pushed: Back does not return to the result page and send it again.
    expect(router.state.historyAction).toBe('REPLACE');
    const calls = requestsTo(fetchMock, `${ORDERS}/submitPaymentOrder`);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      paymentId: PAYMENT_ID,
      result: 'approved',
      bankReference: 'BNK-77',
      signature: SIGNATURE,
    });
    expect(calls[0]?.headers.get('companyId')).toBe('C1001');

    const fact = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Παραγγελία')).toBe('#1042');
    expect(fact('Ποσό')).toBe('609,00\u00a0€');
    expect(fact('Τρόπος πληρωμής')).toBe('Κάρτα (VISA) μέσω τράπεζας');
    expect(
      screen.getByText('Οι κάρτες σας κατασκευάζονται. Θα σας ενημερώσουμε με email μόλις αποσταλούν.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Λεπτομέρειες παραγγελίας' }).getAttribute('href')).toBe(
      `/order-details-page?orderId=${order.orderId}`,
    );
    expect(screen.getByRole('link', { name: 'Οι κάρτες μου' }).getAttribute('href')).toBe('/card-list');
  });

  it('opens the failure page for a declined payment, in English under /en', async () => {
    const fetchMock = paymentsApi({
      [`POST ${ORDERS}/submitPaymentOrder`]: {
        body: result({ status: 'failed', failureReason: 'declined' }, 'awaiting_payment'),
      },
      [`GET ${ORDERS}/retrievePayment`]: {
        body: result({ status: 'failed', failureReason: 'declined' }, 'awaiting_payment'),
      },
      [`GET ${ORDERS}/retrievePaymentMethods`]: { body: methodsFor(60_900) },
    });
    const { router } = renderApp(resultUrl('declined', '/en'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'The payment did not go through' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/en/orders/payment/failure');
    expect(screen.getByText('The bank declined the payment of 609,00 € for order #1042.')).toBeTruthy();
    expect(screen.getByText('Reason: The bank declined the payment.')).toBeTruthy();
    expect(screen.getByText('No money was taken.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/submitPaymentOrder`)[0]?.headers.get('Culture')).toBe('en-us');
  });

  it('says the amount will be refunded, in Greek, when the bank charged an order no longer awaiting payment', async () => {
    const refund = result({ status: 'failed', failureReason: 'orderNotAwaitingPayment' }, 'cancelled');
    paymentsApi({
      [`POST ${ORDERS}/submitPaymentOrder`]: { body: refund },
      [`GET ${ORDERS}/retrievePayment`]: { body: refund },
    });
    renderApp(resultUrl('approved'));
    expect(await screen.findByText('Το ποσό θα σας επιστραφεί')).toBeTruthy();
    expect(
      screen.getByText(
        'Η τράπεζα χρέωσε 609,00 € για την παραγγελία #1042, όμως η πληρωμή δεν πιστώθηκε στην παραγγελία.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Αιτία: Η παραγγελία δεν περίμενε πλέον πληρωμή· το ποσό θα σας επιστραφεί.'),
    ).toBeTruthy();
    expect(screen.getByText('Θα επιστρέψουμε το ποσό στην κάρτα με την οποία πληρώσατε.')).toBeTruthy();
    expect(screen.queryByText('Δεν χρεώθηκε κανένα ποσό.')).toBeNull();
  });

  it('says so, and sends nothing, when the address lacks the bank’s signature', async () => {
    const fetchMock = paymentsApi({});
    renderApp(`/orders/payment/result?paymentId=${PAYMENT_ID}&result=approved`);
    expect(
      await screen.findByText(
        'Η διεύθυνση της πληρωμής είναι ελλιπής. Δείτε την κατάσταση της παραγγελίας στο ιστορικό παραγγελιών.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${ORDERS}/submitPaymentOrder`)).toHaveLength(0);
  });
});

describe('the failure page', () => {
  it('offers the card again or a transfer instead, each a new payment with its own Idempotency-Key', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const waiting = { ...order, status: 'awaiting_payment' as const };
    let created = 0;
    const fetchMock = paymentsApi({
      [`GET ${ORDERS}/retrievePayment`]: { body: result({ status: 'cancelled' }, 'awaiting_payment') },
      [`GET ${ORDERS}/retrievePaymentMethods`]: { body: methodsFor(60_900) },
      [`POST ${ORDERS}/createPaymentOrder`]: ({ body }) => {
        created += 1;
        const method = (body as { method: 'RF' | 'VISA' }).method;
        return { body: { success: true, payment: instructions(waiting, method, 10 + created) } };
      },
    });
    const { user } = renderApp(`/orders/payment/failure?paymentId=${PAYMENT_ID}`);

    expect(await screen.findByText('Η πληρωμή 609,00 € για την παραγγελία #1042 ακυρώθηκε.')).toBeTruthy();
    expect(screen.getByText('Δεν χρεώθηκε κανένα ποσό.')).toBeTruthy();
    const retry = screen.getByRole('region', { name: 'Δοκιμάστε ξανά' });
    // The card is offered again first; IRIS and a transfer beside it.
    const card = await within(retry).findByRole('radio', { name: 'Κάρτα (VISA) μέσω τράπεζας' });
    expect((card as HTMLInputElement).checked).toBe(true);

    await user.click(within(retry).getByRole('radio', { name: 'Τραπεζική μεταφορά με κωδικό RF' }));
    await user.click(within(retry).getByRole('button', { name: 'Συνέχεια στην πληρωμή' }));
    expect(await within(retry).findByRole('heading', { name: 'Πληρωμή με τραπεζική μεταφορά' })).toBeTruthy();
    expect(within(retry).getByText(/RF97 0000 0000 1042/)).toBeTruthy();

    // Changed their mind: back to the methods, and the card after all.
    await user.click(within(retry).getByRole('button', { name: 'Επιλογή άλλου τρόπου πληρωμής' }));
    await user.click(await within(retry).findByRole('radio', { name: 'Κάρτα (VISA) μέσω τράπεζας' }));
    await user.click(within(retry).getByRole('button', { name: 'Πληρωμή με κάρτα' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://bank.example/pay?session=s-12'));

    const calls = requestsTo(fetchMock, `${ORDERS}/createPaymentOrder`);
    expect(calls.map((call) => call.body)).toEqual([
      { orderId: waiting.orderId, method: 'RF' },
      { orderId: waiting.orderId, method: 'VISA' },
    ]);
    const [first, second] = calls.map((call) => call.headers.get('Idempotency-Key'));
    expect(first).toMatch(UUID_PATTERN);
    expect(second).toMatch(UUID_PATTERN);
    expect(second).not.toBe(first);
  });

  it('offers no retry once the order no longer awaits payment', async () => {
    paymentsApi({ [`GET ${ORDERS}/retrievePayment`]: { body: result({ status: 'failed' }, 'cancelled') } });
    renderApp(`/orders/payment/failure?paymentId=${PAYMENT_ID}`);
    expect(await screen.findByText('Η παραγγελία δεν περιμένει πλέον πληρωμή.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Δοκιμάστε ξανά' })).toBeNull();
  });
});

describe('the success page', () => {
  it('says the money is on the cards for a load', async () => {
    paymentsApi({ [`GET ${ORDERS}/retrievePayment`]: { body: result({ status: 'succeeded' }, 'loaded') } });
    renderApp(`/en/orders/payment/success?paymentId=${PAYMENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment received' })).toBeTruthy();
    expect(await screen.findByText('The money is on the cards.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My cards' }).getAttribute('href')).toBe('/en/card-list');
  });

  it('keeps the role rule: provider staff do not open the payment pages', async () => {
    writeStore('companyData', COMPANIES.C1001);
    mockApi({ 'GET /api/auth/session': { body: session('admin') } });
    renderApp(`/orders/payment/success?paymentId=${PAYMENT_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Δεν έχετε πρόσβαση σε αυτή τη σελίδα' }),
    ).toBeTruthy();
  });
});
