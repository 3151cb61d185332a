import { configure, screen, waitFor, within } from '@testing-library/react';
import type { CareCardholder } from '@tessera/domain';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Whole-portal renders with lazy pages and typed input: generous limits for a busy machine.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const CARD_ID = '11111111-2222-4333-8444-555555555555';
const UNLOCK = `/api/v1/cardholder-care/cards/${CARD_ID}/unlock`;

function cardholder(lockedAt: string | null): CareCardholder {
  return {
    email: 'maria@example.gr',
    invitedAt: '2026-11-20T08:00:00.000Z',
    activatedAt: '2026-11-20T09:00:00.000Z',
    cards: [
      {
        cardId: CARD_ID,
        companyId: 'C1001',
        companyName: 'Ακμή Τροφίμων Α.Ε.',
        product: 'TICKET_RESTAURANT',
        cardName: '',
        maskedNumber: '5318 90•• •••• 1234',
        holderName: 'Μαρία Παπαδοπούλου',
        email: 'maria@example.gr',
        status: 'active',
        lockedAt,
        lockedBy: lockedAt ? 'cardholder' : null,
        balanceCents: 12_345,
      },
    ],
    events: [
      {
        id: 2,
        at: '2026-11-21T10:00:00.000Z',
        kind: 'lock',
        cardId: CARD_ID,
        actor: 'cardholder',
        reason: null,
        ip: '10.0.0.1',
      },
      {
        id: 1,
        at: '2026-11-20T09:00:00.000Z',
        kind: 'sign-in',
        cardId: null,
        actor: 'cardholder',
        reason: null,
        ip: null,
      },
    ],
  };
}

describe('customer care’s cardholder page (issue 35 §8)', () => {
  it('checks the e-mail before asking, shows the cards and history, and unlocks only with a reason', async () => {
    let locked: string | null = '2026-11-21T10:00:00.000Z';
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      'GET /api/v1/cardholder-care/lookup': () => ({
        body: { success: true, cardholders: [cardholder(locked)] },
      }),
      [`POST ${UNLOCK}`]: () => {
        locked = null;
        return { body: { success: true, card: cardholder(null).cards[0] } };
      },
    });
    const { user } = renderApp('/back-office/cardholders');
    const email = await screen.findByLabelText('E-mail κατόχου');
    await user.type(email, 'maria@');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    expect(await screen.findByText('Γράψτε ένα έγκυρο e-mail.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/cardholder-care/lookup')).toEqual([]);

    await user.type(email, 'example.gr');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    const record = await screen.findByRole('article', { name: 'maria@example.gr' });
    expect(requestsTo(fetchMock, '/api/v1/cardholder-care/lookup')[0]?.url.searchParams.get('email')).toBe(
      'maria@example.gr',
    );
    expect(within(record).getByText('Κλείδωμα κάρτας')).toBeTruthy();
    expect(within(record).getByText('Σύνδεση')).toBeTruthy();

    await user.click(within(record).getByRole('button', { name: /^Ξεκλείδωμα της κάρτας 5318/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Αιτιολογία/), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Ξεκλείδωμα' }));
    expect(await within(dialog).findByText('Γράψτε τουλάχιστον 5 χαρακτήρες.')).toBeTruthy();
    expect(requestsTo(fetchMock, UNLOCK)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Αιτιολογία/), ' — the holder found it');
    await user.click(within(dialog).getByRole('button', { name: 'Ξεκλείδωμα' }));
    await waitFor(() => expect(requestsTo(fetchMock, UNLOCK)).toHaveLength(1));
    expect(requestsTo(fetchMock, UNLOCK)[0]?.body).toEqual({ reason: 'abc — the holder found it' });
    expect(
      await screen.findByText(/^Η κάρτα 5318 90•• •••• 1234 · Ακμή Τροφίμων Α.Ε. ξεκλειδώθηκε/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Ξεκλείδωμα της κάρτας 5318/ })).toBeNull(),
    );
  });
});
