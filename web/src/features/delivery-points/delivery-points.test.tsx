import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_API as API,
  DP2_ID,
  POINTS,
  deliveryPoint,
  descriptionOf,
  pointsPage,
} from '../../test/accounts';
import { writeStore } from '../../lib/storage';
import { COMPANIES, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
const main = () => screen.getByRole('main');

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

describe('provider staff acting for a company (issue 18)', () => {
  it('add a point in a dialog on the list, and the list says it was saved', async () => {
    writeStore('companyData', COMPANIES.C1001);
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care', { companyId: 'C1001' }) },
      [`GET ${API}/getCompanyDeliveryPoints`]: () => pointsPage(POINTS, 2, 1),
      [`POST ${API}/createDeliveryPoint`]: ({ body }) => ({
        body: {
          success: true,
          deliveryPoint: { ...deliveryPoint(), ...(body as object), deliveryPointId: DP2_ID },
        },
      }),
    });
    const { user } = renderApp('/account/delivery-points');
    await user.click(await screen.findByRole('button', { name: 'Νέο σημείο παράδοσης' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await fillAddress(user, { postalCode: '185 36', phone: '210 412 3456' });
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση σημείου' }));
    expect(
      await screen.findByText('Το «Αποθήκη Πειραιά» είναι πλέον διαθέσιμο στις παραγγελίες καρτών.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createDeliveryPoint`)[0]?.headers.get('companyId')).toBe('C1001');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

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

describe('new delivery point in English (/en/delivery-points)', () => {
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
