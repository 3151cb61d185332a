import { screen, waitFor, within } from '@testing-library/react';
import type { AdminUser } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { descriptionOf } from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const API = '/api/v1/accounts/users';
const ELENI_ID = '5a0c3a3e-0000-4000-8000-000000000001';
const ADMIN_ID = '5a0c3a3e-0000-4000-8000-000000000009';

function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: ELENI_ID,
    email: 'om1@tessera.demo',
    firstName: 'Ελένη',
    lastName: 'Κωνσταντίνου',
    phone: '+302101234567',
    jobTitle: '',
    userRoleId: 3,
    relatedCompanies: [{ companyId: 'C1001' }],
    isConfirmed: true,
    isLocked: false,
    preferredLanguage: 'el',
    createdAt: '2026-01-10T10:00:00.000Z',
    status: 'active',
    companies: [{ companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.' }],
    merchant: null,
    ...overrides,
  };
}

const ELENI = adminUser();
const SOFIA = adminUser({
  userId: '5a0c3a3e-0000-4000-8000-000000000002',
  email: 'merchant@tessera.demo',
  firstName: 'Σοφία',
  lastName: 'Μιχαηλίδου',
  userRoleId: 1001,
  relatedCompanies: [],
  companies: [],
  merchant: { merchantId: 'M2002', name: 'Φρέσκο Μάρκετ', merchantRole: 'admin' },
  isConfirmed: false,
  status: 'unconfirmed',
});
const MARIA = adminUser({
  userId: ADMIN_ID,
  email: 'admin@tessera.demo',
  firstName: 'Μαρία',
  lastName: 'Παπαδοπούλου',
  userRoleId: 1,
  relatedCompanies: [],
  companies: [],
});

const list = (users: AdminUser[]) => ({ success: true, users, total: users.length, page: 1, pageSize: 20 });

describe('back office users (/back-office/users)', () => {
  it('searches every user by name, company, role and status and shows where each works', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      [`POST ${API}/userList`]: ({ body }) => {
        const filter = body as { company?: string };
        return { body: list(filter.company ? [ELENI] : [ELENI, SOFIA]) };
      },
    });
    const { user } = renderApp('/back-office/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Χρήστες' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Χρήστες' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Ακμή Τροφίμων Α.Ε. (C1001)')).toBeTruthy();
    expect(within(rows[1]!).getByText('Υπεύθυνος παραγγελιών')).toBeTruthy();
    expect(within(rows[1]!).getByText('Ενεργός')).toBeTruthy();
    expect(within(rows[2]!).getByText('Φρέσκο Μάρκετ (M2002)')).toBeTruthy();
    expect(within(rows[2]!).getByText('Χωρίς επιβεβαίωση')).toBeTruthy();
    expect(screen.getByText('2 χρήστες')).toBeTruthy();

    const search = screen.getByRole('search');
    await user.type(within(search).getByRole('searchbox', { name: 'Όνομα ή email' }), 'κωνσταντ');
    await user.type(within(search).getByRole('searchbox', { name: /^Εταιρεία ή επιχείρηση/ }), 'Ακμή');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Ρόλος' }), '3');
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Κατάσταση' }), 'active');
    await user.click(within(search).getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(screen.getByText('1 χρήστης')).toBeTruthy());
    expect(requestsTo(fetchMock, `${API}/userList`).at(-1)?.body).toEqual({
      pageSize: 20,
      query: 'κωνσταντ',
      company: 'Ακμή',
      userRoleId: 3,
      status: 'active',
      page: 1,
    });
  });

  it('opens a user in a drawer: lock, resend the confirmation, force a reset after asking, end sessions', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      [`POST ${API}/userList`]: { body: list([SOFIA]) },
      [`GET ${API}/${SOFIA.userId}`]: { body: { success: true, user: SOFIA } },
      [`POST ${API}/${SOFIA.userId}/lock`]: { body: { success: true, user: { ...SOFIA, isLocked: true } } },
      [`POST ${API}/${SOFIA.userId}/requestConfirmation`]: { body: { success: true, user: SOFIA } },
      [`POST ${API}/${SOFIA.userId}/requestPasswordReset`]: { body: { success: true, user: SOFIA } },
      [`POST ${API}/${SOFIA.userId}/endSessions`]: { body: { success: true, endedSessions: 2 } },
      [`POST /api/v2/identity/users/${SOFIA.userId}/second-factor/reset`]: { body: { success: true } },
    });
    const { user } = renderApp('/back-office/users');
    await user.click(await screen.findByRole('button', { name: 'Προβολή χρήστη: Σοφία Μιχαηλίδου' }));
    const drawer = await screen.findByRole('dialog', { name: 'Στοιχεία χρήστη' });
    expect(await within(drawer).findByText('Φρέσκο Μάρκετ (M2002) · Διαχειριστής')).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Κλείδωμα' }));
    expect(await within(drawer).findByText('Ο λογαριασμός κλειδώθηκε: Σοφία Μιχαηλίδου.')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Νέο email επιβεβαίωσης' }));
    expect(
      await within(drawer).findByText('Στάλθηκε νέο email επιβεβαίωσης: Σοφία Μιχαηλίδου.'),
    ).toBeTruthy();

    await user.click(within(drawer).getByRole('button', { name: 'Υποχρεωτική αλλαγή κωδικού' }));
    expect(requestsTo(fetchMock, `${API}/${SOFIA.userId}/requestPasswordReset`)).toHaveLength(0);
    await user.click(within(drawer).getByRole('button', { name: 'Ναι, συνέχεια' }));
    expect(
      await within(drawer).findByText(
        'Ο κωδικός ακυρώθηκε και στάλθηκε email για νέο κωδικό: Σοφία Μιχαηλίδου.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/${SOFIA.userId}/requestPasswordReset`)).toHaveLength(1);

    await user.click(within(drawer).getByRole('button', { name: 'Αποσύνδεση από παντού' }));
    // A reason is required, and goes with the request.
    await user.click(within(drawer).getByRole('button', { name: 'Ναι, συνέχεια' }));
    expect(within(drawer).getByText('Συμπληρώστε την αιτιολογία (τουλάχιστον 5 χαρακτήρες).')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/${SOFIA.userId}/endSessions`)).toHaveLength(0);
    await user.type(within(drawer).getByLabelText(/^Αιτιολογία/), 'Δηλώθηκε κλοπή φορητού');
    await user.click(within(drawer).getByRole('button', { name: 'Ναι, συνέχεια' }));
    expect(
      await within(drawer).findByText('Ο χρήστης αποσυνδέθηκε από παντού: Σοφία Μιχαηλίδου.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/${SOFIA.userId}/endSessions`)[0]?.body).toEqual({
      reason: 'Δηλώθηκε κλοπή φορητού',
    });
    expect(requestsTo(fetchMock, `${API}/${SOFIA.userId}/lock`)).toHaveLength(1);

    // Issue 21: the second factor is reset with its own reason, for the audit log.
    const reset = `/api/v2/identity/users/${SOFIA.userId}/second-factor/reset`;
    await user.click(within(drawer).getByRole('button', { name: 'Επαναφορά δεύτερου παράγοντα' }));
    expect((within(drawer).getByLabelText(/^Αιτιολογία/) as HTMLTextAreaElement).value).toBe('');
    await user.click(within(drawer).getByRole('button', { name: 'Ναι, συνέχεια' }));
    expect(requestsTo(fetchMock, reset)).toHaveLength(0);
    await user.type(within(drawer).getByLabelText(/^Αιτιολογία/), 'Τηλεφώνημα: χάθηκε το κινητό');
    await user.click(within(drawer).getByRole('button', { name: 'Ναι, συνέχεια' }));
    expect(
      await within(drawer).findByText(
        'Ο δεύτερος παράγοντας επαναφέρθηκε και ο χρήστης ενημερώθηκε με email: Σοφία Μιχαηλίδου.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, reset)[0]?.body).toEqual({ reason: 'Τηλεφώνημα: χάθηκε το κινητό' });
  });

  it('customer care sees an admin without actions and cannot offer provider roles', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('care') },
      [`POST ${API}/userList`]: { body: list([MARIA]) },
      [`GET ${API}/${ADMIN_ID}`]: { body: { success: true, user: MARIA } },
    });
    const { user } = renderApp('/back-office/users');
    await user.click(await screen.findByRole('button', { name: 'Προβολή χρήστη: Μαρία Παπαδοπούλου' }));
    const drawer = await screen.findByRole('dialog', { name: 'Στοιχεία χρήστη' });
    expect(
      await within(drawer).findByText('Μόνο διαχειριστής του παρόχου αλλάζει λογαριασμό διαχειριστή.'),
    ).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Κλείδωμα' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Επεξεργασία' })).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: 'Κλείσιμο' }));

    await user.click(screen.getByRole('button', { name: 'Νέος χρήστης' }));
    const form = await screen.findByRole('dialog', { name: 'Νέος χρήστης' });
    const roles = within(within(form).getByRole('combobox', { name: 'Ρόλος' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(roles).not.toContain('Διαχειριστής παρόχου');
    expect(roles).not.toContain('Εξυπηρέτηση πελατών');
    expect(roles).toContain('Συνεργαζόμενη επιχείρηση');
  });

  it('an admin creates a user of two companies; a taken email is shown beside the field', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`POST ${API}/userList`]: { body: list([ELENI]) },
      [`POST ${API}/registerProfile`]: ({ body }) => {
        const input = body as { email: string };
        if (input.email === 'om1@tessera.demo') {
          return {
            status: 409,
            body: {
              success: false,
              errorCode: 6,
              errorLevel: 'error',
              errorMessage: 'Διένεξη.',
              fields: [{ field: 'email', message: 'Αυτή η διεύθυνση email ανήκει ήδη σε άλλον χρήστη.' }],
            },
          };
        }
        return { body: { success: true, user: adminUser({ email: input.email, status: 'unconfirmed' }) } };
      },
    });
    const { user } = renderApp('/back-office/users');
    await user.click(await screen.findByRole('button', { name: 'Νέος χρήστης' }));
    const form = await screen.findByRole('dialog', { name: 'Νέος χρήστης' });
    expect(
      within(within(form).getByRole('combobox', { name: 'Ρόλος' })).getByText('Διαχειριστής παρόχου'),
    ).toBeTruthy();
    const email = within(form).getByRole('textbox', { name: /^Email/ });
    await user.type(email, 'om1@tessera.demo');
    await user.type(within(form).getByRole('textbox', { name: /^Όνομα/ }), 'Άννα');
    await user.type(within(form).getByRole('textbox', { name: /^Επώνυμο/ }), 'Λαμπράκη');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Ρόλος' }), '4');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Γλώσσα email' }), 'en');
    await user.type(within(form).getByRole('textbox', { name: /^Κωδικοί εταιρειών/ }), 'C1001, C1002');
    await user.click(within(form).getByRole('button', { name: 'Δημιουργία και αποστολή email' }));
    await waitFor(() =>
      expect(descriptionOf(email)).toContain('Αυτή η διεύθυνση email ανήκει ήδη σε άλλον χρήστη.'),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.clear(email);
    await user.type(email, 'anna@akmi.gr');
    await user.click(within(form).getByRole('button', { name: 'Δημιουργία και αποστολή email' }));
    expect(
      await screen.findByText(
        'Ο χρήστης δημιουργήθηκε και του στάλθηκε email επιβεβαίωσης στο anna@akmi.gr.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/registerProfile`).at(-1)?.body).toEqual({
      email: 'anna@akmi.gr',
      firstName: 'Άννα',
      lastName: 'Λαμπράκη',
      phone: '',
      preferredLanguage: 'en',
      userRoleId: 4,
      companyIds: ['C1001', 'C1002'],
    });
  });

  it('is in English under /en', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('admin') },
      [`POST ${API}/userList`]: { body: list([]) },
    });
    renderApp('/en/back-office/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    expect(await screen.findByText('No users match these criteria.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Company or merchant (name or id)' })).toBeTruthy();
  });

  it('is not for company roles', async () => {
    const fetchMock = mockApi({ 'GET /api/auth/session': { body: session('om1') } });
    renderApp('/back-office/users');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Χρήστες' })).toBeNull();
    expect(requestsTo(fetchMock, `${API}/userList`)).toHaveLength(0);
  });
});
