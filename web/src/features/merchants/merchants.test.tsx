import type { DemoCard, MerchantAccess, MerchantSummary, StoreView, TerminalAnswer } from '@tessera/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { uuid } from '../../test/orders';
import { renderApp } from '../../test/render-app';

const API = '/api/v1/merchants';
const AUTHORISE = `${API}/virtualTerminal/authorise`;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const merchant: MerchantSummary = {
  merchantId: 'M2002',
  legalName: 'Αγορά Σούπερ Μάρκετ Α.Ε.',
  tradeName: 'Αγορά Σούπερ Μάρκετ',
  vatNumber: '099887766',
  iban: 'GR1601101250000000012300695',
  contactName: 'Σοφία Μιχαηλίδου',
  contactEmail: 'merchant@tessera.demo',
  contactPhone: '',
  feePlan: {},
};

const ENROLLED = uuid(701);
const stores: StoreView[] = [
  {
    storeId: uuid(801),
    name: 'Αγορά Κολωνάκι',
    address: 'Σκουφά 20',
    city: 'Αθήνα',
    postalCode: '10673',
    category: 'groceries',
    openingHours: '',
    channels: ['in_store'],
    acceptedProducts: ['TICKET_RESTAURANT'],
    terminals: [
      { terminalId: ENROLLED, mid: '20020001', label: 'Ταμείο 1', state: 'enrolled', clientId: 'a' },
      { terminalId: uuid(702), mid: '20020002', label: 'Ταμείο 2', state: 'requested', clientId: 'b' },
    ],
  },
];

const demoCards: DemoCard[] = [
  {
    cardToken: 'tok_demo_0001',
    label: 'Μαρία Παπαδάκη · •••• 1234 · C1001',
    product: 'TICKET_RESTAURANT',
    balanceCents: 5_000,
    declines: null,
  },
];

const approved: TerminalAnswer = {
  outcome: 'approved',
  terminalTransactionId: 'vt-1',
  authorisationId: 'A1B2C3D4',
  amountCents: 350,
  balanceCents: 4_650,
  at: '2026-03-02T10:00:00Z',
};
const declined: TerminalAnswer = {
  outcome: 'declined',
  terminalTransactionId: 'vt-2',
  reason: 'insufficientBalance',
  message: 'Ανεπαρκές υπόλοιπο',
  at: '2026-03-02T10:01:00Z',
};

function merchantApi(
  role: 'merchant' | 'admin',
  access: MerchantAccess,
  handlers: Record<string, MockHandler> = {},
) {
  return mockApi({
    'GET /api/auth/session': { body: session(role) },
    'GET /api/content/pages/merchant-home': {
      body: page('merchant-home', { title: 'Πύλη εμπόρων Tessera' }),
    },
    [`GET ${API}/retrieveRedeemerProfileDetails`]: { body: { success: true, merchant, access } },
    [`GET ${API}/retrieveStoreList`]: { body: { success: true, stores } },
    [`GET ${API}/virtualTerminal/demoCards`]: { body: { success: true, cards: demoCards } },
    [`GET ${API}/merchants`]: { body: { success: true, merchants: [merchant] } },
    ...handlers,
  });
}

const ADMIN_ACCESS: MerchantAccess = { merchantRole: 'admin', canUseTerminal: true, isProviderStaff: false };

async function findTerminal() {
  return screen.findByRole('region', { name: /Εικονικό τερματικό|Virtual terminal/ });
}

describe('the virtual terminal', () => {
  it('takes a purchase on an enrolled terminal and says it was approved, with the balance left', async () => {
    const answers = [approved];
    const fetchMock = merchantApi('merchant', ADMIN_ACCESS, {
      [`POST ${AUTHORISE}`]: () => ({ body: { success: true, answer: answers.shift() } }),
    });
    const { user } = renderApp('/merchant');
    const terminal = await findTerminal();

    // Only the enrolled terminal can be chosen; the other shows its state.
    const first = await within(terminal).findByRole('radio', { name: /Ταμείο 1 · MID 20020001/ });
    expect((first as HTMLInputElement).checked).toBe(true);
    const pending = within(terminal).getByRole('radio', { name: /Ταμείο 2 · MID 20020002/ });
    expect((pending as HTMLInputElement).disabled).toBe(true);
    expect(within(terminal).getByText('Σε αναμονή ενεργοποίησης')).toBeTruthy();

    // The demo card with its balance.
    const cardSelect = await within(terminal).findByLabelText(/^Κάρτα επίδειξης/, { selector: 'select' });
    expect(within(cardSelect).getByRole('option').textContent).toBe(
      'Μαρία Παπαδάκη · •••• 1234 · C1001 · Ticket Restaurant · υπόλοιπο 50,00\u00a0€',
    );

    // Something that is no amount is said beside the field, and nothing is sent.
    await user.type(within(terminal).getByLabelText(/^Ποσό/), 'abc');
    await user.click(within(terminal).getByRole('button', { name: 'Έγκριση αγοράς' }));
    expect(await within(terminal).findByText('Πληκτρολογήστε ποσό σε ευρώ, π.χ. 12,50')).toBeTruthy();
    expect(requestsTo(fetchMock, AUTHORISE)).toHaveLength(0);

    await user.clear(within(terminal).getByLabelText(/^Ποσό/));
    await user.type(within(terminal).getByLabelText(/^Ποσό/), '3,50');
    await user.click(within(terminal).getByRole('button', { name: 'Έγκριση 3,50\u00a0€' }));

    const status = within(terminal).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    await within(status).findByText('Εγκρίθηκε');
    expect(within(status).getByText('A1B2C3D4')).toBeTruthy();
    expect(within(status).getByText('Υπόλοιπο κάρτας').nextElementSibling?.textContent).toBe('46,50\u00a0€');
    const [sent] = requestsTo(fetchMock, AUTHORISE);
    expect(sent?.body).toEqual({ terminalId: ENROLLED, amountCents: 350, cardToken: 'tok_demo_0001' });
    expect(sent?.headers.get('Idempotency-Key')).toMatch(UUID_PATTERN);
    // A merchant user names no merchant: the server knows theirs.
    expect(sent?.headers.get('merchantId')).toBeNull();
    // The demo cards are read again for their new balances.
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/virtualTerminal/demoCards`).length).toBe(2));
  });

  it('says a purchase was declined with the reason in the page’s language; each attempt has its own key, a retry the same', async () => {
    let isDown = true;
    const fetchMock = merchantApi('merchant', ADMIN_ACCESS, {
      [`POST ${AUTHORISE}`]: () =>
        isDown
          ? {
              status: 429,
              body: { success: false, errorCode: 0, errorLevel: 'error', errorMessage: 'Too many requests' },
            }
          : { body: { success: true, answer: declined } },
    });
    const { user } = renderApp('/merchant');
    const terminal = await findTerminal();
    await within(terminal).findByLabelText(/^Κάρτα επίδειξης/, { selector: 'select' });
    // The card token instead of a demo card.
    await user.click(within(terminal).getByRole('radio', { name: 'Token κάρτας' }));
    await user.type(within(terminal).getByRole('textbox', { name: /^Token κάρτας/ }), 'tok_other_9999');
    await user.type(within(terminal).getByLabelText(/^Ποσό/), '1.000,00');
    await user.click(within(terminal).getByRole('button', { name: 'Έγκριση 1.000,00\u00a0€' }));

    // No answer (refused for now): the global error says so, the terminal says to try again, and the
    // attempt sent again carries the same key.
    await user.click(await screen.findByRole('button', { name: 'Εντάξει' }));
    expect(await within(terminal).findByText(/Δεν ήταν δυνατή η αποστολή της αγοράς/)).toBeTruthy();
    isDown = false;
    const retry = await within(terminal).findByRole('button', { name: 'Έγκριση 1.000,00\u00a0€' });
    await user.click(retry);
    await within(terminal).findByText('Απορρίφθηκε');
    expect(within(within(terminal).getByRole('status')).getByText('Ανεπαρκές υπόλοιπο')).toBeTruthy();
    const sent = requestsTo(fetchMock, AUTHORISE);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual({
      terminalId: ENROLLED,
      amountCents: 100_000,
      cardToken: 'tok_other_9999',
    });
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe(sent[0]?.headers.get('Idempotency-Key'));

    // After an answer, the same purchase typed again is a new attempt with a new key.
    await user.click(within(terminal).getByRole('button', { name: 'Έγκριση 1.000,00\u00a0€' }));
    await waitFor(() => expect(requestsTo(fetchMock, AUTHORISE)).toHaveLength(3));
    const third = requestsTo(fetchMock, AUTHORISE)[2];
    expect(third?.headers.get('Idempotency-Key')).not.toBe(sent[0]?.headers.get('Idempotency-Key'));
  });

  it('is read-only for a view-only merchant user, with a note, and asks for no demo cards', async () => {
    const fetchMock = merchantApi('merchant', {
      merchantRole: 'viewer',
      canUseTerminal: false,
      isProviderStaff: false,
    });
    renderApp('/en/merchant');
    const terminal = await findTerminal();
    expect(await within(terminal).findByText(/You have view-only access to this merchant/)).toBeTruthy();
    expect(await within(terminal).findByRole('radio', { name: /Ταμείο 1 · MID 20020001/ })).toBeTruthy();
    expect((within(terminal).getByLabelText(/^Amount/) as HTMLInputElement).disabled).toBe(true);
    expect(
      (within(terminal).getByRole('button', { name: 'Authorise purchase' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(requestsTo(fetchMock, `${API}/virtualTerminal/demoCards`)).toHaveLength(0);
    expect(requestsTo(fetchMock, AUTHORISE)).toHaveLength(0);
  });

  it('lets provider staff choose a merchant, keeps it in the address, sends it as the merchantId header and names it in a banner', async () => {
    let acting: object | undefined;
    const fetchMock = merchantApi(
      'admin',
      { merchantRole: null, canUseTerminal: true, isProviderStaff: true },
      {
        'GET /api/auth/session': () => ({ body: { ...session('admin'), ...(acting ? { acting } : {}) } }),
        [`POST ${API}/actForMerchant`]: ({ body }) => {
          acting = {
            companyId: null,
            merchantId: (body as { merchantId: string }).merchantId,
            reason: 'x',
            since: '',
          };
          return { body: { success: true } };
        },
      },
    );
    const { user, router } = renderApp('/en/merchant');
    const picker = await screen.findByRole('region', { name: "Open a merchant's portal" });
    expect(await within(picker).findByLabelText('Merchant', { selector: 'select' })).toBeTruthy();
    // Staff say why they open the merchant's portal (issue 18).
    await user.type(within(picker).getByLabelText(/Reason/), 'Merchant called about a refund');
    await user.click(within(picker).getByRole('button', { name: 'Open portal' }));
    expect(requestsTo(fetchMock, `${API}/actForMerchant`)[0]?.body).toEqual({
      merchantId: 'M2002',
      reason: 'Merchant called about a refund',
    });

    await waitFor(() => expect(router.state.location.search).toBe('?merchantId=M2002'));
    expect(
      await screen.findByText("You are viewing merchant Αγορά Σούπερ Μάρκετ's portal as provider staff"),
    ).toBeTruthy();
    await findTerminal();
    const profile = requestsTo(fetchMock, `${API}/retrieveRedeemerProfileDetails`).at(-1);
    expect(profile?.headers.get('merchantId')).toBe('M2002');
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${API}/retrieveStoreList`).at(-1)?.headers.get('merchantId')).toBe(
        'M2002',
      ),
    );
  });
});
