import { screen, waitFor, within } from '@testing-library/react';
import type { CompanyUser } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_API as API, descriptionOf } from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
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
