import type { Card, UnloadPriceResponse } from '@tessera/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { companyResponse, session } from '../../test/fixtures';
import { cardMovementsHandler } from '../../test/cards';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { orderSummary, uuid } from '../../test/orders';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages and typed input: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const FILTER = '/api/v1/accounts/cardFilter';
const KPIS = '/api/v1/accounts/retrieveCardsKpis';
const PRICE = '/api/v1/orders/unloadOrderPriceCalculation';
const SUBMIT = '/api/v1/orders/submitUnloadOrder';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function card(overrides: Partial<Card> = {}): Card {
  return {
    cardId: uuid(1),
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    cardName: 'Κάρτα γευμάτων',
    status: 'active',
    expiryDate: '2030-12-31',
    bin: '534711',
    last4: '4321',
    maskedNumber: '5347 11•• •••• 4321',
    balanceCents: 123_456,
    lastLoadedAt: '2026-03-02T08:30:00Z',
    expiringSoon: false,
    readyToTopUp: false,
    replacedByCardId: null,
    cardholder: {
      cardholderId: uuid(2),
      firstName: 'Μαρία',
      lastName: 'Παπαδάκη',
      email: 'maria@akmi.gr',
      phone: '',
      employeeCode: 'E-17',
      taxId: '',
    },
    createdAt: '2024-01-15T10:00:00Z',
    ...overrides,
  };
}

type UnloadBody = { cards: { cardId: string; amountCents: number | null }[]; comments: string };

/** The server's preview: the balance it reads now (`balanceCents`), the amount or all of it. */
function priceHandler(balanceCents: number): MockHandler {
  return ({ body }) => {
    const line = (body as UnloadBody).cards[0]!;
    const amountCents = line.amountCents ?? balanceCents;
    if (amountCents > balanceCents) {
      return {
        status: 400,
        body: {
          success: false,
          errorCode: 2,
          errorLevel: 'error',
          errorMessage: 'Μη έγκυρα στοιχεία.',
          fields: [
            { field: 'cards.0.amountCents', message: 'Το ποσό ξεπερνά το υπόλοιπο της κάρτας (1000.00).' },
          ],
        },
      };
    }
    const price: UnloadPriceResponse = {
      success: true,
      lines: [
        {
          cardId: line.cardId,
          maskedNumber: '5347 11•• •••• 4321',
          cardName: 'Κάρτα γευμάτων',
          balanceCents,
          amountCents,
        },
      ],
      totalCents: amountCents,
    };
    return { body: price };
  };
}

function unloadApi(
  role: Parameters<typeof session>[0],
  cards: Card[],
  handlers: Record<string, MockHandler> = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(role === 'finance' ? 'C1002' : 'C1001') },
    'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
    [`POST ${FILTER}`]: { body: { success: true, cards, total: cards.length, page: 1, pageSize: 25 } },
    [`GET ${KPIS}`]: {
      body: {
        success: true,
        totalCards: cards.length,
        byStatus: { active: cards.length, blocked: 0, expired: 0, lost: 0, damaged: 0, replaced: 0 },
        totalBalanceCents: 123_456,
        loadedThisMonthCents: 0,
        loadsThisMonth: 0,
        expiringSoon: 0,
        readyToTopUp: 0,
        loadedByMonth: [],
      },
    },
    'GET /api/v1/accounts/retrieveCardSummaries': { body: { success: true, summaries: [] } },
    'GET /api/v1/accounts/cardMovements': cardMovementsHandler(() => cards),
    ...handlers,
  });
}

async function openPanel(user: ReturnType<typeof renderApp>['user'], name = 'Μαρία Παπαδάκη') {
  const table = await screen.findByRole('region', { name: /Πίνακας καρτών|Cards table/ });
  await user.click(within(table).getByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'Κάρτα γευμάτων' });
}

describe('unloading a card to the company balance', () => {
  it('previews, refuses more than the balance beside the amount, then unloads once and refreshes the list', async () => {
    const shown = card();
    const unloadOrder = orderSummary(1090, {
      orderType: 'UNLOAD',
      reason: null,
      status: 'unloaded',
      cards: 1,
      totalCents: -50_000,
    });
    let serverBalanceCents = 100_000;
    const fetchMock = unloadApi('om1', [shown], {
      // The list says 1.234,56 €; the card has spent since: the server reads 1.000,00 €.
      [`POST ${PRICE}`]: priceHandler(100_000),
      [`POST ${SUBMIT}`]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        serverBalanceCents = 50_000;
        return { body: { success: true, order: unloadOrder } };
      },
      'GET /api/v1/accounts/cardMovements': cardMovementsHandler(() => [
        { ...shown, balanceCents: serverBalanceCents },
      ]),
    });
    const { user } = renderApp('/card-list');
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Επιστροφή υπολοίπου στην εταιρεία' }));
    const dialog = await screen.findByRole('dialog', { name: 'Επιστροφή υπολοίπου στην εταιρεία' });
    const term = (name: string) => within(dialog).getByText(name, { selector: 'dt' }).nextElementSibling;
    expect(term('Τρέχον υπόλοιπο')?.textContent).toBe('1.234,56\u00a0€');
    expect(term('Κάρτα')?.textContent).toContain('Κάρτα γευμάτων');

    // An amount instead of the whole balance; over the balance shown is refused before sending.
    const whole = within(dialog).getByRole('switch', { name: 'Ολόκληρο το υπόλοιπο' });
    expect((whole as HTMLInputElement).checked).toBe(true);
    await user.click(whole);
    const amount = within(dialog).getByLabelText(/Ποσό επιστροφής/);
    await user.type(amount, '2.000,00');
    await user.click(within(dialog).getByRole('button', { name: 'Προεπισκόπηση' }));
    expect(
      await within(dialog).findByText('Το ποσό πρέπει να είναι από 0,01 € έως 1.234,56 €.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, PRICE)).toHaveLength(0);

    // Within the balance shown but over the one the server reads: its message, beside the amount.
    await user.clear(amount);
    await user.type(amount, '1.200,00');
    await user.type(within(dialog).getByLabelText(/Σχόλιο/), 'Αποχώρηση εργαζομένου');
    await user.click(within(dialog).getByRole('button', { name: 'Προεπισκόπηση' }));
    const error = await within(dialog).findByText('Το ποσό ξεπερνά το υπόλοιπο της κάρτας (1000.00).');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(error.id);
    expect(requestsTo(fetchMock, PRICE)[0]?.body).toEqual({
      cards: [{ cardId: shown.cardId, amountCents: 120_000 }],
      comments: 'Αποχώρηση εργαζομένου',
    });
    // No global error dialog on top: the panel and the unload dialog only.
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Επιβεβαίωση επιστροφής' })).toBeNull();

    await user.clear(amount);
    await user.type(amount, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Προεπισκόπηση' }));
    expect((await within(dialog).findByText(/^Θα επιστραφεί ποσό/)).textContent).toBe(
      'Θα επιστραφεί ποσό 500,00\u00a0€ από την κάρτα στο υπόλοιπο της εταιρείας, χωρίς χρεώσεις. Υπόλοιπο κάρτας μετά την επιστροφή: 500,00\u00a0€.',
    );

    // A change asks for a new preview before anything can be confirmed.
    await user.type(amount, '0');
    expect(within(dialog).queryByRole('button', { name: 'Επιβεβαίωση επιστροφής' })).toBeNull();
    await user.clear(amount);
    await user.type(amount, '500,00');
    await user.click(within(dialog).getByRole('button', { name: 'Προεπισκόπηση' }));

    const filtersBefore = requestsTo(fetchMock, FILTER).length;
    const confirm = await within(dialog).findByRole('button', { name: 'Επιβεβαίωση επιστροφής' });
    // A double click is one unload.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    const notice = await screen.findByText('Η επιστροφή καταχωρίστηκε');
    const submits = requestsTo(fetchMock, SUBMIT);
    expect(submits).toHaveLength(1);
    expect(submits[0]?.body).toEqual({
      cards: [{ cardId: shown.cardId, amountCents: 50_000 }],
      comments: 'Αποχώρηση εργαζομένου',
    });
    expect(submits[0]?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
    expect(submits[0]?.headers.get('companyId')).toBe('C1001');

    // The dialog is gone; the panel says what happened and links to the order.
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(
      within(panel).getByText('Με την παραγγελία #1090 επέστρεψαν 500,00 € στο υπόλοιπο της εταιρείας.'),
    ).toBeTruthy();
    const link = within(panel).getByRole('link', { name: 'Προβολή παραγγελίας #1090' });
    expect(link.getAttribute('href')).toBe(`/order-details-page?orderId=${unloadOrder.orderId}`);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    // The reader goes on from the notice, not from the button that opened the dialog.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Η επιστροφή καταχωρίστηκε'));
    // The server's balance less what was unloaded, until the list comes back.
    expect(within(panel).getByText('Υπόλοιπο', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '500,00\u00a0€',
    );
    // The list and its figures are asked again.
    await waitFor(() => expect(requestsTo(fetchMock, FILTER).length).toBeGreaterThan(filtersBefore));
    await waitFor(() => expect(requestsTo(fetchMock, KPIS).length).toBe(2));
  });

  it('in English: the whole balance, Escape closes the dialog only, and the button goes with the balance', async () => {
    const shown = card();
    const fetchMock = unloadApi('admin', [shown], {
      [`POST ${PRICE}`]: priceHandler(123_456),
      [`POST ${SUBMIT}`]: {
        body: {
          success: true,
          order: orderSummary(1091, { orderType: 'UNLOAD', status: 'unloaded', totalCents: -123_456 }),
        },
      },
    });
    // Provider staff act for a company.
    window.localStorage.setItem(
      'companyData',
      JSON.stringify({ companyId: 'C1001', name: 'Ακμή', vat: '094019245' }),
    );
    const { user } = renderApp('/en/card-list');
    const panel = await openPanel(user);
    const start = within(panel).getByRole('button', { name: 'Unload to company balance' });
    await user.click(start);
    let dialog = await screen.findByRole('dialog', { name: 'Unload to company balance' });
    expect(
      within(dialog).getByText('Current balance', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('1.234,56\u00a0€');
    expect(within(dialog).queryByLabelText(/Amount to unload/)).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Κάρτα γευμάτων' })).toBe(panel);

    await user.click(start);
    dialog = await screen.findByRole('dialog', { name: 'Unload to company balance' });
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect((await within(dialog).findByText(/will go back/)).textContent).toBe(
      "1.234,56\u00a0€ will go back from the card to the company's balance, with no fees. Card balance afterwards: 0,00\u00a0€.",
    );
    expect(requestsTo(fetchMock, PRICE)[0]?.body).toEqual({
      cards: [{ cardId: shown.cardId, amountCents: null }],
      comments: '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm unload' }));

    expect(await within(panel).findByText('Unload recorded')).toBeTruthy();
    expect(within(panel).getByText("Order #1091 returned 1.234,56 € to the company's balance.")).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'View order #1091' }).getAttribute('href')).toBe(
      `/en/order-details-page?orderId=${uuid(5000 + 1091)}`,
    );
    // Nothing left to unload: the button is gone, and the reader is at the notice.
    expect(within(panel).queryByRole('button', { name: 'Unload to company balance' })).toBeNull();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    expect(requestsTo(fetchMock, SUBMIT)[0]?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);

    await user.click(within(panel).getByRole('button', { name: 'Dismiss notification' }));
    expect(within(panel).queryByText('Unload recorded')).toBeNull();
  });

  it('is not offered for a card without money', async () => {
    unloadApi('om1', [card({ balanceCents: 0 })]);
    const { user } = renderApp('/card-list');
    const panel = await openPanel(user);
    expect(within(panel).getByRole('region', { name: 'Ενέργειες' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Επιστροφή υπολοίπου στην εταιρεία' })).toBeNull();
  });

  it('is not offered to the finance user, who only looks', async () => {
    unloadApi('finance', [card()]);
    const { user } = renderApp('/card-list');
    const panel = await openPanel(user);
    expect(within(panel).getByText('Υπόλοιπο', { selector: 'dt' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Επιστροφή υπολοίπου στην εταιρεία' })).toBeNull();
  });
});
