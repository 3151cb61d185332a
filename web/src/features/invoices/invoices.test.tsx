import type { CustomerInvoice, CustomerInvoicesResponse, MerchantSummary } from '@tessera/domain';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { onNarrowScreen, recordFields } from '../../test/narrow-screen';
import { orderDetails, uuid } from '../../test/orders';
import { renderApp } from '../../test/render-app';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDERS = '/api/v1/orders';
const MERCHANTS = '/api/v1/merchants';

const INVOICE: CustomerInvoice = {
  invoiceId: uuid(9001),
  number: 'TPY-12',
  documentType: '2.1',
  issueDate: '2026-03-05',
  state: 'transmitted',
  isTransmissionFailure: false,
  mark: '400001234567890',
  netCents: 1_350,
  vatCents: 324,
  grossCents: 1_674,
  orderId: uuid(6042),
  orderNumber: 1042,
  credits: null,
  lineKinds: ['cardFee', 'serviceFee'],
};
const CREDIT: CustomerInvoice = {
  ...INVOICE,
  invoiceId: uuid(9002),
  number: 'PT-3',
  documentType: '5.1',
  issueDate: '2026-03-09',
  mark: '400001234567999',
  netCents: 100,
  vatCents: 24,
  grossCents: 124,
  credits: { invoiceId: INVOICE.invoiceId, number: 'TPY-12' },
  lineKinds: ['cardFee'],
};
const WAITING: CustomerInvoice = {
  ...INVOICE,
  invoiceId: uuid(9003),
  number: 'TPY-13',
  issueDate: '2026-03-10',
  state: 'transmission_failed',
  isTransmissionFailure: true,
  mark: null,
  orderId: uuid(6043),
  orderNumber: 1043,
};

const page = (invoices: CustomerInvoice[], total = invoices.length): CustomerInvoicesResponse => ({
  success: true,
  invoices,
  total,
  page: 1,
  pageSize: 10,
});

function financeApi(handlers: Record<string, MockHandler>) {
  writeStore('companyData', COMPANIES.C1002);
  return mockApi({
    'GET /api/auth/session': { body: session('finance') },
    'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1002') },
    'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
    'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
    [`GET ${ORDERS}/retrieveDraftOrdersFinanceUser`]: { body: { success: true, drafts: [], total: 0 } },
    [`GET ${ORDERS}/retrieveOrderHistory`]: {
      body: { success: true, orders: [], total: 0, page: 1, pageSize: 5 },
    },
    [`GET ${ORDERS}/retrieveApmLoops`]: { body: { success: true, loops: [] } },
    ...handlers,
  });
}

describe('the company’s invoices on the finance desk', () => {
  it('lists invoices and credit notes with their order, total, MARK or state, and their PDF and XML', async () => {
    financeApi({ [`GET ${ORDERS}/invoices`]: { body: page([WAITING, CREDIT, INVOICE]) } });
    renderApp('/en/finance');
    const section = await screen.findByRole('region', { name: 'Invoices and credit notes' });
    const table = await within(section).findByRole('region', {
      name: 'The company’s invoices and credit notes',
    });
    const row = (number: string) =>
      within(table)
        .getByRole('rowheader', { name: new RegExp(`^${number} `) })
        .closest('tr')!;

    const invoice = row('TPY-12');
    expect(within(invoice).getByText('Invoice for services')).toBeTruthy();
    expect(within(invoice).getByText('05/03/2026')).toBeTruthy();
    expect(within(invoice).getByRole('link', { name: 'Open order #1042' }).getAttribute('href')).toBe(
      `/en/order-details-page?orderId=${INVOICE.orderId}`,
    );
    expect(within(invoice).getByText('16,74 €')).toBeTruthy();
    expect(within(invoice).getByText('Transmitted')).toBeTruthy();
    expect(within(invoice).getByText('MARK 400001234567890')).toBeTruthy();
    const pdf = within(invoice).getByRole('link', { name: 'PDF of TPY-12 (opens in a new tab)' });
    expect(pdf.getAttribute('href')).toBe(
      `${ORDERS}/invoices/${INVOICE.invoiceId}/pdf?companyId=C1002&lang=en`,
    );
    expect(pdf.getAttribute('target')).toBe('_blank');
    const xml = within(invoice).getByRole('link', { name: 'XML (myDATA) of TPY-12' });
    expect(xml.getAttribute('href')).toBe(
      `${ORDERS}/invoices/${INVOICE.invoiceId}/xml?companyId=C1002&lang=en`,
    );
    expect(xml.hasAttribute('download')).toBe(true);

    // A credit note names its invoice and counts negative.
    const credit = row('PT-3');
    expect(within(credit).getByText('Credit note')).toBeTruthy();
    expect(within(credit).getByText('Credits TPY-12')).toBeTruthy();
    expect(within(credit).getByText('-1,24 €')).toBeTruthy();

    // Issued while AADE was unreachable: no MARK yet, and it says why.
    const waiting = row('TPY-13');
    expect(within(waiting).getByText('Transmission pending')).toBeTruthy();
    expect(within(waiting).getByText('No MARK yet')).toBeTruthy();
    expect(within(waiting).getByText('Issued while AADE was unreachable')).toBeTruthy();
    expect(within(section).getByRole('status').textContent).toBe('3 documents');
  });

  it('filters by period and kind, a page at a time, and downloads what it shows as Excel', async () => {
    const fetchMock = financeApi({
      [`GET ${ORDERS}/invoices`]: ({ url }) => ({
        body: url.searchParams.get('kind') === 'credit-note' ? page([], 0) : page([INVOICE], 25),
      }),
    });
    const { user } = renderApp('/finance');
    const section = await screen.findByRole('region', { name: 'Τιμολόγια και πιστωτικά' });
    await within(section).findByText('TPY-12');
    const exportLink = within(section).getByRole('link', { name: 'Λήψη Excel για τον λογιστή' });
    expect(exportLink.getAttribute('href')).toBe(`${ORDERS}/invoices/export?companyId=C1002&lang=el`);

    await user.click(within(section).getByRole('button', { name: 'Σελίδα 2' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${ORDERS}/invoices`).at(-1)!.url.searchParams.get('page')).toBe('2'),
    );

    const filters = within(section).getByRole('search', { name: 'Φίλτρα τιμολογίων' });
    await user.type(within(filters).getByLabelText('Από'), '2026-03-01');
    await user.selectOptions(within(filters).getByLabelText('Είδος'), 'Πιστωτικά');
    expect(await within(section).findByText('Κανένα παραστατικό δεν ταιριάζει στα φίλτρα.')).toBeTruthy();
    const last = requestsTo(fetchMock, `${ORDERS}/invoices`).at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({
      page: '1',
      pageSize: '10',
      from: '2026-03-01',
      kind: 'credit-note',
    });
    expect(last.headers.get('companyId')).toBe('C1002');
    expect(exportLink.getAttribute('href')).toBe(
      `${ORDERS}/invoices/export?from=2026-03-01&kind=credit-note&companyId=C1002&lang=el`,
    );
    await user.click(within(filters).getByRole('button', { name: 'Καθαρισμός φίλτρων' }));
    expect(await within(section).findByText('TPY-12')).toBeTruthy();
  });

  it('says there are no invoices yet', async () => {
    financeApi({ [`GET ${ORDERS}/invoices`]: { body: page([]) } });
    renderApp('/finance');
    const section = await screen.findByRole('region', { name: 'Τιμολόγια και πιστωτικά' });
    expect(
      await within(section).findByText(
        'Δεν υπάρχουν ακόμη τιμολόγια. Οι χρεώσεις μιας παραγγελίας τιμολογούνται με την εξόφλησή της.',
      ),
    ).toBeTruthy();
  });

  it('shows each document as a card on a phone, its total first', async () => {
    onNarrowScreen();
    financeApi({ [`GET ${ORDERS}/invoices`]: { body: page([INVOICE]) } });
    renderApp('/finance');
    const list = await screen.findByRole('list', { name: 'Τιμολόγια και πιστωτικά της εταιρείας' });
    const [card] = within(list).getAllByRole('listitem');
    expect(recordFields(card!)).toMatchObject({
      Σύνολο: '16,74\u00a0€',
      Ημερομηνία: '05/03/2026',
      Παραγγελία: '#1042',
      myDATA: 'ΜΑΡΚ 400001234567890',
    });
    expect(within(card!).getByText('Διαβιβάστηκε')).toBeTruthy();
    expect(within(card!).getByRole('link', { name: 'PDF του TPY-12 (ανοίγει σε νέα καρτέλα)' })).toBeTruthy();
  });
});

describe('an order’s invoices on its page', () => {
  function detailsApi(role: 'om1' | 'payment', handlers: Record<string, MockHandler> = {}) {
    const companyId = role === 'payment' ? 'C1002' : 'C1001';
    writeStore('companyData', COMPANIES[companyId]);
    return mockApi({
      'GET /api/auth/session': { body: session(role) },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse(companyId) },
      'GET /api/v1/accounts/retrieveNotifications': { body: { success: true, notifications: [] } },
      'GET /api/v1/accounts/notificationStatus': { body: { success: true } },
      [`GET ${ORDERS}/retrieveOrderDetails`]: {
        body: { success: true, order: orderDetails(1042, { orderId: INVOICE.orderId!, status: 'loaded' }) },
      },
      [`GET ${ORDERS}/retrieveOrderCards`]: { body: { success: true, cards: [], total: 0 } },
      ...handlers,
    });
  }

  it('lists the order’s invoice and its credit note for the order manager', async () => {
    const fetchMock = detailsApi('om1', {
      [`GET ${ORDERS}/invoices/ofOrder`]: { body: { success: true, invoices: [INVOICE, CREDIT] } },
    });
    renderApp(`/order-details-page?orderId=${INVOICE.orderId}`);
    const section = await screen.findByRole('region', { name: 'Τιμολόγια' });
    expect(await within(section).findByText('TPY-12')).toBeTruthy();
    expect(within(section).getByText('Πιστώνει το TPY-12')).toBeTruthy();
    // On the order's own page, no column names the order again.
    expect(within(section).queryByRole('link', { name: /Άνοιγμα παραγγελίας/ })).toBeNull();
    expect(requestsTo(fetchMock, `${ORDERS}/invoices/ofOrder`)[0]!.url.searchParams.get('orderId')).toBe(
      INVOICE.orderId,
    );
  });

  it('says an unpaid order’s fees are invoiced when it is paid', async () => {
    detailsApi('om1', { [`GET ${ORDERS}/invoices/ofOrder`]: { body: { success: true, invoices: [] } } });
    renderApp(`/en/order-details-page?orderId=${INVOICE.orderId}`);
    const section = await screen.findByRole('region', { name: 'Invoices' });
    expect(
      await within(section).findByText('No invoice yet: the order’s fees are invoiced when it is paid.'),
    ).toBeTruthy();
  });

  it('shows a payment manager, who may not read invoices, no invoices and asks for none', async () => {
    const fetchMock = detailsApi('payment');
    renderApp(`/order-details-page?orderId=${INVOICE.orderId}`);
    await screen.findByRole('heading', { level: 1, name: /#1042/ });
    await screen.findByRole('region', { name: 'Παραστατικά' });
    expect(screen.queryByRole('region', { name: 'Τιμολόγια' })).toBeNull();
    expect(requestsTo(fetchMock, `${ORDERS}/invoices/ofOrder`)).toEqual([]);
  });
});

describe('the merchant’s invoices on its balance sheet', () => {
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
  const COMMISSION: CustomerInvoice = {
    ...INVOICE,
    invoiceId: uuid(9101),
    number: 'MTPY-40',
    orderId: null,
    orderNumber: null,
    lineKinds: ['redemptionFee'],
  };
  const SUPPLIES: CustomerInvoice = {
    ...COMMISSION,
    invoiceId: uuid(9102),
    number: 'MTP-2',
    documentType: '1.1',
    lineKinds: ['supplies'],
  };

  function merchantApi(role: 'merchant' | 'care', handlers: Record<string, MockHandler>) {
    return mockApi({
      'GET /api/auth/session': {
        body:
          role === 'care'
            ? {
                ...session('care'),
                acting: {
                  companyId: null,
                  merchantId: 'M2002',
                  reason: 'Έλεγχος τιμολογίων',
                  since: '2026-03-01T10:00:00Z',
                },
              }
            : session(role),
      },
      [`GET ${MERCHANTS}/retrieveRedeemerProfileDetails`]: {
        body: {
          success: true,
          merchant,
          access: {
            merchantRole: role === 'merchant' ? 'viewer' : null,
            canUseTerminal: false,
            isProviderStaff: role === 'care',
          },
        },
      },
      ...handlers,
    });
  }

  it('lists the merchant’s invoices with what they charge, and their PDF and XML', async () => {
    merchantApi('merchant', { [`GET ${MERCHANTS}/invoices`]: { body: page([SUPPLIES, COMMISSION]) } });
    renderApp('/en/merchant/balance-sheet');
    const section = await screen.findByRole('region', { name: 'Tax invoices and credit notes' });
    const table = await within(section).findByRole('region', {
      name: 'The merchant’s invoices and credit notes',
    });
    const supplies = within(table).getByRole('rowheader', { name: /MTP-2/ }).closest('tr')!;
    expect(within(supplies).getByText('Sales invoice')).toBeTruthy();
    expect(within(supplies).getByText('Bags and stickers')).toBeTruthy();
    expect(
      within(supplies).getByRole('link', { name: 'PDF of MTP-2 (opens in a new tab)' }).getAttribute('href'),
    ).toBe(`${MERCHANTS}/invoices/${SUPPLIES.invoiceId}/pdf?lang=en`);
    const commission = within(table)
      .getByRole('rowheader', { name: /MTPY-40/ })
      .closest('tr')!;
    expect(within(commission).getByText('Commission on redemptions')).toBeTruthy();
    expect(within(table).queryByRole('link', { name: /Open order/ })).toBeNull();
  });

  it('names the merchant in the requests and links of provider staff, and says when there is nothing yet', async () => {
    const fetchMock = merchantApi('care', { [`GET ${MERCHANTS}/invoices`]: { body: page([]) } });
    renderApp('/merchant/balance-sheet?merchantId=M2002');
    const section = await screen.findByRole('region', { name: 'Φορολογικά παραστατικά' });
    expect(await within(section).findByText('Δεν υπάρχουν ακόμη παραστατικά.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${MERCHANTS}/invoices`)[0]!.headers.get('merchantId')).toBe('M2002');
  });
});
