import type { PendingSupplyOrder, ProductionBatch, QueueOrder } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const API = '/api/v1/fulfilment';

const queued: QueueOrder[] = [
  {
    orderId: '11111111-1111-4111-8111-111111111111',
    orderNumber: 1071,
    companyId: 'C1001',
    companyName: 'Ακμή Τροφίμων Α.Ε.',
    alias: 'Νέοι συνάδελφοι',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    cards: 2,
    deliveryPointAlias: 'Κεντρικά',
    deliveryCity: 'Αθήνα',
    paidAt: '2026-11-20T10:00:00.000Z',
  },
  {
    orderId: '22222222-2222-4222-8222-222222222222',
    orderNumber: 1072,
    companyId: 'C1002',
    companyName: 'Ελαιώνας Ο.Ε.',
    alias: '',
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    cards: 5,
    deliveryPointAlias: 'Αποθήκη',
    deliveryCity: 'Καλαμάτα',
    paidAt: '2026-11-21T10:00:00.000Z',
  },
];

const batch: ProductionBatch = {
  batchId: '33333333-3333-4333-8333-333333333333',
  batchNumber: 7,
  status: 'partlyShipped',
  createdAt: '2026-11-22T08:00:00.000Z',
  createdByName: 'Νίκος Γεωργίου',
  cards: 4,
  orders: [
    {
      orderId: '44444444-4444-4444-8444-444444444444',
      orderNumber: 1060,
      companyId: 'C1001',
      companyName: 'Ακμή Τροφίμων Α.Ε.',
      alias: '',
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
      cards: 3,
      deliveryPointAlias: 'Κεντρικά',
      deliveryCity: 'Αθήνα',
      status: 'in_production',
      courier: 'ACS',
      trackingNumber: '7300112233',
      shippedAt: '2026-11-22T09:00:00.000Z',
      deliveredAt: null,
      returnedAt: '2026-11-23T09:00:00.000Z',
      returnReason: 'Άγνωστος παραλήπτης',
    },
    {
      orderId: '55555555-5555-4555-8555-555555555555',
      orderNumber: 1061,
      companyId: 'C1003',
      companyName: 'Θαλής Α.Ε.',
      alias: '',
      product: 'TICKET_RESTAURANT',
      family: 'plastic',
      cards: 1,
      deliveryPointAlias: 'Γραφείο',
      deliveryCity: 'Πάτρα',
      status: 'shipped',
      courier: 'SPEEDEX',
      trackingNumber: 'SP123456',
      shippedAt: '2026-11-22T09:00:00.000Z',
      deliveredAt: null,
      returnedAt: null,
      returnReason: '',
    },
  ],
};

const supplies: PendingSupplyOrder[] = [
  {
    supplyOrderId: '66666666-6666-4666-8666-666666666666',
    merchantId: 'M2001',
    merchantName: 'Φρέσκο Μάρκετ',
    storeName: 'Κατάστημα Ερμού',
    storeAddress: 'Ερμού 1, 10563, Αθήνα',
    bags: 2,
    stickers: 1,
    notes: '',
    createdAt: '2026-11-24T08:00:00.000Z',
  },
];

function fulfilmentApi(handlers: Record<string, MockHandler> = {}, who: 'care' | 'admin' | 'om1' = 'care') {
  return mockApi({
    'GET /api/auth/session': { body: session(who) },
    [`GET ${API}/queue`]: { body: { success: true, orders: queued } },
    [`GET ${API}/batches`]: { body: { success: true, batches: [batch] } },
    [`POST ${API}/batches`]: { body: { success: true, batch } },
    [`POST ${API}/ship`]: { body: { success: true, batches: [batch] } },
    [`POST ${API}/deliver`]: { body: { success: true, batches: [batch] } },
    [`POST ${API}/return`]: { body: { success: true, batch } },
    [`GET ${API}/supplies`]: { body: { success: true, orders: supplies } },
    [`POST ${API}/supplies/ship`]: { body: { success: true } },
    ...handlers,
  });
}

describe('/back-office/fulfilment (provider staff; issue 18 §7)', () => {
  it('shows the queue, and batches the orders chosen', async () => {
    const fetchMock = fulfilmentApi();
    const { user } = renderApp('/back-office/fulfilment');
    expect(
      await screen.findByRole('heading', { name: 'Παραγωγή και αποστολή καρτών', level: 1 }),
    ).toBeTruthy();
    const queue = await screen.findByRole('table', { name: 'Ουρά παραγωγής' });
    expect(within(queue).getByText('Ακμή Τροφίμων Α.Ε.')).toBeTruthy();
    expect(within(queue).getByText('Ελαιώνας Ο.Ε.')).toBeTruthy();
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Δημιουργία παρτίδας παραγωγής' }).disabled,
    ).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Επιλογή της παραγγελίας #1072' }));
    await user.click(screen.getByRole('button', { name: 'Δημιουργία παρτίδας με 1 παραγγελία' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${API}/batches`).filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, `${API}/batches`).find((r) => r.method === 'POST')!.body).toEqual({
      orderIds: [queued[1]!.orderId],
    });
    expect(await screen.findByText('Η παρτίδα δημιουργήθηκε με 1 παραγγελία.')).toBeTruthy();
  });

  it('offers the embossing file, ships with the courier and voucher, marks delivered and returned', async () => {
    const fetchMock = fulfilmentApi();
    const { user } = renderApp('/back-office/fulfilment');
    const card = await screen.findByRole('region', { name: 'Παρτίδα #7' });
    expect(within(card).getByText('Εν μέρει απεσταλμένη')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Λήψη αρχείου ανάγλυφης εκτύπωσης της παρτίδας #7 (CSV)' }),
    ).toHaveProperty('href', `http://localhost:3000${API}/batches/${batch.batchId}/embossing.csv`);
    expect(within(card).getByText('Επιστράφηκε: Άγνωστος παραλήπτης')).toBeTruthy();

    await user.type(
      within(card).getByLabelText('Αριθμός αποστολής της παραγγελίας #1060'),
      'EL 123456789 GR',
    );
    await user.selectOptions(within(card).getByLabelText('Εταιρεία ταχυμεταφορών'), 'ELTA_COURIER');
    await user.click(within(card).getByRole('button', { name: 'Καταχώριση αποστολής 1 παραγγελίας' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/ship`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/ship`)[0]!.body).toEqual({
      courier: 'ELTA_COURIER',
      shipments: [{ orderId: batch.orders[0]!.orderId, trackingNumber: 'EL 123456789 GR' }],
    });

    await user.click(within(card).getByRole('button', { name: 'Η παραγγελία #1061 παραδόθηκε' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/deliver`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/deliver`)[0]!.body).toEqual({
      orderIds: [batch.orders[1]!.orderId],
    });

    await user.click(
      within(card).getByRole('button', { name: 'Καταγραφή επιστροφής της παραγγελίας #1061' }),
    );
    await user.type(
      within(card).getByLabelText('Αιτία επιστροφής της παραγγελίας #1061'),
      'Κλειστό κατάστημα',
    );
    await user.click(within(card).getByRole('button', { name: 'Καταχώριση επιστροφής' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/return`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/return`)[0]!.body).toEqual({
      orderId: batch.orders[1]!.orderId,
      reason: 'Κλειστό κατάστημα',
    });
  });

  it('shows the server’s refusal naming the order, in English under /en', async () => {
    fulfilmentApi({
      [`POST ${API}/deliver`]: {
        status: 409,
        body: {
          success: false,
          errorCode: 70,
          errorLevel: 'error',
          errorMessage: 'The order cannot take this step now.',
          fields: [{ field: 'orderIds.0', message: 'Order #1061 has already been delivered.' }],
        },
      },
    });
    const { user } = renderApp('/en/back-office/fulfilment');
    const card = await screen.findByRole('region', { name: 'Batch #7' });
    await user.click(within(card).getByRole('button', { name: 'Order #1061 was delivered' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Nothing was changed');
    expect(alert.textContent).toContain('Order #1061 has already been delivered.');
  });

  it('ships a merchant’s supplies with the courier and voucher', async () => {
    const fetchMock = fulfilmentApi();
    const { user } = renderApp('/back-office/fulfilment');
    const table = await screen.findByRole('table', { name: 'Αναλώσιμα εμπόρων προς αποστολή' });
    expect(within(table).getByText('2 πακέτα σακουλών, 1 πακέτο αυτοκόλλητων')).toBeTruthy();
    await user.selectOptions(
      within(table).getByLabelText('Εταιρεία ταχυμεταφορών για το κατάστημα Κατάστημα Ερμού'),
      'SPEEDEX',
    );
    await user.type(
      within(table).getByLabelText('Αριθμός αποστολής για το κατάστημα Κατάστημα Ερμού'),
      'SP998877',
    );
    await user.click(
      within(table).getByRole('button', {
        name: 'Καταχώριση αποστολής αναλωσίμων στο κατάστημα Κατάστημα Ερμού',
      }),
    );
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/supplies/ship`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/supplies/ship`)[0]!.body).toEqual({
      supplyOrderId: supplies[0]!.supplyOrderId,
      courier: 'SPEEDEX',
      trackingNumber: 'SP998877',
    });
    expect(await screen.findByText('Η αποστολή των αναλωσίμων καταχωρίστηκε.')).toBeTruthy();
  });

  it('is not for company users', async () => {
    fulfilmentApi({}, 'om1');
    renderApp('/back-office/fulfilment');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
  });
});
