import type { LeaverCard, LeaversAndExpiringResponse } from '@tessera/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { orderSummary, uuid } from '../../test/orders';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const LIST = '/api/v1/accounts/leaversAndExpiring';
const RENEWAL = '/api/v1/accounts/setCardsRenewal';
const REPLACE = '/api/v1/orders/replaceCards';
const BLOCK = '/api/v1/orders/blockAndUnloadCards';

function leaverCard(n: number, overrides: Partial<LeaverCard> = {}): LeaverCard {
  return {
    cardId: uuid(n),
    maskedNumber: `5347 11•• •••• 000${n}`,
    cardName: `Κάρτα ${n}`,
    product: 'TICKET_RESTAURANT',
    family: 'plastic',
    status: 'active',
    expiryDate: '2027-01-31',
    balanceCents: 10_000 * n,
    isExpiringSoon: true,
    doNotRenew: false,
    cardholder: {
      cardholderId: uuid(100 + n),
      firstName: 'Νίκος',
      lastName: `Αλεξίου${n}`,
      leaverSince: null,
    },
    ...overrides,
  };
}

function listHandler(cards: LeaverCard[]): MockHandler {
  return () => {
    const body: LeaversAndExpiringResponse = {
      success: true,
      cards,
      total: cards.length,
      page: 1,
      pageSize: 50,
      counts: { expiring: cards.length, leavers: 1 },
    };
    return { body };
  };
}

function pageApi(
  role: Parameters<typeof session>[0],
  cards: LeaverCard[],
  handlers: Record<string, MockHandler> = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse(role === 'finance' ? 'C1002' : 'C1001') },
    'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
    [`GET ${LIST}`]: listHandler(cards),
    ...handlers,
  });
}

async function table() {
  return screen.findByRole('region', { name: 'Πίνακας αποχωρήσεων και καρτών που λήγουν' });
}

describe('the leavers and expiry page', () => {
  it('lists the cards with holder, balance, expiry, leaver date and renewal, and switches to the leavers', async () => {
    const cards = [
      leaverCard(1),
      leaverCard(2, {
        isExpiringSoon: false,
        doNotRenew: true,
        cardholder: {
          cardholderId: uuid(102),
          firstName: 'Άννα',
          lastName: 'Βλάχου',
          leaverSince: '2026-12-15',
        },
      }),
    ];
    const fetchMock = pageApi('om1', cards);
    const { user } = renderApp('/cards/leavers-expiry');
    const region = await table();
    const rows = within(region).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Νίκος Αλεξίου1');
    expect(rows[1]!.textContent).toContain('100,00\u00a0€');
    expect(rows[1]!.textContent).toContain('Ανανεώνεται');
    expect(rows[2]!.textContent).toContain('Χωρίς ανανέωση');
    expect(rows[2]!.textContent).toContain('15/12/2026');
    expect(requestsTo(fetchMock, LIST)[0]?.url.searchParams.get('which')).toBe('expiring');

    await user.click(screen.getByRole('radio', { name: /Αποχωρήσεις/ }));
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, LIST).some((call) => call.url.searchParams.get('which') === 'leavers'),
      ).toBe(true),
    );
  });

  it('blocks and unloads the chosen cards after a confirmation stating the total, once for a double click', async () => {
    const cards = [leaverCard(1), leaverCard(2), leaverCard(3)];
    const fetchMock = pageApi('om1', cards, {
      [`POST ${BLOCK}`]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return {
          body: {
            success: true,
            blocked: 2,
            unloadedCents: 40_000,
            order: orderSummary(1091, {
              orderType: 'UNLOAD',
              reason: null,
              status: 'unloaded',
              cards: 2,
              totalCents: -40_000,
            }),
          },
        };
      },
    });
    const { user } = renderApp('/cards/leavers-expiry');
    const region = await table();
    await user.click(within(region).getByRole('checkbox', { name: /0001/ }));
    await user.click(within(region).getByRole('checkbox', { name: /0003/ }));
    expect(screen.getByText('2 κάρτες επιλεγμένες')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Μπλοκάρισμα και επιστροφή υπολοίπου' }));
    const dialog = await screen.findByRole('dialog', { name: 'Μπλοκάρισμα και επιστροφή υπολοίπου' });
    // 100,00 € + 300,00 €: the total that goes back to the company.
    expect(within(dialog).getByText(/400,00/).textContent).toBe(
      'Οι 2 κάρτες θα μπλοκαριστούν και θα επιστρέψουν 400,00\u00a0€ στο υπόλοιπο της εταιρείας. Η ενέργεια δεν αναιρείται από εδώ.',
    );
    expect(requestsTo(fetchMock, BLOCK)).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Μπλοκάρισμα και επιστροφή' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText(/Μπλοκαρίστηκαν 2 κάρτες/)).toBeTruthy();
    const calls = requestsTo(fetchMock, BLOCK);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ cardIds: [uuid(1), uuid(3)] });
    expect(calls[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the rows the server refused, by their messages, and keeps the choice', async () => {
    const cards = [leaverCard(1), leaverCard(2)];
    pageApi('om1', cards, {
      [`POST ${REPLACE}`]: {
        status: 400,
        body: {
          success: false,
          errorCode: 2,
          errorLevel: 'error',
          errorMessage: 'Μη έγκυρα στοιχεία.',
          fields: [
            {
              field: 'cardIds.1',
              message:
                'Γραμμή 2: η κάρτα 5347 11•• •••• 0002 έχει σημειωθεί «χωρίς ανανέωση» και δεν αντικαθίσταται όταν λήξει.',
            },
          ],
        },
      },
    });
    const { user } = renderApp('/cards/leavers-expiry');
    const region = await table();
    await user.click(within(region).getByRole('checkbox', { name: 'Επιλογή όλων των καρτών της σελίδας' }));
    await user.click(screen.getByRole('button', { name: 'Αντικατάσταση' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Γραμμή 2: η κάρτα 5347 11•• •••• 0002');
    expect(screen.getByText('2 κάρτες επιλεγμένες')).toBeTruthy();
    // No global error dialog on top of the page.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks cards "do not renew" and shows the list read-only to the finance user', async () => {
    const fetchMock = pageApi('om1', [leaverCard(1)], {
      [`POST ${RENEWAL}`]: { body: { success: true, changed: 1 } },
    });
    const { user, unmount } = renderApp('/cards/leavers-expiry');
    const region = await table();
    await user.click(within(region).getByRole('checkbox', { name: /0001/ }));
    await user.click(screen.getByRole('button', { name: 'Χωρίς ανανέωση' }));
    expect(await screen.findByText('Η κάρτα δεν θα ανανεωθεί.')).toBeTruthy();
    expect(requestsTo(fetchMock, RENEWAL)[0]?.body).toEqual({ cardIds: [uuid(1)], doNotRenew: true });
    unmount();

    pageApi('finance', [leaverCard(1)]);
    renderApp('/cards/leavers-expiry');
    const readOnly = await table();
    expect(within(readOnly).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Αντικατάσταση' })).toBeNull();
  });
});
