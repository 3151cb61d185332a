// @vitest-environment jsdom
// (happy-dom: the role select keeps its first option where a browser and jsdom keep the default.)
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import type { MerchantUser } from '../api/get-merchant-users';
import { ADMIN, API, VIEWER, merchant, merchantAdminApi } from '../merchant-admin-fixtures';

const UPDATE = `${API}/updateRedeemerProfile`;
const CONFIRM = `${API}/confirmIbanChange`;
const LOCK = `${API}/lockMerchantUser`;
const INVITE = `${API}/inviteMerchantUser`;
const NEW_IBAN = 'GR9608100010000001234567890';

const person = (overrides: Partial<MerchantUser>): MerchantUser => ({
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
  createdAt: '2026-01-01T00:00:00Z',
  merchantRole: 'admin',
  ...overrides,
});

const users: MerchantUser[] = [
  person({}),
  person({
    userId: 'user-viewer',
    email: 'merchant.viewer@tessera.demo',
    firstName: 'Γιώργος',
    lastName: 'Σταύρου',
    merchantRole: 'viewer',
  }),
];

const usersApi = { [`GET ${API}/merchantUsers`]: { body: { success: true, users } } };

describe('the redeemer profile page', () => {
  it('shows the fee plan per product with what a 100 € sale leaves', async () => {
    merchantAdminApi(VIEWER, usersApi);
    renderApp('/merchant/redeemer-profile');
    const table = await screen.findByRole(
      'table',
      { name: 'Οι προμήθειές σας ανά προϊόν' },
      { timeout: 5_000 },
    );
    const row = within(table).getByRole('row', { name: /Ticket Restaurant/ });
    expect(row.textContent).toContain('4%');
    expect(row.textContent).toContain('4,00\u00a0€ προμήθεια + 0,96\u00a0€ ΦΠΑ');
    expect(row.textContent).toContain('95,04\u00a0€');
  });

  it('asks for an IBAN change and says the confirmation link went to the contact address', async () => {
    const fetchMock = merchantAdminApi(ADMIN, {
      ...usersApi,
      [`POST ${UPDATE}`]: { body: { success: true, merchant, ibanChangePending: true } },
    });
    const { user } = renderApp('/merchant/redeemer-profile');
    const section = await screen.findByRole(
      'region',
      { name: 'Στοιχεία επιχείρησης και επικοινωνίας' },
      { timeout: 5_000 },
    );
    await user.click(within(section).getByRole('button', { name: 'Επεξεργασία στοιχείων' }));
    const iban = within(section).getByLabelText(/^IBAN πληρωμών/);
    await user.clear(iban);
    await user.type(iban, 'GR00 1234');
    await user.click(within(section).getByRole('button', { name: 'Αποθήκευση στοιχείων' }));
    expect(
      await within(section).findByText(
        'IBAN πληρωμών: Το IBAN δεν είναι έγκυρο. Ελέγξτε τον κωδικό χώρας και τα ψηφία.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, UPDATE)).toHaveLength(0);

    await user.clear(iban);
    await user.type(iban, 'gr96 0810 0010 0000 0123 4567 890');
    await user.click(within(section).getByRole('button', { name: 'Αποθήκευση στοιχείων' }));
    await waitFor(() => expect(requestsTo(fetchMock, UPDATE)).toHaveLength(1));
    expect(requestsTo(fetchMock, UPDATE)[0]!.body).toMatchObject({ iban: NEW_IBAN, bic: 'ETHNGRAA' });

    expect(await within(section).findByText('Η αλλαγή IBAN περιμένει επιβεβαίωση')).toBeTruthy();
    expect(
      within(section).getByText(
        'Στείλαμε σύνδεσμο επιβεβαίωσης στο merchant@tessera.demo. Οι πληρωμές θα πηγαίνουν στο GR96 0810 0010 0000 0123 4567 890 μόνο αφού τον ανοίξετε (μέσα σε 24 ώρες)· ως τότε συνεχίζουν στο GR16 0110 1250 0000 0001 2300 695.',
      ),
    ).toBeTruthy();
  });

  it('keeps the current IBAN out of a contact-only change', async () => {
    const fetchMock = merchantAdminApi(ADMIN, {
      ...usersApi,
      [`POST ${UPDATE}`]: { body: { success: true, merchant, ibanChangePending: false } },
    });
    const { user } = renderApp('/en/merchant/redeemer-profile');
    const section = await screen.findByRole(
      'region',
      { name: 'Business and contact details' },
      { timeout: 5_000 },
    );
    await user.click(within(section).getByRole('button', { name: 'Edit details' }));
    const phone = within(section).getByLabelText(/^Contact phone/);
    await user.clear(phone);
    await user.type(phone, '+302109999999');
    await user.click(within(section).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(requestsTo(fetchMock, UPDATE)).toHaveLength(1));
    const body = requestsTo(fetchMock, UPDATE)[0]!.body as Record<string, unknown>;
    expect(body.contactPhone).toBe('+302109999999');
    expect(body.iban).toBeUndefined();
    expect(await within(section).findByText('Your details were saved.')).toBeTruthy();
    expect(within(section).queryByText('IBAN change waiting for confirmation')).toBeNull();
  });

  it('confirms the mailed link once, and says when the link has expired', async () => {
    const fetchMock = merchantAdminApi(ADMIN, {
      ...usersApi,
      [`POST ${CONFIRM}`]: {
        status: 404,
        body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
      },
    });
    renderApp('/merchant/redeemer-profile?confirmIban=token-that-is-long-enough-1234');
    expect(await screen.findByText('Το IBAN δεν άλλαξε', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(/Ο σύνδεσμος επιβεβαίωσης έληξε/)).toBeTruthy();
    expect(requestsTo(fetchMock, CONFIRM)).toHaveLength(1);
    expect(requestsTo(fetchMock, CONFIRM)[0]!.body).toEqual({ token: 'token-that-is-long-enough-1234' });
    // No global error modal for an expired link: the page said it.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets the administrator lock a colleague and invite a user', async () => {
    const fetchMock = merchantAdminApi(ADMIN, {
      ...usersApi,
      [`POST ${LOCK}`]: { body: { success: true, user: { ...users[1], isLocked: true } } },
      [`POST ${INVITE}`]: (request) => ({
        body: {
          success: true,
          user: person({ ...(request.body as object), userId: 'new', isConfirmed: false }),
        },
      }),
    });
    const { user } = renderApp('/merchant/redeemer-profile');
    const section = await screen.findByRole('region', { name: 'Χρήστες' }, { timeout: 5_000 });
    await within(section).findByText('Γιώργος Σταύρου');
    // Nobody locks themselves out.
    expect(within(section).queryByRole('button', { name: 'Κλείδωμα: Σοφία Μιχαηλίδου' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Κλείδωμα: Γιώργος Σταύρου' }));
    await waitFor(() => expect(requestsTo(fetchMock, LOCK)).toHaveLength(1));
    expect(requestsTo(fetchMock, LOCK)[0]!.body).toEqual({ userId: 'user-viewer', locked: true });
    expect(
      await within(section).findByText(
        'Ο χρήστης Γιώργος Σταύρου κλειδώθηκε και δεν μπορεί πλέον να συνδεθεί.',
      ),
    ).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Πρόσκληση χρήστη' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή πρόσκλησης' }));
    expect(await within(dialog).findByText('Όνομα: Συμπληρώστε αυτό το πεδίο.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Email/), 'new@fresko.gr');
    await user.type(within(dialog).getByLabelText(/^Όνομα/), 'Νέα');
    await user.type(within(dialog).getByLabelText(/^Επώνυμο/), 'Ταμίας');
    await user.click(within(dialog).getByRole('button', { name: 'Αποστολή πρόσκλησης' }));
    await waitFor(() => expect(requestsTo(fetchMock, INVITE)).toHaveLength(1));
    expect(requestsTo(fetchMock, INVITE)[0]!.body).toEqual({
      email: 'new@fresko.gr',
      firstName: 'Νέα',
      lastName: 'Ταμίας',
      role: 'viewer',
      preferredLanguage: 'el',
    });
    expect(await within(section).findByText('Στάλθηκε πρόσκληση στο new@fresko.gr.')).toBeTruthy();
  });

  it('shows a view-only user the profile and users without any edit button', async () => {
    merchantAdminApi(VIEWER, usersApi);
    renderApp('/en/merchant/redeemer-profile');
    const section = await screen.findByRole('region', { name: 'Users' }, { timeout: 5_000 });
    await within(section).findByText('Γιώργος Σταύρου');
    expect(screen.getByText('GR16 0110 1250 0000 0001 2300 695')).toBeTruthy();
    for (const name of [/^Edit details/, /^Invite a user/, /^Lock /, /^Unlock /]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });
});
