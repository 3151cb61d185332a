import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../../test/mock-api';
import { session } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { ADMIN, API, PROVIDER, STORE_ID, VIEWER, merchantAdminApi, store } from '../merchant-admin-fixtures';

const UPDATE = `${API}/updateStoreDetails`;
const REQUEST_MID = `${API}/updateStoreMids`;

async function findStore() {
  const list = await screen.findByRole('list', { name: 'Καταστήματα' }, { timeout: 5_000 });
  return within(list).getByRole('listitem', { name: 'Φρέσκο Σύνταγμα' });
}

describe('the stores page', () => {
  it('shows each store with its channels, products and terminals with their enrolment state', async () => {
    merchantAdminApi(ADMIN);
    renderApp('/merchant/stores-list');
    const card = await findStore();
    expect(within(card).getByText('Σταδίου 10, 105 64 Αθήνα')).toBeTruthy();
    await within(card).findByText('Στο κατάστημα');
    expect(within(card).getByText('Ticket Restaurant, Δωροκάρτα')).toBeTruthy();
    const terminals = within(card).getAllByRole('listitem');
    expect(terminals[0]!.textContent).toContain('Ενεργό');
    expect(terminals[1]!.textContent).toContain('Σε αναμονή ενεργοποίησης');
    expect(terminals[1]!.textContent).toContain('MID 20020102');
  });

  it('refuses a wrong postal code with a message naming the field, then saves the opening hours', async () => {
    const fetchMock = merchantAdminApi(ADMIN, {
      [`POST ${UPDATE}`]: (request) => ({
        body: { success: true, store: { ...store, ...(request.body as object) } },
      }),
    });
    const { user } = renderApp('/merchant/stores-list');
    const card = await findStore();
    await user.click(within(card).getByRole('button', { name: 'Επεξεργασία στοιχείων: Φρέσκο Σύνταγμα' }));
    const dialog = await screen.findByRole('dialog');
    const postalCode = await within(dialog).findByLabelText(/^Ταχυδρομικός κώδικας/);
    await user.clear(postalCode);
    await user.type(postalCode, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση καταστήματος' }));
    expect(
      await within(dialog).findByText(
        'Ταχυδρομικός κώδικας: Πληκτρολογήστε έγκυρο ταχυδρομικό κώδικα: 5 ψηφία, π.χ. 115 26.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, UPDATE)).toHaveLength(0);

    await user.clear(postalCode);
    await user.type(postalCode, '10564');
    const hours = within(dialog).getByLabelText(/^Ωράριο λειτουργίας/);
    await user.clear(hours);
    await user.type(hours, 'Δευ–Σάβ 08:00–22:00');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ηλεκτρονικό κατάστημα' }));
    await user.click(within(dialog).getByRole('button', { name: 'Αποθήκευση καταστήματος' }));

    await waitFor(() => expect(requestsTo(fetchMock, UPDATE)).toHaveLength(1));
    expect(requestsTo(fetchMock, UPDATE)[0]!.body).toEqual({
      storeId: STORE_ID,
      name: 'Φρέσκο Σύνταγμα',
      address: 'Σταδίου 10',
      city: 'Αθήνα',
      postalCode: '10564',
      openingHours: 'Δευ–Σάβ 08:00–22:00',
      channels: ['in_store', 'online'],
      // Issue 35 §4 (ADR 047): no neighbourhood or coordinates given yet.
      area: '',
      lat: null,
      lng: null,
    });
    expect(
      await screen.findByText('Τα στοιχεία του καταστήματος Φρέσκο Σύνταγμα αποθηκεύτηκαν.'),
    ).toBeTruthy();
  });

  it('requests a new terminal and shows its client secret once, with a warning', async () => {
    const fetchMock = merchantAdminApi(ADMIN, {
      [`POST ${REQUEST_MID}`]: {
        body: {
          success: true,
          terminal: {
            terminalId: 'x',
            mid: '20020199',
            label: 'Ταμείο 3',
            state: 'requested',
            clientId: 'term-new',
          },
          clientSecret: 's3cr3t-once',
        },
      },
    });
    const { user } = renderApp('/merchant/stores-list');
    const card = await findStore();
    await user.click(
      within(card).getByRole('button', { name: 'Αίτημα νέου τερματικού για Φρέσκο Σύνταγμα' }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));
    expect(await within(dialog).findByText('Όνομα τερματικού: Συμπληρώστε αυτό το πεδίο.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Όνομα τερματικού/), 'Ταμείο 3');
    await user.click(within(dialog).getByRole('button', { name: 'Υποβολή αιτήματος' }));

    expect(await within(dialog).findByText('s3cr3t-once')).toBeTruthy();
    expect(within(dialog).getByText('term-new')).toBeTruthy();
    expect(within(dialog).getByText('Αντιγράψτε τώρα το μυστικό κλειδί')).toBeTruthy();
    expect(
      within(dialog).getByRole('button', { name: 'Αντιγραφή: Μυστικό κλειδί (client secret)' }),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, REQUEST_MID)[0]!.body).toEqual({ storeId: STORE_ID, label: 'Ταμείο 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Το αντέγραψα' }));
    await waitFor(() => expect(screen.queryByText('s3cr3t-once')).toBeNull());
  });

  it('shows a view-only user the stores without edit buttons', async () => {
    merchantAdminApi(VIEWER);
    renderApp('/en/merchant/stores-list');
    const list = await screen.findByRole('list', { name: 'Stores' }, { timeout: 5_000 });
    expect(within(list).getByRole('listitem', { name: 'Φρέσκο Σύνταγμα' })).toBeTruthy();
    expect(screen.getByText(/You have view-only access/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit the details/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Request a new terminal/ })).toBeNull();
  });

  it('lets provider staff choose the merchant, then sends it as a header under a banner', async () => {
    // The session acts for the merchant once staff have said why (issue 18).
    let acting: object | undefined;
    const fetchMock = merchantAdminApi(
      PROVIDER,
      {
        'GET /api/auth/session': () => ({ body: { ...session('admin'), ...(acting ? { acting } : {}) } }),
        [`POST ${API}/actForMerchant`]: ({ body }) => {
          const { merchantId, reason } = body as { merchantId: string; reason: string };
          acting = { companyId: null, merchantId, reason, since: '2026-11-26T10:00:00Z' };
          return { body: { success: true } };
        },
      },
      'admin',
    );
    const { user } = renderApp('/merchant/stores-list');
    await user.click(await screen.findByRole('button', { name: 'Άνοιγμα πύλης' }));
    expect(await screen.findByText('Η αιτιολογία πρέπει να έχει τουλάχιστον 5 χαρακτήρες.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/actForMerchant`)).toHaveLength(0);
    await user.type(screen.getByLabelText(/Αιτιολογία/), 'Κλήση του εμπόρου για τερματικό');
    await user.click(screen.getByRole('button', { name: 'Άνοιγμα πύλης' }));
    await findStore();
    expect(requestsTo(fetchMock, `${API}/actForMerchant`)[0]?.body).toEqual({
      merchantId: 'M2002',
      reason: 'Κλήση του εμπόρου για τερματικό',
    });
    expect(
      screen.getByText('Βλέπετε την πύλη του εμπόρου Φρέσκο Μάρκετ ως προσωπικό του παρόχου'),
    ).toBeTruthy();
    const [list] = requestsTo(fetchMock, `${API}/retrieveStoreList`);
    expect(list!.headers.get('merchantId')).toBe('M2002');
  });
});
