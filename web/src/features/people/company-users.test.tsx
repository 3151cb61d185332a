import { screen, waitFor, within } from '@testing-library/react';
import type { ManagedCompanyUser } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_API as API } from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function managed(overrides: Partial<ManagedCompanyUser>): ManagedCompanyUser {
  return {
    userId: '5a0c3a3e-0000-4000-8000-000000000001',
    firstName: 'Ελένη',
    lastName: 'Κωνσταντίνου',
    email: 'om1@tessera.demo',
    phone: '',
    jobTitle: '',
    userRoleId: 3,
    isConfirmed: true,
    isLocked: false,
    status: 'active',
    isManageable: true,
    ...overrides,
  };
}

const ME = managed({ userId: 'user-om1', isManageable: false });
const PETROS = managed({
  userId: '5a0c3a3e-0000-4000-8000-000000000002',
  firstName: 'Πέτρος',
  lastName: 'Νικολάου',
  email: 'petros@akmi.gr',
  userRoleId: 4,
  isConfirmed: false,
  status: 'unconfirmed',
});
const ANNA = managed({
  userId: '5a0c3a3e-0000-4000-8000-000000000003',
  firstName: 'Άννα',
  lastName: 'Λαμπράκη',
  email: 'anna@akmi.gr',
  userRoleId: 5,
  isLocked: true,
  status: 'locked',
});
const SHARED = managed({
  userId: '5a0c3a3e-0000-4000-8000-000000000004',
  firstName: 'Κώστας',
  lastName: 'Κοινός',
  email: 'kostas@elaionas.gr',
  userRoleId: 4,
  isManageable: false,
});

describe('company users (/account/users)', () => {
  it('lists the company’s users with their state; the order manager locks, unlocks and re-invites', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/companyUsers`]: { body: { success: true, users: [ME, PETROS, ANNA, SHARED] } },
      [`POST ${API}/companyUsers/${PETROS.userId}/lock`]: { body: { success: true, user: PETROS } },
      [`POST ${API}/companyUsers/${PETROS.userId}/requestConfirmation`]: {
        body: { success: true, user: PETROS },
      },
      [`POST ${API}/companyUsers/${ANNA.userId}/unlock`]: { body: { success: true, user: ANNA } },
    });
    const { user } = renderApp('/account/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Χρήστες εταιρείας' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Χρήστες εταιρείας' });
    const rowOf = (email: string) => within(table).getByText(email).closest('tr')!;
    expect(within(rowOf('om1@tessera.demo')).getByText('Ο δικός σας λογαριασμός')).toBeTruthy();
    expect(within(rowOf('petros@akmi.gr')).getByText('Χωρίς επιβεβαίωση')).toBeTruthy();
    expect(within(rowOf('anna@akmi.gr')).getByText('Κλειδωμένος')).toBeTruthy();
    expect(
      within(rowOf('kostas@elaionas.gr')).getByText(
        'Εργάζεται και για άλλη εταιρεία: αλλαγές μόνο από την εξυπηρέτηση πελατών',
      ),
    ).toBeTruthy();
    expect(within(rowOf('kostas@elaionas.gr')).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Κλείδωμα: Πέτρος Νικολάου' }));
    expect(await screen.findByText('Ο λογαριασμός κλειδώθηκε: Πέτρος Νικολάου.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Νέο email επιβεβαίωσης: Πέτρος Νικολάου' }));
    expect(await screen.findByText('Στάλθηκε νέο email επιβεβαίωσης: Πέτρος Νικολάου.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ξεκλείδωμα: Άννα Λαμπράκη' }));
    expect(await screen.findByText('Ο λογαριασμός ξεκλειδώθηκε: Άννα Λαμπράκη.')).toBeTruthy();
    const lock = requestsTo(fetchMock, `${API}/companyUsers/${PETROS.userId}/lock`);
    expect(lock).toHaveLength(1);
    expect(lock[0]!.headers.get('companyId')).toBe('C1001');
  });

  it('invites a payment manager of the company and changes a colleague’s role', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/companyUsers`]: { body: { success: true, users: [ME, PETROS] } },
      [`POST ${API}/registerProfile`]: ({ body }) => ({
        body: { success: true, user: managed({ ...(body as object), isConfirmed: false }) },
      }),
      [`POST ${API}/updateManager`]: ({ body }) => ({
        body: { success: true, user: { ...PETROS, ...(body as object) } },
      }),
    });
    const { user } = renderApp('/account/users');
    await user.click(await screen.findByRole('button', { name: 'Νέος χρήστης εταιρείας' }));
    const invite = await screen.findByRole('dialog', { name: 'Νέος χρήστης εταιρείας' });
    await user.type(within(invite).getByRole('textbox', { name: /^Email/ }), 'nikos@akmi.gr');
    await user.type(within(invite).getByRole('textbox', { name: /^Όνομα/ }), 'Νίκος');
    await user.type(within(invite).getByRole('textbox', { name: /^Επώνυμο/ }), 'Παππάς');
    await user.selectOptions(within(invite).getByRole('combobox', { name: /^Ρόλος/ }), '5');
    await user.click(within(invite).getByRole('button', { name: 'Αποστολή πρόσκλησης' }));
    await waitFor(() => expect(requestsTo(fetchMock, `${API}/registerProfile`)).toHaveLength(1));
    expect(requestsTo(fetchMock, `${API}/registerProfile`)[0]!.body).toMatchObject({
      email: 'nikos@akmi.gr',
      userRoleId: 5,
    });

    await user.click(await screen.findByRole('button', { name: 'Επεξεργασία: Πέτρος Νικολάου' }));
    const edit = await screen.findByRole('dialog', { name: 'Στοιχεία συναδέλφου' });
    await user.selectOptions(within(edit).getByRole('combobox', { name: /^Ρόλος/ }), '3');
    await user.click(within(edit).getByRole('button', { name: 'Αποθήκευση αλλαγών' }));
    expect(await screen.findByText('Τα στοιχεία ενημερώθηκαν: Πέτρος Νικολάου.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/updateManager`)[0]!.body).toMatchObject({
      userId: PETROS.userId,
      userRoleId: 3,
    });
  });

  it('is in English under /en and closed to finance users', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/companyUsers`]: { body: { success: true, users: [ME] } },
    });
    const english = renderApp('/en/account/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company users' })).toBeTruthy();
    expect(await screen.findByText('Your own account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Company users' })).toBeTruthy();
    english.unmount();

    mockApi({ 'GET /api/auth/session': { body: session('finance') } });
    renderApp('/account/users');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
  });

  it('sets which roles must sign in with two factors, in English', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/companyUsers`]: { body: { success: true, users: [ME, PETROS] } },
      [`POST ${API}/getSecondFactorRoles`]: { body: { success: true, roleIds: [5] } },
      [`POST ${API}/updateSecondFactorRoles`]: ({ body }) => ({
        body: { success: true, roleIds: (body as { roleIds: number[] }).roleIds },
      }),
    });
    const { user } = renderApp('/en/account/users');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    const payment = await within(section).findByRole('checkbox', { name: 'Payment managers' });
    await waitFor(() => expect((payment as HTMLInputElement).checked).toBe(true));
    expect(
      (within(section).getByRole('checkbox', { name: 'Order managers' }) as HTMLInputElement).checked,
    ).toBe(false);
    await user.click(within(section).getByRole('checkbox', { name: 'Order managers' }));
    await user.click(within(section).getByRole('button', { name: 'Save the setting' }));
    expect(
      await within(section).findByText(
        'The setting was saved. Anyone in these roles signed in without a code will sign in again.',
      ),
    ).toBeTruthy();
    const [sent] = requestsTo(fetchMock, `${API}/updateSecondFactorRoles`);
    expect(sent?.body).toEqual({ companyId: 'C1001', roleIds: [5, 3] });
    expect(sent?.headers.get('companyId')).toBe('C1001');
  });
});
