import { screen, waitFor, within } from '@testing-library/react';
import type { CompanyUser, DeliveryPoint, SpendRule } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { writeStore } from '../../lib/storage';
import { COMPANIES, session } from '../../test/fixtures';
import { mockApi, requestsTo, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { toEmbossText, transliterateGreek } from './components/emboss';

const API = '/api/v1/accounts';
const DP_ID = '0b0e4c1e-5d4a-4c1a-9d33-3f1f8f6b9a01';
const DP2_ID = '0b0e4c1e-5d4a-4c1a-9d33-3f1f8f6b9a02';

function deliveryPoint(overrides: Partial<DeliveryPoint> = {}): DeliveryPoint {
  return {
    deliveryPointId: DP_ID,
    companyId: 'C1001',
    alias: 'Κεντρικά γραφεία',
    street: 'Λεωφ. Κηφισίας',
    streetNumber: '12',
    postalCode: '11526',
    city: 'Αθήνα',
    region: 'attica',
    contactName: 'Ελένη Κωνσταντίνου',
    phone: '+302101234567',
    notes: '',
    createdAt: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

const POINTS = [
  deliveryPoint(),
  deliveryPoint({
    deliveryPointId: DP2_ID,
    alias: 'Αποθήκη Θεσσαλονίκης',
    street: 'Εγνατίας',
    streetNumber: '45',
    postalCode: '54630',
    city: 'Θεσσαλονίκη',
    region: 'central-macedonia',
    contactName: 'Πέτρος Νικολάου',
    phone: '+306912345678',
  }),
];

const pointsPage = (deliveryPoints: DeliveryPoint[], total: number, page = 1) => ({
  body: { success: true, deliveryPoints, total, page, pageSize: 10 },
});

const main = () => screen.getByRole('main');

/** The texts a field points at with `aria-describedby` (its hint and its error), spaces collapsed. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

describe('delivery points list (/account/delivery-points)', () => {
  it('lists the points a page at a time, searches on the server and links the order manager to a new point', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/getCompanyDeliveryPoints`]: ({ url }) =>
        pointsPage(POINTS, 12, Number(url.searchParams.get('page'))),
      [`POST ${API}/searchDeliveryPoints`]: {
        body: { success: true, deliveryPoints: [], total: 0, page: 1, pageSize: 10 },
      },
    });
    const { user, router } = renderApp('/account/delivery-points');
    expect(await screen.findByRole('heading', { level: 1, name: 'Σημεία παράδοσης' })).toBeTruthy();
    expect(await screen.findByText('12 σημεία παράδοσης')).toBeTruthy();
    expect(document.title).toBe('Σημεία παράδοσης · Tessera');

    const head = screen.getByRole('article', { name: 'Κεντρικά γραφεία' });
    expect(within(head).getByText('Λεωφ. Κηφισίας 12, 115 26 Αθήνα')).toBeTruthy();
    expect(within(head).getByText('Αττική')).toBeTruthy();
    expect(within(head).getByRole('link', { name: '210 123 4567' }).getAttribute('href')).toBe(
      'tel:+302101234567',
    );
    const north = screen.getByRole('article', { name: 'Αποθήκη Θεσσαλονίκης' });
    expect(within(north).getByText('Κεντρική Μακεδονία')).toBeTruthy();

    const newPoint = within(main()).getByRole('link', { name: 'Νέο σημείο παράδοσης' });
    expect(newPoint.getAttribute('href')).toBe('/delivery-points');

    await user.click(screen.getByRole('button', { name: 'Σελίδα 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(
        requestsTo(fetchMock, `${API}/getCompanyDeliveryPoints`).at(-1)?.url.searchParams.get('page'),
      ).toBe('2'),
    );
    expect(requestsTo(fetchMock, `${API}/getCompanyDeliveryPoints`)[0]?.headers.get('companyId')).toBe(
      'C1001',
    );

    // Accents and case are the server's business: the query goes as typed.
    await user.type(screen.getByRole('searchbox', { name: /^Αναζήτηση/ }), 'κηφισια');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    expect(await screen.findByText('Κανένα σημείο παράδοσης δεν ταιριάζει με «κηφισια».')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/searchDeliveryPoints`).at(-1)?.body).toEqual({
      query: 'κηφισια',
      page: 1,
      pageSize: 10,
    });
    expect(router.state.location.search).toBe('?q=%CE%BA%CE%B7%CF%86%CE%B9%CF%83%CE%B9%CE%B1');
  });

  it('shows a finance user the points without the new-point button, and the empty state', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`GET ${API}/getCompanyDeliveryPoints`]: pointsPage([], 0),
    });
    renderApp('/account/delivery-points');
    expect(await screen.findByText('Η εταιρεία δεν έχει ακόμη σημεία παράδοσης.')).toBeTruthy();
    expect(within(main()).queryByRole('link', { name: 'Νέο σημείο παράδοσης' })).toBeNull();
  });

  it('reports a failed load and loads again on retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/getCompanyDeliveryPoints`]: () => {
        calls += 1;
        return calls === 1
          ? {
              status: 403,
              body: { success: false, errorCode: 4, errorLevel: 'error', errorMessage: 'Όχι τώρα.' },
            }
          : pointsPage(POINTS, 2);
      },
    });
    const { user } = renderApp('/account/delivery-points');
    const dialog = await screen.findByRole('dialog', { name: 'Σφάλμα' });
    await user.click(within(dialog).getByRole('button', { name: 'Εντάξει' }));
    expect(screen.getByText('Δεν ήταν δυνατή η φόρτωση των στοιχείων.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Δοκιμάστε ξανά' }));
    expect(await screen.findByText('2 σημεία παράδοσης')).toBeTruthy();
  });
});

/** Fills the new-delivery-point form. */
async function fillAddress(
  user: ReturnType<typeof renderApp>['user'],
  values: { postalCode: string; phone: string },
) {
  await user.type(screen.getByRole('textbox', { name: /^Όνομα σημείου/ }), '  Αποθήκη Πειραιά ');
  await user.type(screen.getByRole('textbox', { name: /^Οδός/ }), 'Ακτή Μιαούλη');
  await user.type(screen.getByRole('textbox', { name: /^Αριθμός/ }), '47');
  await user.type(screen.getByRole('textbox', { name: /^Ταχυδρομικός κώδικας/ }), values.postalCode);
  await user.type(screen.getByRole('textbox', { name: /^Πόλη/ }), 'Πειραιάς');
  await user.selectOptions(screen.getByRole('combobox', { name: /^Περιφέρεια/ }), 'attica');
  await user.type(screen.getByRole('textbox', { name: /^Ονοματεπώνυμο/ }), 'Γιώργος Παππάς');
  await user.type(screen.getByRole('textbox', { name: /^Τηλέφωνο/ }), values.phone);
}

describe('new delivery point (/delivery-points)', () => {
  it('blocks an invalid postal code and phone in Greek, then sends the normalised address', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`POST ${API}/createDeliveryPoint`]: ({ body }) => ({
        body: {
          success: true,
          deliveryPoint: { ...deliveryPoint(), ...(body as object), deliveryPointId: DP2_ID },
        },
      }),
    });
    const { user } = renderApp('/delivery-points');
    expect(await screen.findByRole('heading', { level: 1, name: 'Νέο σημείο παράδοσης' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Διεύθυνση' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Υπεύθυνος παραλαβής' })).toBeTruthy();

    await fillAddress(user, { postalCode: '012 34', phone: '12345' });
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση σημείου' }));

    const postalCode = screen.getByRole('textbox', { name: /^Ταχυδρομικός κώδικας/ });
    const phone = screen.getByRole('textbox', { name: /^Τηλέφωνο/ });
    await waitFor(() => expect(postalCode.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(postalCode)).toContain(
      'Πληκτρολογήστε έγκυρο ταχυδρομικό κώδικα: 5 ψηφία, π.χ. 115 26.',
    );
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(phone)).toMatch(/τηλεφώνου/);
    expect(document.activeElement).toBe(postalCode);
    expect(requestsTo(fetchMock, `${API}/createDeliveryPoint`)).toHaveLength(0);

    await user.clear(postalCode);
    await user.type(postalCode, '185 36');
    await user.clear(phone);
    await user.type(phone, '210 412 3456');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση σημείου' }));

    expect(await screen.findByText('Το σημείο παράδοσης αποθηκεύτηκε')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createDeliveryPoint`)[0]?.body).toEqual({
      alias: 'Αποθήκη Πειραιά',
      street: 'Ακτή Μιαούλη',
      streetNumber: '47',
      postalCode: '18536',
      city: 'Πειραιάς',
      region: 'attica',
      contactName: 'Γιώργος Παππάς',
      phone: '+302104123456',
      notes: '',
    });
    expect(
      screen.getByText('Το «Αποθήκη Πειραιά» είναι πλέον διαθέσιμο στις παραγγελίες καρτών.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Επιστροφή στα σημεία παράδοσης' }).getAttribute('href')).toBe(
      '/account/delivery-points',
    );
  });

  it('shows the server’s field errors beside their fields, without the error dialog', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`POST ${API}/createDeliveryPoint`]: {
        status: 400,
        body: {
          success: false,
          errorCode: 2,
          errorLevel: 'error',
          errorMessage: 'Ελέγξτε τα στοιχεία.',
          fields: [{ field: 'postalCode', message: 'Ο ταχυδρομικός κώδικας δεν ανήκει στην Αττική.' }],
        },
      },
    });
    const { user } = renderApp('/delivery-points');
    await screen.findByRole('heading', { level: 1, name: 'Νέο σημείο παράδοσης' });
    await fillAddress(user, { postalCode: '546 30', phone: '6912345678' });
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση σημείου' }));

    const postalCode = screen.getByRole('textbox', { name: /^Ταχυδρομικός κώδικας/ });
    await waitFor(() =>
      expect(descriptionOf(postalCode)).toContain('Ο ταχυδρομικός κώδικας δεν ανήκει στην Αττική.'),
    );
    expect(postalCode.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(postalCode);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Το σημείο παράδοσης αποθηκεύτηκε')).toBeNull();
  });

  it('is the order manager’s page only', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('finance') } });
    renderApp('/delivery-points');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Δεν έχετε πρόσβαση σε αυτή τη σελίδα' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση σημείου' })).toBeNull();
  });
});

describe('emboss line', () => {
  it('transliterates Greek after ELOT 743 and uppercases', () => {
    expect(transliterateGreek('Ακμή Τροφίμων')).toBe('AKMI TROFIMON');
    expect(transliterateGreek('Ευρώπη Αυτοκίνητα')).toBe('EVROPI AFTOKINITA');
    expect(transliterateGreek('Μπάμπης Ντόρος')).toBe('BAMPIS DOROS');
    expect(transliterateGreek('Θαλής & Ψυχογιός')).toBe('THALIS & PSYCHOGIOS');
    expect(transliterateGreek('Αγγελική Οικονόμου')).toBe('ANGELIKI OIKONOMOU');
    expect(transliterateGreek('Αϊβαλί')).toBe('AIVALI');
    expect(toEmbossText('acme é')).toBe('ACME E');
  });
});

const PRINTING = {
  embossLine: '',
  printLogo: false,
  carrierMessage: '',
  defaultDeliveryPointId: null,
  printEmployeeCode: false,
  updatedAt: null,
};

describe('card printing (/account/card-printing)', () => {
  it('converts Greek as the order manager types, previews the card and saves the settings', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/retrieveCardPrinting`]: { body: { success: true, cardPrinting: PRINTING } },
      [`GET ${API}/getCompanyDeliveryPoints`]: pointsPage(POINTS, 2),
      [`POST ${API}/updateCardPrinting`]: ({ body }) => ({
        body: { success: true, cardPrinting: { ...(body as object), updatedAt: '2026-03-01T10:00:00.000Z' } },
      }),
    });
    const { user } = renderApp('/account/card-printing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Εκτύπωση καρτών' })).toBeTruthy();
    const emboss = await screen.findByRole('textbox', { name: 'Γραμμή εταιρείας στην κάρτα' });
    expect(
      requestsTo(fetchMock, `${API}/getCompanyDeliveryPoints`)[0]?.url.searchParams.get('pageSize'),
    ).toBe('100');

    await user.type(emboss, 'Ακμή Τροφίμων');
    expect((emboss as HTMLInputElement).value).toBe('AKMI TROFIMON');
    const preview = screen.getByRole('figure', { name: 'Προεπισκόπηση κάρτας' });
    expect(within(preview).getByText('AKMI TROFIMON')).toBeTruthy();
    expect(descriptionOf(emboss)).toContain('13/21');

    await user.click(screen.getByRole('checkbox', { name: 'Εκτύπωση λογοτύπου εταιρείας' }));
    expect(within(preview).getByText('Λογότυπο')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Μήνυμα συνοδευτικής επιστολής' }), 'Καλή χρήση!');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Προεπιλεγμένο σημείο παράδοσης' }),
      DP2_ID,
    );
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ρυθμίσεων' }));

    expect(await screen.findByText('Οι ρυθμίσεις εκτύπωσης αποθηκεύτηκαν.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/updateCardPrinting`)[0]?.body).toEqual({
      embossLine: 'AKMI TROFIMON',
      printLogo: true,
      carrierMessage: 'Καλή χρήση!',
      defaultDeliveryPointId: DP2_ID,
      printEmployeeCode: false,
    });
  });

  it('without conversion refuses characters the machine cannot emboss and offers to convert them', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/retrieveCardPrinting`]: { body: { success: true, cardPrinting: PRINTING } },
      [`GET ${API}/getCompanyDeliveryPoints`]: pointsPage(POINTS, 2),
    });
    const { user } = renderApp('/account/card-printing');
    const emboss = await screen.findByRole('textbox', { name: 'Γραμμή εταιρείας στην κάρτα' });
    await user.click(screen.getByRole('switch', { name: /^Μετατροπή ελληνικών/ }));
    await user.type(emboss, 'Θαλής');
    expect((emboss as HTMLInputElement).value).toBe('Θαλής');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ρυθμίσεων' }));
    await waitFor(() =>
      expect(descriptionOf(emboss)).toContain(
        "Χρησιμοποιήστε μόνο λατινικά κεφαλαία, ψηφία, κενό και τα σύμβολα . - & '",
      ),
    );
    expect(requestsTo(fetchMock, `${API}/updateCardPrinting`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Μετατροπή σε «THALIS»' }));
    expect((emboss as HTMLInputElement).value).toBe('THALIS');
    await waitFor(() => expect(emboss.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('shows a finance user the settings without any control to change them', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`GET ${API}/retrieveCardPrinting`]: {
        body: {
          success: true,
          cardPrinting: {
            ...PRINTING,
            embossLine: 'ELAIONAS LOGISTIKI',
            printLogo: true,
            defaultDeliveryPointId: DP_ID,
          },
        },
      },
      [`POST ${API}/retrieveDeliveryPointById`]: { body: { success: true, deliveryPoint: deliveryPoint() } },
    });
    renderApp('/account/card-printing');
    expect(await screen.findByText('Κεντρικά γραφεία — Λεωφ. Κηφισίας 12, 115 26 Αθήνα')).toBeTruthy();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Γραμμή εταιρείας στην κάρτα')).toBe('ELAIONAS LOGISTIKI');
    expect(term('Εκτύπωση λογοτύπου εταιρείας')).toBe('Ναι');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση ρυθμίσεων' })).toBeNull();
  });
});

function spendRule(overrides: Partial<SpendRule>): SpendRule {
  return {
    ruleId: '7d1f1b7e-0000-4000-8000-000000000001',
    product: 'SPENDEO',
    name: 'Εστιατόρια εργάσιμες',
    target: { kind: 'category', category: 'restaurants' },
    period: 'day',
    limitCents: 5000,
    createdAt: '2026-02-01T09:00:00.000Z',
    createdBy: 'Ελένη Κωνσταντίνου',
    ...overrides,
  };
}

const SPENDEO_RULES = [
  spendRule({}),
  spendRule({
    ruleId: '7d1f1b7e-0000-4000-8000-000000000002',
    name: 'Χωρίς ηλεκτρονικά',
    target: { kind: 'category', category: 'electronics' },
    period: 'transaction',
    limitCents: null,
  }),
  spendRule({
    ruleId: '7d1f1b7e-0000-4000-8000-000000000003',
    name: 'Ταξί',
    target: { kind: 'merchant', merchant: 'Taxiplon' },
    period: 'month',
    limitCents: 20000,
  }),
];

const CORE = {
  success: true,
  coreCategories: [
    { code: 'food', name: 'Τρόφιμα και σούπερ μάρκετ' },
    { code: 'health', name: 'Υγεία και φαρμακεία' },
  ],
};
const BENEFITS = {
  success: true,
  rules: [
    spendRule({
      ruleId: '7d1f1b7e-0000-4000-8000-000000000009',
      product: 'MY_BENEFITS',
      name: 'food',
      target: { kind: 'core', coreCategory: 'food' },
      period: 'month',
      limitCents: 4500,
    }),
  ],
};

function spendRuleHandlers(extra: Record<string, MockHandler> = {}): Record<string, MockHandler> {
  return {
    [`GET ${API}/retrieveCompanySpendRules`]: { body: { success: true, rules: SPENDEO_RULES } },
    [`GET ${API}/retrieveMyBenefitsRules`]: { body: BENEFITS },
    [`GET ${API}/retrieveCoreCategories`]: { body: CORE },
    ...extra,
  };
}

describe('spend rules (/account/spend-rules)', () => {
  it('shows a finance user the Spendeo rules and the MyBenefits allowances, read only', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('finance') }, ...spendRuleHandlers() });
    const { user, router } = renderApp('/account/spend-rules');
    expect(await screen.findByRole('heading', { level: 1, name: 'Κανόνες δαπανών' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Κανόνες Spendeo' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[1]!).getByText('Εστιατόρια')).toBeTruthy();
    expect(within(rows[1]!).getByText('50,00 € ανά ημέρα')).toBeTruthy();
    expect(within(rows[2]!).getByText('Αποκλείεται')).toBeTruthy();
    expect(within(rows[3]!).getByText('Έμπορος: Taxiplon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Διαγραφή/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Δημιουργία κανόνα' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'MyBenefits' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mybenefits'));
    const allowances = await screen.findByRole('table', { name: 'Μηνιαία όρια MyBenefits' });
    const food = within(allowances).getByRole('row', { name: /Τρόφιμα και σούπερ μάρκετ/ });
    expect(within(food).getByText('45,00 € τον μήνα')).toBeTruthy();
    const health = within(allowances).getByRole('row', { name: /Υγεία και φαρμακεία/ });
    expect(within(health).getByText('Δεν έχει οριστεί')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση ορίου' })).toBeNull();
  });

  it('lets the order manager create a rule with an amount in euros and delete one after confirming', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      ...spendRuleHandlers({
        [`POST ${API}/createSpendRule`]: ({ body }) => ({
          body: {
            success: true,
            rule: spendRule({ ...(body as object), ruleId: '7d1f1b7e-0000-4000-8000-00000000000a' }),
          },
        }),
        [`POST ${API}/deleteSpendRule`]: { body: { success: true } },
      }),
    });
    const { user } = renderApp('/account/spend-rules');
    await screen.findByRole('table', { name: 'Κανόνες Spendeo' });

    await user.type(screen.getByRole('textbox', { name: /^Όνομα κανόνα/ }), 'Καύσιμα εβδομάδας');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Κατηγορία εμπόρων/ }), 'fuel');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Περίοδος/ }), 'week');
    const limit = screen.getByRole('textbox', { name: /^Όριο σε ευρώ/ });
    await user.type(limit, '0,50');
    await user.click(screen.getByRole('button', { name: 'Δημιουργία κανόνα' }));
    await waitFor(() =>
      expect(descriptionOf(limit)).toContain('Το ποσό πρέπει να είναι από 1,00 € έως 100.000,00 €.'),
    );
    await user.clear(limit);
    await user.type(limit, 'δέκα');
    await waitFor(() =>
      expect(descriptionOf(limit)).toContain('Πληκτρολογήστε ποσό σε ευρώ, π.χ. 1.250,00.'),
    );
    expect(requestsTo(fetchMock, `${API}/createSpendRule`)).toHaveLength(0);

    await user.clear(limit);
    await user.type(limit, '1.234,56');
    await user.click(screen.getByRole('button', { name: 'Δημιουργία κανόνα' }));
    expect(await screen.findByText('Ο κανόνας «Καύσιμα εβδομάδας» δημιουργήθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createSpendRule`)[0]?.body).toEqual({
      name: 'Καύσιμα εβδομάδας',
      target: { kind: 'category', category: 'fuel' },
      period: 'week',
      blocked: false,
      limitCents: 123456,
    });

    await user.click(screen.getByRole('button', { name: 'Διαγραφή κανόνα Ταξί' }));
    const dialog = await screen.findByRole('dialog', { name: 'Διαγραφή κανόνα' });
    expect(within(dialog).getByText(/Ο κανόνας «Ταξί» θα διαγραφεί/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Διαγραφή κανόνα' }));
    expect(await screen.findByText('Ο κανόνας «Ταξί» διαγράφηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/deleteSpendRule`)[0]?.body).toEqual({
      ruleId: '7d1f1b7e-0000-4000-8000-000000000003',
    });
  });

  it('lets the order manager set a MyBenefits monthly allowance', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      ...spendRuleHandlers({
        [`POST ${API}/createBenefitsSpendRule`]: ({ body }) => {
          const { coreCategory, monthlyLimitCents } = body as {
            coreCategory: string;
            monthlyLimitCents: number;
          };
          return {
            body: {
              success: true,
              rule: spendRule({
                product: 'MY_BENEFITS',
                name: coreCategory,
                target: { kind: 'core', coreCategory },
                period: 'month',
                limitCents: monthlyLimitCents,
              }),
            },
          };
        },
      }),
    });
    const { user } = renderApp('/account/spend-rules?tab=mybenefits');
    await screen.findByRole('table', { name: 'Μηνιαία όρια MyBenefits' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Βασική κατηγορία/ }), 'health');
    await user.type(screen.getByRole('textbox', { name: /^Μηνιαίο όριο σε ευρώ/ }), '60');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ορίου' }));
    expect(await screen.findByText('Το μηνιαίο όριο για «Υγεία και φαρμακεία» αποθηκεύτηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createBenefitsSpendRule`)[0]?.body).toEqual({
      coreCategory: 'health',
      monthlyLimitCents: 6000,
    });
  });
});

function companyUser(overrides: Partial<CompanyUser>): CompanyUser {
  return {
    userId: '5a0c3a3e-0000-4000-8000-000000000001',
    firstName: 'Ελένη',
    lastName: 'Κωνσταντίνου',
    email: 'om1@tessera.demo',
    phone: '+302101234567',
    jobTitle: 'Υπεύθυνη προσωπικού',
    userRoleId: 3,
    isConfirmed: true,
    isLocked: false,
    ...overrides,
  };
}

const USERS = [
  companyUser({ userId: 'user-om1' }),
  companyUser({
    userId: '5a0c3a3e-0000-4000-8000-000000000002',
    firstName: 'Πέτρος',
    lastName: 'Νικολάου',
    email: 'petros@akmi.gr',
    phone: '',
    jobTitle: '',
    isConfirmed: false,
  }),
  companyUser({
    userId: '5a0c3a3e-0000-4000-8000-000000000003',
    firstName: 'Άννα',
    lastName: 'Λαμπράκη',
    email: 'anna@akmi.gr',
    jobTitle: 'Λογίστρια',
    userRoleId: 4,
    isLocked: true,
  }),
];

describe('order managers (/account/order-managers)', () => {
  it('groups the company’s users by role with their state; the order manager edits and invites', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/userList`]: { body: { success: true, users: USERS } },
      [`POST ${API}/updateManager`]: ({ body }) => ({
        body: {
          success: true,
          user: { ...USERS[1]!, ...(body as object), isConfirmed: false, isLocked: false },
        },
      }),
      [`POST ${API}/registerProfile`]: ({ body }) => {
        const input = body as { email: string };
        if (input.email === 'anna@akmi.gr') {
          return {
            status: 400,
            body: {
              success: false,
              errorCode: 2,
              errorLevel: 'error',
              errorMessage: 'Ελέγξτε τα στοιχεία.',
              fields: [{ field: 'email', message: 'Υπάρχει ήδη χρήστης με αυτό το email.' }],
            },
          };
        }
        return { body: { success: true, user: companyUser({ ...(body as object), isConfirmed: false }) } };
      },
    });
    const { user } = renderApp('/account/order-managers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Διαχειριστές παραγγελιών' })).toBeTruthy();
    const managers = await screen.findByRole('region', { name: /^Υπεύθυνοι παραγγελιών/ });
    expect(within(managers).getByRole('heading', { name: 'Ελένη Κωνσταντίνου (εσείς)' })).toBeTruthy();
    expect(within(managers).getByText('Εκκρεμεί επιβεβαίωση')).toBeTruthy();
    const finance = screen.getByRole('region', { name: /^Οικονομικοί υπεύθυνοι/ });
    expect(within(finance).getByText('Κλειδωμένος λογαριασμός')).toBeTruthy();
    expect(
      within(finance)
        .getByRole('link', { name: /anna@akmi\.gr/ })
        .getAttribute('href'),
    ).toBe('mailto:anna@akmi.gr');
    expect(
      within(screen.getByRole('region', { name: /^Υπεύθυνοι πληρωμών/ })).getByText(
        'Κανείς με αυτόν τον ρόλο.',
      ),
    ).toBeTruthy();
    // Nobody edits themselves here (their own profile is on admin information).
    expect(screen.queryByRole('button', { name: 'Επεξεργασία στοιχείων: Ελένη Κωνσταντίνου' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Επεξεργασία στοιχείων: Πέτρος Νικολάου' }));
    const edit = await screen.findByRole('dialog', { name: 'Στοιχεία συναδέλφου' });
    await user.type(within(edit).getByRole('textbox', { name: /^Θέση/ }), 'Προμήθειες');
    await user.type(within(edit).getByRole('textbox', { name: /^Τηλέφωνο/ }), '6971234567');
    await user.selectOptions(within(edit).getByRole('combobox', { name: /^Ρόλος/ }), '5');
    await user.click(within(edit).getByRole('button', { name: 'Αποθήκευση αλλαγών' }));
    expect(await screen.findByText('Τα στοιχεία ενημερώθηκαν: Πέτρος Νικολάου.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/updateManager`)[0]?.body).toEqual({
      userId: '5a0c3a3e-0000-4000-8000-000000000002',
      firstName: 'Πέτρος',
      lastName: 'Νικολάου',
      phone: '6971234567',
      jobTitle: 'Προμήθειες',
      userRoleId: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Πρόσκληση συναδέλφου' }));
    const invite = await screen.findByRole('dialog', { name: 'Πρόσκληση συναδέλφου' });
    const email = within(invite).getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'anna@akmi.gr');
    await user.type(within(invite).getByRole('textbox', { name: /^Όνομα/ }), 'Άννα');
    await user.type(within(invite).getByRole('textbox', { name: /^Επώνυμο/ }), 'Λαμπράκη');
    await user.selectOptions(within(invite).getByRole('combobox', { name: /^Ρόλος/ }), '4');
    await user.click(within(invite).getByRole('button', { name: 'Αποστολή πρόσκλησης' }));
    await waitFor(() => expect(descriptionOf(email)).toContain('Υπάρχει ήδη χρήστης με αυτό το email.'));

    await user.clear(email);
    await user.type(email, 'nikos@akmi.gr');
    await user.click(within(invite).getByRole('button', { name: 'Αποστολή πρόσκλησης' }));
    expect(
      await screen.findByText(
        'Η πρόσκληση στάλθηκε στο nikos@akmi.gr. Ο/Η συνάδελφος θα ορίσει κωδικό πρόσβασης από το email.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/registerProfile`).at(-1)?.body).toEqual({
      email: 'nikos@akmi.gr',
      firstName: 'Άννα',
      lastName: 'Λαμπράκη',
      phone: '',
      jobTitle: '',
      userRoleId: 4,
      preferredLanguage: 'el',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a finance user the people without edit or invite controls', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`GET ${API}/userList`]: { body: { success: true, users: USERS } },
    });
    renderApp('/account/order-managers');
    await screen.findByRole('region', { name: /^Υπεύθυνοι παραγγελιών/ });
    expect(screen.queryByRole('button', { name: /^Επεξεργασία/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Πρόσκληση συναδέλφου' })).toBeNull();
  });
});

describe('agents (/account/agents)', () => {
  it('lists the provider’s people with mail and phone links', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/retrieveAgents`]: {
        body: {
          success: true,
          agents: [
            {
              userId: '9e0c3a3e-0000-4000-8000-000000000001',
              firstName: 'Μαρία',
              lastName: 'Παπαδοπούλου',
              email: 'maria@tessera.gr',
              phone: '+302109999999',
              kind: 'account_manager',
            },
          ],
        },
      },
    });
    renderApp('/account/agents');
    expect(await screen.findByRole('heading', { level: 2, name: 'Μαρία Παπαδοπούλου' })).toBeTruthy();
    expect(screen.getByText('Υπεύθυνος λογαριασμού')).toBeTruthy();
    expect(screen.getByRole('link', { name: /maria@tessera\.gr/ }).getAttribute('href')).toBe(
      'mailto:maria@tessera.gr',
    );
    expect(screen.getByRole('link', { name: /210 999 9999/ }).getAttribute('href')).toBe('tel:+302109999999');
  });

  it('says so when nobody is assigned', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`GET ${API}/retrieveAgents`]: { body: { success: true, agents: [] } },
    });
    renderApp('/account/agents');
    expect(await screen.findByText('Δεν έχουν οριστεί ακόμη εκπρόσωποι για την εταιρεία.')).toBeTruthy();
  });
});

const ALL_ACCOUNT_LINKS = [
  ['Στοιχεία διαχειριστή', '/account/admin-information'],
  ['Στοιχεία εταιρείας', '/account/about'],
  ['Εκτύπωση καρτών', '/account/card-printing'],
  ['Σημεία παράδοσης', '/account/delivery-points'],
  ['Κανόνες δαπανών', '/account/spend-rules'],
  ['Διαχειριστές παραγγελιών', '/account/order-managers'],
  ['Εκπρόσωποι εξυπηρέτησης', '/account/agents'],
  ['Αλλαγή κωδικού πρόσβασης', '/account/change-password'],
];

const linksOf = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('account menu', () => {
  it('links every account page a company role may open and marks the current one', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`GET ${API}/retrieveAgents`]: { body: { success: true, agents: [] } },
    });
    renderApp('/account/agents');
    const nav = await screen.findByRole('navigation', { name: 'Ο λογαριασμός μου' });
    expect(linksOf(nav)).toEqual(ALL_ACCOUNT_LINKS);
    expect(
      within(nav).getByRole('link', { name: 'Εκπρόσωποι εξυπηρέτησης' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(
      within(nav).getByRole('link', { name: 'Σημεία παράδοσης' }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('gives provider staff acting for a company the same pages', async () => {
    writeStore('companyData', COMPANIES.C1003);
    mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`GET ${API}/retrieveAgents`]: { body: { success: true, agents: [] } },
    });
    renderApp('/account/agents');
    const nav = await screen.findByRole('navigation', { name: 'Ο λογαριασμός μου' });
    expect(linksOf(nav)).toEqual(ALL_ACCOUNT_LINKS);
  });

  it('shows a merchant only the personal pages', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('merchant') },
      'GET /api/v2/identity/users/me': {
        body: {
          success: true,
          user: {
            userId: 'user-merchant',
            email: 'merchant@tessera.demo',
            firstName: 'Σοφία',
            lastName: 'Μιχαηλίδου',
            phone: '',
            jobTitle: '',
            userRoleId: 1001,
            relatedCompanies: [],
            isConfirmed: true,
            isLocked: false,
            preferredLanguage: 'el',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        },
      },
    });
    renderApp('/account/admin-information');
    const nav = await screen.findByRole('navigation', { name: 'Ο λογαριασμός μου' });
    expect(linksOf(nav)).toEqual([
      ['Στοιχεία διαχειριστή', '/account/admin-information'],
      ['Αλλαγή κωδικού πρόσβασης', '/account/change-password'],
    ]);
  });

  it('is in English under /en, with English links', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('finance') }, ...spendRuleHandlers() });
    renderApp('/en/account/spend-rules');
    expect(await screen.findByRole('heading', { level: 1, name: 'Spend rules' })).toBeTruthy();
    expect(document.title).toBe('Spend rules · Tessera');
    const nav = screen.getByRole('navigation', { name: 'My account' });
    const deliveryPoints = within(nav).getByRole('link', { name: 'Delivery points' });
    expect(deliveryPoints.getAttribute('href')).toBe('/en/account/delivery-points');
    const table = await screen.findByRole('table', { name: 'Spendeo rules' });
    expect(within(table).getByText('50,00 € per day')).toBeTruthy();
    expect(within(table).getByText('Restaurants')).toBeTruthy();
    expect(within(table).getByText('Blocked')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'MyBenefits' })).toBeTruthy();
  });

  it('shows the English new-delivery-point form with English validation', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('om1') } });
    const { user } = renderApp('/en/delivery-points');
    expect(await screen.findByRole('heading', { level: 1, name: 'New delivery point' })).toBeTruthy();
    const postalCode = screen.getByRole('textbox', { name: /^Postal code/ });
    await user.type(postalCode, '9999');
    await user.tab();
    await waitFor(() =>
      expect(descriptionOf(postalCode)).toContain('Enter a valid postal code: 5 digits, e.g. 115 26.'),
    );
  });
});
