import type {
  MerchantBalance,
  MerchantKpis,
  MerchantNotification,
  MerchantSettlementsResponse,
  MerchantSummary,
  MerchantTransaction,
  StoreView,
} from '@tessera/domain';
import { addDays, athensDate } from '@tessera/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, session } from '../../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../../test/narrow-screen';
import { uuid } from '../../../test/orders';
import { renderApp } from '../../../test/render-app';

const API = '/api/v1/merchants';
const TRANSACTIONS = `${API}/retrieveTransactionList`;
const UPDATE_NOTIFICATION = `${API}/updateMerchantNotification`;

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
const STORE = uuid(801);
const TERMINAL = uuid(701);
const stores: StoreView[] = [
  {
    storeId: STORE,
    name: 'Αγορά Κολωνάκι',
    address: 'Σκουφά 20',
    city: 'Αθήνα',
    postalCode: '10673',
    category: 'groceries',
    openingHours: '',
    channels: ['in_store'],
    acceptedProducts: ['TICKET_RESTAURANT'],
    terminals: [
      { terminalId: TERMINAL, mid: '20020001', label: 'Ταμείο 1', state: 'enrolled', clientId: 'a' },
    ],
  },
];

function transaction(n: number, overrides: Partial<MerchantTransaction> = {}): MerchantTransaction {
  return {
    transactionId: uuid(900 + n),
    terminalTransactionId: `T-${n}`,
    kind: 'authorise',
    outcome: 'approved',
    declineReason: null,
    amountCents: 1_000 + n,
    product: 'TICKET_RESTAURANT',
    storeId: STORE,
    storeName: 'Αγορά Κολωνάκι',
    terminalId: TERMINAL,
    terminalLabel: 'Ταμείο 1',
    mid: '20020001',
    authorisationId: 'A1',
    maskedCard: '•••• 1234',
    at: '2026-03-02T10:00:00Z',
    ...overrides,
  };
}

const today = athensDate();
const kpis: MerchantKpis = {
  today: { salesCents: 12_345, count: 7, averageTicketCents: 1_764 },
  month: { salesCents: 456_789, count: 210, averageTicketCents: 2_175 },
  declinesToday: 2,
  salesByDay: Array.from({ length: 30 }, (_, index) => ({
    day: addDays(today, index - 29),
    salesCents: index * 100,
    count: index,
  })),
  salesByStore: [{ storeId: STORE, storeName: 'Αγορά Κολωνάκι', salesCents: 456_789 }],
  salesByProduct: [{ product: 'TICKET_RESTAURANT', salesCents: 456_789 }],
  peakHours: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 13 ? 40 : 1 })),
  latestDeclines: [
    transaction(1, { outcome: 'declined', declineReason: 'midNotEnrolled', authorisationId: null }),
  ],
};
const balance: MerchantBalance = {
  unsettledCents: 5_000,
  scheduledPayoutCents: 9_628 + 4_200,
  scheduledPayoutCount: 2,
  nextPayout: { amountCents: 9_628, state: 'scheduled', day: '2026-03-01' },
  onTheWay: [
    { payoutId: uuid(611), amountCents: 7_350, day: '2026-02-26', sentAt: '2026-02-27T09:00:00Z' },
    { payoutId: uuid(612), amountCents: 2_500, day: '2026-02-27', sentAt: '2026-02-27T09:00:00Z' },
  ],
  onTheWayCents: 9_850,
  lastPayouts: [],
};
const settlements: MerchantSettlementsResponse = {
  success: true,
  settlements: [
    {
      settlementId: uuid(601),
      businessDay: '2026-03-01',
      purchasesCents: 10_000,
      refundsCents: 0,
      grossCents: 10_000,
      feeCents: 300,
      vatCents: 72,
      netCents: 9_628,
      carriedCents: 0,
      lines: [
        {
          product: 'VOUCHER',
          purchases: 10_000,
          count: 3,
          givenBack: 0,
          sales: 10_000,
          basisPoints: 300,
          fee: 300,
          vat: 72,
          net: 9_628,
        },
      ],
      createdAt: '2026-03-02T00:30:00Z',
      payout: {
        payoutId: uuid(602),
        amountCents: 9_628,
        state: 'paid',
        createdAt: '2026-03-02T00:30:00Z',
        sentAt: '2026-03-03T09:00:00Z',
        paidAt: '2026-03-05T09:00:00Z',
      },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
  totals: { purchasesCents: 10_000, feeCents: 1_000, vatCents: 240, netCents: 8_760 },
  invoiceMonths: ['2026-03', '2026-02'],
};
const notifications: MerchantNotification[] = [
  {
    notificationId: uuid(501),
    kind: 'payoutSent',
    title: 'Η πληρωμή σας στάλθηκε',
    body: 'Στάλθηκαν 96,28 € στον λογαριασμό GR16… για τις πωλήσεις της 01/03/2026.',
    createdAt: '2026-03-03T09:00:00Z',
    read: false,
  },
  {
    notificationId: uuid(502),
    kind: 'midEnrolled',
    title: 'Νέο τερματικό σε λειτουργία',
    body: 'Το τερματικό Ταμείο 1 (MID 20020001) ενεργοποιήθηκε.',
    createdAt: '2026-02-03T09:00:00Z',
    read: true,
  },
];

function merchantApi(handlers: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/auth/session': { body: session('merchant') },
    'GET /api/content/pages/merchant-home': {
      body: page('merchant-home', { title: 'Πύλη εμπόρων Tessera' }),
    },
    [`GET ${API}/retrieveRedeemerProfileDetails`]: {
      body: {
        success: true,
        merchant,
        access: { merchantRole: 'viewer', canUseTerminal: false, isProviderStaff: false },
      },
    },
    [`GET ${API}/retrieveStoreList`]: { body: { success: true, stores } },
    [`GET ${API}/retrieveKpis`]: { body: { success: true, kpis } },
    [`GET ${API}/retrieveBalance`]: { body: { success: true, ...balance } },
    [`GET ${API}/retrieveSettlements`]: { body: settlements },
    [`GET ${API}/retrieveMerchantNotifications`]: { body: { success: true, notifications, unread: 1 } },
    ...handlers,
  });
}

describe('the merchant dashboard', () => {
  it('shows sales, the month’s fees, the next payout, the charts’ figures and the latest declines with what to do', async () => {
    merchantApi();
    renderApp('/merchant');
    // The chart library loads on its own (lazy), slowly in jsdom.
    const dashboard = await screen.findByRole('region', { name: 'Πίνακας ελέγχου' }, { timeout: 5_000 });
    expect(await within(dashboard).findByText('123,45 €')).toBeTruthy();
    expect(within(dashboard).getByText('4.567,89 €')).toBeTruthy();
    expect(within(dashboard).getByText('2 απορρίψεις σήμερα')).toBeTruthy();
    // Sales, transactions and the average ticket on one basis, said (issue 34 §2 item 5).
    expect(
      within(dashboard).getByText(
        'Οι πωλήσεις, οι συναλλαγές και η μέση απόδειξη μετρούν τις εγκεκριμένες αγορές μείον ό,τι επιστράφηκε γι’ αυτές (ακυρώσεις και επιστροφές)· μια αγορά που ακυρώθηκε ή επιστράφηκε ολόκληρη δεν μετράει.',
      ),
    ).toBeTruthy();
    // Fees this month with VAT, from the settlements' sums.
    expect(await within(dashboard).findByText('12,40 €')).toBeTruthy();
    expect(
      within(dashboard).getByText('Προμήθεια 10,00 € + ΦΠΑ 2,40 €, στις εκκαθαρισμένες ημέρες'),
    ).toBeTruthy();
    // The next scheduled payout with its day and state, and what is already on its way.
    expect(within(dashboard).getByText('96,28 €')).toBeTruthy();
    expect(within(dashboard).getByText('Προγραμματισμένη')).toBeTruthy();
    expect(within(dashboard).getByText('98,50 € καθ’ οδόν προς τον λογαριασμό σας')).toBeTruthy();
    // Each chart has its figures as a table.
    const byProduct = await within(dashboard).findByRole(
      'table',
      { name: 'Πωλήσεις ανά προϊόν (μήνας)' },
      { timeout: 10_000 },
    );
    expect(within(byProduct).getByRole('rowheader', { name: 'Ticket Restaurant' })).toBeTruthy();
    const hours = within(dashboard).getByRole('table', { name: 'Ώρες αιχμής (συναλλαγές ανά ώρα)' });
    expect(within(hours).getAllByRole('row')).toHaveLength(25);
    // The decline in Greek with a hint; the link to every decline.
    const declines = within(dashboard).getByRole('region', { name: 'Τελευταίες απορρίψεις' });
    expect(within(declines).getByText('Το MID του τερματικού δεν είναι ενεργό')).toBeTruthy();
    expect(within(declines).getByText(/Ζητήστε ενεργοποίηση του MID/)).toBeTruthy();
    expect(within(declines).getByRole('link', { name: 'Όλες οι απορρίψεις →' }).getAttribute('href')).toBe(
      '/merchant/balance-sheet?outcome=declined#transactions',
    );
    // The virtual terminal is still there, below.
    expect(await screen.findByRole('region', { name: /Εικονικό τερματικό/ })).toBeTruthy();
  });
});

describe('the balance sheet', () => {
  it('shows each payout with its fee per product and links to the purchases of its day', async () => {
    merchantApi({
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: [transaction(1)], nextCursor: null } },
    });
    const { user } = renderApp('/en/merchant/balance-sheet');
    const table = await screen.findByRole('region', { name: 'Settlements and payouts' });
    const row = (await within(table).findByRole('rowheader', { name: /01\/03\/2026/ })).closest('tr')!;
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByText('Paid 05/03/2026, 11:00')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Per product' }));
    const lines = within(table).getByRole('table', { name: 'Fee per product, 01/03/2026' });
    expect(within(lines).getByRole('rowheader', { name: /Gift voucher/ })).toBeTruthy();
    expect(within(lines).getByText('3 %')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Purchases of 01/03/2026' }).getAttribute('href')).toBe(
      '/en/merchant/balance-sheet?from=2026-03-01&to=2026-03-01#transactions',
    );
    const invoices = screen.getByRole('region', { name: 'Monthly fee statements' });
    expect(within(invoices).getByRole('link', { name: 'Statement March 2026' }).getAttribute('href')).toBe(
      `${API}/feeInvoice?month=2026-03`,
    );
  });

  it('sends the filters, pages with a stack of cursors, and downloads with the same filters', async () => {
    const fetchMock = merchantApi({
      [`GET ${TRANSACTIONS}`]: ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        return {
          body: {
            success: true,
            transactions: [
              transaction(cursor ? 2 : 1, { outcome: 'declined', declineReason: 'insufficientBalance' }),
            ],
            nextCursor: cursor ? null : 'cursor-2',
          },
        };
      },
    });
    const { user } = renderApp('/merchant/balance-sheet');
    const section = await screen.findByRole('region', { name: 'Συναλλαγές' });
    await within(section).findByText('Σελίδα 1');

    await user.selectOptions(within(section).getByLabelText('Αποτέλεσμα'), 'declined');
    await user.selectOptions(within(section).getByLabelText('Κατάστημα'), STORE);
    await waitFor(() => {
      const last = requestsTo(fetchMock, TRANSACTIONS).at(-1)!;
      expect(last.url.searchParams.get('outcome')).toBe('declined');
      expect(last.url.searchParams.get('storeId')).toBe(STORE);
      expect(last.url.searchParams.get('cursor')).toBeNull();
    });
    expect(await within(section).findByText('Ανεπαρκές υπόλοιπο')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Επόμενη' }));
    expect(await within(section).findByText('Σελίδα 2')).toBeTruthy();
    expect(requestsTo(fetchMock, TRANSACTIONS).at(-1)!.url.searchParams.get('cursor')).toBe('cursor-2');
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Επόμενη' }).hasAttribute('disabled')).toBe(true),
    );
    await user.click(within(section).getByRole('button', { name: 'Προηγούμενη' }));
    expect(await within(section).findByText('Σελίδα 1')).toBeTruthy();

    const xlsx = within(section).getByRole('link', { name: 'Λήψη Excel (xlsx)' }).getAttribute('href')!;
    const params = new URL(xlsx, 'http://localhost').searchParams;
    expect(params.get('outcome')).toBe('declined');
    expect(params.get('storeId')).toBe(STORE);
    expect(params.get('format')).toBe('xlsx');
    expect(params.get('lang')).toBe('el');
  });
});

describe('the balance sheet’s payouts (issue 34 §2 item 2)', () => {
  it('shows the next scheduled payout and lists the payouts on their way', async () => {
    merchantApi({
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: [], nextCursor: null } },
    });
    renderApp('/en/merchant/balance-sheet');
    const summary = await screen.findByRole('region', { name: 'Balance' });
    expect(await within(summary).findByText('96,28 €')).toBeTruthy();
    expect(within(summary).getByText('For the sales of 01/03/2026')).toBeTruthy();
    expect(within(summary).getByText('Scheduled')).toBeTruthy();
    expect(within(summary).getByText('and 1 more day scheduled')).toBeTruthy();
    const onTheWay = within(summary).getByRole('region', { name: 'On the way to your account' });
    expect(
      within(onTheWay).getByText('Sent to the bank, not yet confirmed paid: 98,50 € in all.'),
    ).toBeTruthy();
    const items = within(onTheWay).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'For the sales of 26/02/202673,50\u00a0€Sent 27/02/2026',
      'For the sales of 27/02/202625,00\u00a0€Sent 27/02/2026',
    ]);
  });

  it('says no payout is scheduled when every one was sent, in Greek', async () => {
    merchantApi({
      [`GET ${API}/retrieveBalance`]: {
        body: {
          success: true,
          ...balance,
          scheduledPayoutCents: 0,
          scheduledPayoutCount: 0,
          nextPayout: null,
        },
      },
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: [], nextCursor: null } },
    });
    renderApp('/merchant/balance-sheet');
    const summary = await screen.findByRole('region', { name: 'Υπόλοιπο' });
    expect(await within(summary).findByText('Δεν έχει προγραμματιστεί πληρωμή')).toBeTruthy();
    const onTheWay = within(summary).getByRole('region', { name: 'Καθ’ οδόν προς τον λογαριασμό σας' });
    expect(within(onTheWay).getAllByRole('listitem')).toHaveLength(2);
    expect(within(onTheWay).getByText('Για τις πωλήσεις της 26/02/2026')).toBeTruthy();
  });
});

describe('the balance sheet’s transactions (issue 34 §2 item 3)', () => {
  const rows = [
    transaction(1),
    transaction(2, { outcome: 'declined', declineReason: 'cardExpired', authorisationId: null }),
  ];

  it('on a phone shows each transaction as a card with its amount and outcome, no sideways table', async () => {
    onNarrowScreen();
    merchantApi({
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: rows, nextCursor: null } },
    });
    renderApp('/merchant/balance-sheet');
    const section = await screen.findByRole('region', { name: 'Συναλλαγές' });
    const list = await within(section).findByRole('list', { name: 'Συναλλαγές, νεότερες πρώτα' });
    // No table and no scroll region a keyboard cannot reach: the cards need no sideways scroll.
    expect(within(section).queryByRole('table')).toBeNull();
    expect(section.querySelector('.mantine-ScrollArea-root, [class*="ScrollContainer"]')).toBeNull();
    const [approved, declined] = within(list).getAllByRole('listitem');
    expect(approved!.classList.contains('tessera-record')).toBe(true);
    expect(approved!.querySelector('.tessera-record__title time')?.getAttribute('datetime')).toBe(
      '2026-03-02T10:00:00Z',
    );
    expect(
      within(approved!.querySelector<HTMLElement>('.tessera-record__aside')!).getByText('Εγκρίθηκε'),
    ).toBeTruthy();
    expect(recordFields(approved!)).toEqual({
      Ποσό: '10,01 €',
      'Κατάστημα και τερματικό': 'Αγορά ΚολωνάκιΤαμείο 1 · MID 20020001',
      Είδος: 'Αγορά',
      Προϊόν: 'Ticket Restaurant',
      Κάρτα: '•••• 1234',
    });
    // The amount is the key value, across the card.
    expect(approved!.querySelector('.tessera-record__field--key dd')?.textContent).toBe('10,01 €');
    expect(within(declined!).getByText('Απορρίφθηκε')).toBeTruthy();
    expect(recordFields(declined!)['Αιτία απόρριψης']).toBe('Η κάρτα έχει λήξει');
  });

  it('on a phone shows each settled day as a card with its net and payout state, per product on demand', async () => {
    onNarrowScreen();
    merchantApi({
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: rows, nextCursor: null } },
    });
    const { user } = renderApp('/en/merchant/balance-sheet');
    const section = await screen.findByRole('region', { name: 'Settlements and payouts' });
    const list = await within(section).findByRole('list', { name: 'Settled days, newest first' });
    expect(within(section).queryByRole('table')).toBeNull();
    const [day] = within(list).getAllByRole('listitem');
    expect(within(day!.querySelector<HTMLElement>('.tessera-record__aside')!).getByText('Paid')).toBeTruthy();
    expect(recordFields(day!)).toMatchObject({
      Net: '96,28\u00a0€',
      Purchases: '100,00\u00a0€',
      Payout: '96,28\u00a0€ · Paid 05/03/2026, 11:00',
    });
    expect(within(day!).getByRole('link', { name: 'Purchases of 01/03/2026' })).toBeTruthy();
    await user.click(within(day!).getByRole('button', { name: 'Per product' }));
    const lines = within(day!).getByRole('list', { name: 'Fee per product, 01/03/2026' });
    expect(within(lines).getByText(/Gift voucher/)).toBeTruthy();
    expect(within(lines).getByText(/Rate 3 %/)).toBeTruthy();
  });

  it('on a wide screen keeps the settlements table in a scroll region a keyboard can reach', async () => {
    merchantApi({
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: rows, nextCursor: null } },
    });
    renderApp('/en/merchant/balance-sheet');
    const scroll = await screen.findByRole('region', { name: 'Settled days, newest first' });
    expect(scroll.getAttribute('tabindex')).toBe('0');
    expect(within(scroll).getByRole('table')).toBeTruthy();
  });

  it('on a wide screen keeps the table in a scroll region a keyboard can reach', async () => {
    merchantApi({
      [`GET ${TRANSACTIONS}`]: { body: { success: true, transactions: rows, nextCursor: null } },
    });
    renderApp('/en/merchant/balance-sheet');
    const scroll = await screen.findByRole('region', { name: 'Transactions, newest first' });
    expect(scroll.getAttribute('tabindex')).toBe('0');
    const table = within(scroll).getByRole('table', { name: 'Transactions, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('10,01 €')).toBeTruthy();
  });
});

describe('the merchant’s notifications', () => {
  it('lists them, marks one and then all read, and the bell counts the unread', async () => {
    const fetchMock = merchantApi({ [`POST ${UPDATE_NOTIFICATION}`]: { body: { success: true } } });
    const { user } = renderApp('/merchant/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ειδοποιήσεις' })).toBeTruthy();
    expect(await screen.findByText('Η πληρωμή σας στάλθηκε')).toBeTruthy();
    expect(screen.getByText('Νέο τερματικό σε λειτουργία')).toBeTruthy();
    // The bell speaks of the merchant's notifications.
    expect(await screen.findByRole('button', { name: 'Ειδοποιήσεις: 1 μη αναγνωσμένη' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Σήμανση ως αναγνωσμένης: Η πληρωμή σας στάλθηκε' }));
    await waitFor(() => expect(requestsTo(fetchMock, UPDATE_NOTIFICATION)).toHaveLength(1));
    expect(requestsTo(fetchMock, UPDATE_NOTIFICATION)[0]?.body).toEqual({ notificationId: uuid(501) });

    await user.click(screen.getByRole('button', { name: 'Όλες διαβάστηκαν' }));
    await waitFor(() => expect(requestsTo(fetchMock, UPDATE_NOTIFICATION)).toHaveLength(2));
    expect(requestsTo(fetchMock, UPDATE_NOTIFICATION)[1]?.body).toEqual({});
  });
});
