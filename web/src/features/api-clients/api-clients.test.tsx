import { screen, waitFor, within } from '@testing-library/react';
import type { ApiClient } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_API as API } from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function apiClient(overrides: Partial<ApiClient>): ApiClient {
  return {
    clientId: 'tc_erp000000000001',
    name: 'ERP',
    scopes: ['cards:read', 'orders:read'],
    createdAt: '2026-11-20T09:00:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    status: 'active',
    previousSecretExpiresAt: null,
    ...overrides,
  };
}

const ERP = apiClient({});
const PAYROLL = apiClient({
  clientId: 'tc_payroll00000002',
  name: 'Μισθοδοσία',
  scopes: ['cards:write'],
  lastUsedAt: '2026-11-25T10:30:00.000Z',
});
const OLD = apiClient({
  clientId: 'tc_old0000000000003',
  name: 'Παλιό',
  status: 'revoked',
  revokedAt: '2026-11-21T10:00:00.000Z',
});
const SECRET = 'tcs_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

describe('API clients (/account/api-clients)', () => {
  it('lists the company’s clients; the order manager creates one and sees its secret once', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/apiClients`]: { body: { success: true, clients: [ERP, PAYROLL, OLD] } },
      [`POST ${API}/createApiClient`]: ({ body }) => ({
        body: {
          success: true,
          client: apiClient({ ...(body as object), clientId: 'tc_new00000000004' }),
          clientSecret: SECRET,
        },
      }),
    });
    const { user } = renderApp('/account/api-clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Πελάτες API' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Πελάτες API' });
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(rowOf('ERP')).getByText('tc_erp000000000001')).toBeTruthy();
    expect(within(rowOf('ERP')).getByText('Ποτέ')).toBeTruthy();
    expect(within(rowOf('Παλιό')).getByText('Ανακλήθηκε')).toBeTruthy();
    expect(within(rowOf('Παλιό')).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Πελάτες API' })).toBeTruthy();

    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Δημιουργία πελάτη' }));
    expect(await screen.findByText('Δώστε ένα όνομα.')).toBeTruthy();
    expect(screen.getByText('Επιλέξτε τουλάχιστον ένα δικαίωμα.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/createApiClient`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Όνομα/ }), 'Λογιστήριο');
    await user.click(screen.getByRole('checkbox', { name: /^orders:read/ }));
    await user.click(screen.getByRole('button', { name: 'Δημιουργία πελάτη' }));
    const shown = await screen.findByRole('region', { name: 'Μυστικό πελάτη (client secret)' });
    expect(within(shown).getByText(/δεν θα το ξαναδείτε/)).toBeTruthy();
    expect(
      within(shown).getByRole<HTMLInputElement>('textbox', { name: 'Μυστικό πελάτη (client secret)' }).value,
    ).toBe(SECRET);
    const [sent] = requestsTo(fetchMock, `${API}/createApiClient`);
    expect(sent!.body).toEqual({ name: 'Λογιστήριο', scopes: ['orders:read'] });
    expect(sent!.headers.get('companyId')).toBe('C1001');
    await user.click(within(shown).getByRole('button', { name: 'Το αντέγραψα' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  }, 20_000);

  it('rotates a secret with the chosen overlap and revokes a client after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/apiClients`]: { body: { success: true, clients: [ERP] } },
      [`POST ${API}/rotateApiClientSecret`]: {
        body: { success: true, client: ERP, clientSecret: SECRET },
      },
      [`POST ${API}/revokeApiClient`]: { body: { success: true, client: { ...ERP, status: 'revoked' } } },
    });
    const { user } = renderApp('/account/api-clients');
    await user.click(await screen.findByRole('button', { name: 'Νέο μυστικό: ERP' }));
    const rotate = await screen.findByRole('dialog', { name: 'Νέο μυστικό για τον πελάτη «ERP»' });
    await user.selectOptions(
      within(rotate).getByRole('combobox', { name: 'Το παλιό μυστικό ισχύει ακόμη για' }),
      '72',
    );
    await user.click(within(rotate).getByRole('button', { name: 'Δημιουργία νέου μυστικού' }));
    expect(await screen.findByDisplayValue(SECRET)).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/rotateApiClientSecret`)[0]!.body).toEqual({
      clientId: ERP.clientId,
      overlapHours: 72,
    });

    await user.click(screen.getByRole('button', { name: 'Ανάκληση: ERP' }));
    const revoke = await screen.findByRole('dialog', { name: 'Ανάκληση του πελάτη «ERP»;' });
    expect(requestsTo(fetchMock, `${API}/revokeApiClient`)).toHaveLength(0);
    await user.click(within(revoke).getByRole('button', { name: 'Ανάκληση' }));
    expect(await screen.findByText('Ο πελάτης «ERP» ανακλήθηκε.')).toBeTruthy();
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${API}/revokeApiClient`)[0]!.body).toEqual({ clientId: ERP.clientId }),
    );
  });

  it('is in English under /en and closed to finance users', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/apiClients`]: { body: { success: true, clients: [] } },
    });
    const english = renderApp('/en/account/api-clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'API clients' })).toBeTruthy();
    expect(await screen.findByText('The company has no API clients yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'New API client' })).toBeTruthy();
    english.unmount();

    mockApi({ 'GET /api/auth/session': { body: session('finance') } });
    renderApp('/account/api-clients');
    expect(await screen.findByText('Δεν έχετε πρόσβαση σε αυτή τη σελίδα')).toBeTruthy();
  });
});
