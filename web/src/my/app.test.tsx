import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCsrf, type CardsAnswer, type MovementsAnswer } from './api';
import { App } from './app';
import { saveCards } from './offline';

/** The cardholder app against the API contract of issue 35, with `fetch` answered here. */

const CARD = {
  cardId: '11111111-1111-4111-8111-111111111111',
  product: 'TICKET_RESTAURANT',
  family: 'plastic',
  productName: { el: 'Ticket Restaurant', en: 'Ticket Restaurant' },
  maskedNumber: '5318 90•• •••• 1234',
  cardName: 'Μαρία',
  companyName: 'Acme',
  status: 'active',
  locked: false,
  leaver: false,
  availableCents: 12_345,
  expiries: [{ amountCents: 5_000, expiresOn: '2026-12-31' }],
};
const cardsAnswer = (availableCents: number): CardsAnswer => ({
  readAt: '2026-11-28T10:00:00.000Z',
  cards: [{ ...CARD, availableCents }],
});
const DECLINE = {
  id: 'm2',
  at: '2026-11-27T09:30:00.000Z',
  kind: 'decline' as const,
  amountCents: 900,
  merchantName: 'Φούρνος',
  storeName: 'Κηφισιά',
  declineReason: 'insufficientBalance',
  declineText: { el: 'Ανεπαρκές υπόλοιπο', en: 'Insufficient balance' },
  advice: { el: 'Πληρώστε τη διαφορά αλλιώς.', en: 'Pay the difference another way.' },
};

type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };
let calls: Call[];
let answers: Record<string, () => { status: number; body?: unknown } | 'offline'>;

function answer(method: string, path: string, reply: () => { status: number; body?: unknown } | 'offline') {
  answers[`${method} ${path}`] = reply;
}

beforeEach(() => {
  calls = [];
  answers = {};
  localStorage.clear();
  resetCsrf();
  answer('GET', '/api/auth/csrf', () => ({ status: 200, body: { csrfToken: 'token-1' } }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = input.split('?')[0]!;
      calls.push({
        method,
        path: input,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const reply = answers[`${method} ${path}`]?.() ?? {
        status: 404,
        body: { success: false, errorCode: 0 },
      };
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
      });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signedIn(balances: number[]) {
  let call = 0;
  answer('GET', '/api/my/session', () => ({
    status: 200,
    body: { cardholder: { email: 'maria@example.gr', displayName: 'Μαρία' }, passkeys: 0 },
  }));
  answer('GET', '/api/my/cards', () => ({
    status: 200,
    body: cardsAnswer(balances[Math.min(call++, balances.length - 1)]!),
  }));
  answer('GET', `/api/my/cards/${CARD.cardId}/movements`, () => ({
    status: 200,
    body: { movements: [DECLINE], nextCursor: null } satisfies MovementsAnswer,
  }));
  answer('GET', '/api/my/notifications', () => ({ status: 200, body: { notifications: [], unread: 2 } }));
}

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

describe('cardholder app', () => {
  it('shows each card with its balance, expiry and latest movements, and refreshes every 15 s while visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn([12_345, 11_445]);
    open('/my');
    const tile = await screen.findByRole('region', { name: 'Ticket Restaurant' });
    expect(within(tile).getByText('123,45 €')).toBeTruthy();
    expect(within(tile).getByText('5318 90•• •••• 1234')).toBeTruthy();
    expect(within(tile).getByText('Λήγουν 50,00 € στις 31/12/2026')).toBeTruthy();
    expect(await within(tile).findByText('Φούρνος · Κηφισιά')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ειδοποιήσεις, 2 αδιάβαστες' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('el');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(await within(tile).findByText('114,45 €')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('tessera.my.cards')!).cards[0].availableCents).toBe(11_445);
  });

  it('shows the last balances kept on the phone, with the time they were read, when offline', async () => {
    saveCards(cardsAnswer(4_200));
    answer('GET', '/api/my/session', () => 'offline');
    answer('GET', '/api/my/cards', () => 'offline');
    open('/en/my');
    expect(await screen.findByText('42,00 €')).toBeTruthy();
    expect(screen.getByText('Offline · as of 28/11/2026, 12:00')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'My cards' })).toBeTruthy();
  });

  it('signs in with the mailed code, sending the CSRF token, and shows a wrong code on its field', async () => {
    answer('GET', '/api/my/session', () => ({ status: 401, body: { success: false, errorCode: 3 } }));
    answer('GET', '/api/my/cards', () => ({ status: 401, body: { success: false, errorCode: 3 } }));
    answer('POST', '/api/my/sign-in/code', () => ({ status: 202, body: { sent: true } }));
    let tries = 0;
    answer('POST', '/api/my/sign-in/verify', () =>
      tries++ === 0
        ? {
            status: 400,
            body: {
              success: false,
              errorCode: 2,
              errorMessage: 'Λάθος',
              fields: [{ field: 'code', message: 'Ο κωδικός δεν ισχύει.' }],
            },
          }
        : { status: 200, body: { cardholder: { email: 'maria@example.gr', displayName: 'Μαρία' } } },
    );
    open('/my');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'Maria@Example.gr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Αποστολή κωδικού' }));
    const code = await screen.findByLabelText('Κωδικός');
    const sent = calls.find((call) => call.path === '/api/my/sign-in/code')!;
    expect(sent.body).toEqual({ email: 'Maria@Example.gr', locale: 'el' });
    expect(sent.headers['X-CSRF-Token']).toBe('token-1');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Σύνδεση' }));
    expect(await screen.findByText('Ο κωδικός δεν ισχύει.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    signedIn([12_345]);
    fireEvent.click(screen.getByRole('button', { name: 'Σύνδεση' }));
    expect(await screen.findByText('123,45 €')).toBeTruthy();
    expect(window.location.pathname).toBe('/my');
  });

  it('shows a decline with its reason and advice on the card page, and locks the card', async () => {
    signedIn([12_345]);
    let locked = false;
    answer('POST', `/api/my/cards/${CARD.cardId}/lock`, () => {
      locked = true;
      return { status: 200, body: { locked: true } };
    });
    answer('GET', '/api/my/cards', () => ({
      status: 200,
      body: { ...cardsAnswer(12_345), cards: [{ ...CARD, locked }] },
    }));
    answer('GET', `/api/my/cards/${CARD.cardId}/rules`, () => ({
      status: 200,
      body: { rules: [], dailyCapCents: 3_000 },
    }));
    open(`/en/my/cards/${CARD.cardId}`);
    expect(await screen.findByText('Declined: Insufficient balance')).toBeTruthy();
    expect(screen.getByText('What to do: Pay the difference another way.')).toBeTruthy();
    expect(await screen.findByText('Daily limit: 30,00 €')).toBeTruthy();
    const lock = screen.getByRole('switch', { name: 'Lock card' });
    expect(lock.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(lock);
    expect(await screen.findByText('The card is locked.')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Lock card' }).getAttribute('aria-checked')).toBe('true');
    expect(calls.find((call) => call.path.endsWith('/lock'))?.headers['X-CSRF-Token']).toBe('token-1');
  });
});
