import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { requestsTo } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { MerchantCharge } from '../api/merchant-billing';
import { ADMIN, API, STORE_ID, VIEWER, merchantAdminApi } from '../merchant-admin-fixtures';

const CREATE = `${API}/createMerchantPayment`;
const VALIDATE = `${API}/validateMerchantPayment`;
const SUPPLIES = `${API}/bagsTrvStickers`;

const charge = (overrides: Partial<MerchantCharge>): MerchantCharge => ({
  chargeId: 'ch-1',
  kind: 'terminalRental',
  description: 'Μίσθωμα τερματικού Ταμείο 1',
  amountCents: 1_860,
  vatCents: 360,
  period: '2026-03',
  status: 'open',
  createdAt: '2026-03-01T08:00:00Z',
  paidAt: null,
  ...overrides,
});

const open = [
  charge({}),
  charge({
    chargeId: 'ch-2',
    kind: 'supplies',
    description: 'Σακούλες × 2',
    amountCents: 1_240,
    vatCents: 240,
  }),
];

function billingApi(access = ADMIN, extra = {}) {
  return merchantAdminApi(access, {
    [`GET ${API}/merchantCharges`]: (request) => ({
      body: { success: true, charges: request.url.searchParams.get('status') === 'open' ? open : [] },
    }),
    [`GET ${API}/retrieveRfCode`]: {
      body: {
        success: true,
        rfCode: 'RF18539007547034',
        amountCents: 3_100,
        charges: open,
        bank: {
          beneficiary: 'Tessera A.E.',
          iban: 'GR1601101250000000012300695',
          bic: 'ETHNGRAA',
          bankName: 'Sandbox',
        },
      },
    },
    [`GET ${SUPPLIES}`]: { body: { success: true, orders: [] } },
    ...extra,
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the merchant payment page', () => {
  it('shows what is owed with VAT, the RF code to copy, and pays it by card at the bank', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = billingApi(ADMIN, {
      [`POST ${CREATE}`]: {
        body: { success: true, paymentId: 'pay-1', redirectUrl: '/sandbox/bank/pay?session=1' },
      },
    });
    const { user } = renderApp('/merchant/payment-page');
    const owed = await screen.findByRole('region', { name: 'Τι οφείλετε' }, { timeout: 5_000 });
    const table = await within(owed).findByRole('table', { name: 'Τι οφείλετε' });
    expect(within(table).getByRole('row', { name: /Μίσθωμα τερματικού Ταμείο 1/ }).textContent).toContain(
      '18,60\u00a0€',
    );
    expect(within(owed).getByText('Σύνολο προς πληρωμή: 31,00 € (με ΦΠΑ 6,00 €)')).toBeTruthy();
    const rf = await within(owed).findByRole('region', { name: 'Πληρωμή με τραπεζική μεταφορά' });
    expect(within(rf).getByText('RF18 5390 0754 7034')).toBeTruthy();
    expect(within(rf).getByRole('button', { name: 'Αντιγραφή: Κωδικός RF' })).toBeTruthy();

    await user.click(within(owed).getByRole('button', { name: 'Πληρωμή 31,00\u00a0€ με κάρτα' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/sandbox/bank/pay?session=1'));
    const [create] = requestsTo(fetchMock, CREATE);
    expect(create!.body).toEqual({});
    expect(create!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('orders bags and stickers for a store, showing the price before sending', async () => {
    const fetchMock = billingApi(ADMIN, {
      [`POST ${SUPPLIES}`]: {
        body: {
          success: true,
          order: {
            orderId: 'o1',
            storeId: STORE_ID,
            bags: 2,
            stickers: 1,
            notes: '',
            createdAt: '2026-03-02T08:00:00Z',
          },
          charge: charge({ chargeId: 'ch-3', kind: 'supplies', amountCents: 1_488, vatCents: 288 }),
        },
      },
    });
    const { user } = renderApp('/merchant/payment-page');
    const form = await screen.findByRole('form', { name: 'Παραγγελία σακουλών και αυτοκόλλητων' });
    await user.click(within(form).getByRole('button', { name: 'Υποβολή παραγγελίας' }));
    expect(
      await within(form).findByText(
        'Σακούλες (πακέτα): Παραγγείλετε τουλάχιστον ένα πακέτο σακούλες ή αυτοκόλλητα.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, SUPPLIES).filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Σακούλες/), '2');
    await user.type(within(form).getByLabelText(/^Αυτοκόλλητα TRV/), '1');
    expect(within(form).getByText('Τιμή: 12,00 € + ΦΠΑ 2,88 € = 14,88 €')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Υποβολή παραγγελίας' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, SUPPLIES).filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    expect(requestsTo(fetchMock, SUPPLIES).find((r) => r.method === 'POST')!.body).toEqual({
      storeId: STORE_ID,
      bags: 2,
      stickers: 1,
      notes: '',
    });
    expect(
      await screen.findByText(
        'Η παραγγελία για το Φρέσκο Σύνταγμα καταχωρίστηκε: 14,88 € προστέθηκαν σε όσα οφείλετε.',
      ),
    ).toBeTruthy();
  });

  it('shows a view-only user what is owed, without the pay button or the order form', async () => {
    billingApi(VIEWER);
    renderApp('/en/merchant/payment-page');
    const owed = await screen.findByRole('region', { name: 'What you owe' });
    await within(owed).findByRole('table', { name: 'What you owe' });
    expect(within(owed).getByText("Payments are made by the merchant's administrator.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /by card$/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Order bags and stickers' })).toBeNull();
  });
});

describe('the merchant payment result pages', () => {
  it('validates the payment on load and thanks the merchant', async () => {
    const fetchMock = billingApi(ADMIN, {
      [`POST ${VALIDATE}`]: { body: { success: true, status: 'paid', amountCents: 3_100 } },
    });
    renderApp('/en/merchant/payment/success?paymentId=pay-1');
    expect(await screen.findByText('Thank you, your payment went through')).toBeTruthy();
    expect(screen.getByText('31,00 € was paid; the charges now show as paid.')).toBeTruthy();
    expect(requestsTo(fetchMock, VALIDATE)[0]!.body).toEqual({ paymentId: 'pay-1' });
  });

  it('sends a failed payment on the success address to the failure page, which offers to try again', async () => {
    billingApi(ADMIN, {
      [`POST ${VALIDATE}`]: { body: { success: true, status: 'failed', amountCents: 3_100 } },
    });
    const { router } = renderApp('/merchant/payment/success?paymentId=pay-2');
    expect(await screen.findByText('Η πληρωμή δεν ολοκληρώθηκε')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/merchant/payment/failure');
    expect(screen.getByText(/Δεν έγινε καμία χρέωση/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Δοκιμάστε ξανά' }).getAttribute('href')).toBe(
      '/merchant/payment-page',
    );
  });
});
