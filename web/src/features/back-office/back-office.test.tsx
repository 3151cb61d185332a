import { screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { writeStore } from '../../lib/storage';
import { COMPANIES, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    id: '1',
    at: '2026-11-20T10:15:00.000Z',
    actorUserId: 'user-care',
    actorName: 'Μαρία Εξυπηρέτηση',
    actorEmail: 'care@tessera.demo',
    actorRoleId: 2,
    companyId: 'C1001',
    companyName: 'Ακμή Τροφίμων Α.Ε.',
    merchantId: null,
    action: 'create',
    entity: 'delivery-point',
    entityId: 'dp-1',
    before: null,
    after: { alias: 'Αποθήκη Ελευσίνας' },
    actingReason: 'Τηλεφώνημα: νέο σημείο παράδοσης',
    requestId: 'req-1',
    ...overrides,
  };
}

const LOG = {
  success: true,
  entries: [
    entry({}),
    entry({ id: '2', actorName: 'Ελένη Κωνσταντίνου', actorRoleId: 3, actingReason: null }),
  ],
  total: 2,
  page: 1,
  pageSize: 50,
  entities: ['delivery-point', 'order'],
};

const acting = (reason: string | null) => ({
  success: true,
  acting: {
    companyId: 'C1001',
    companyName: 'Ακμή Τροφίμων Α.Ε.',
    merchantId: null,
    merchantName: null,
    reason,
    since: reason ? '2026-11-20T10:00:00.000Z' : null,
  },
});

describe('the audit log (issue 18)', () => {
  it('shows the provider manager every change with who, for whom and why, filters into the address and exports', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'GET /api/v1/audit/entries': { body: LOG },
    });
    const { user, router } = renderApp('/back-office/audit');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Μαρία Εξυπηρέτηση')).toBeTruthy();
    expect(within(table).getByText('Τηλεφώνημα: νέο σημείο παράδοσης')).toBeTruthy();
    expect(within(table).getByText('Εξυπηρέτηση πελατών')).toBeTruthy();
    expect(screen.getByText('2 εγγραφές')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Λεπτομέρειες εγγραφής 1' }));
    expect(within(table).getByText(/Αποθήκη Ελευσίνας/)).toBeTruthy();

    await user.type(screen.getByLabelText('Χρήστης (όνομα ή email)'), 'care@tessera.demo');
    await user.selectOptions(screen.getByLabelText('Οντότητα'), 'delivery-point');
    await user.click(screen.getByRole('button', { name: 'Εφαρμογή' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?person=care%40tessera.demo&entity=delivery-point'),
    );
    await waitFor(() =>
      expect(
        Object.fromEntries(requestsTo(fetchMock, '/api/v1/audit/entries').at(-1)!.url.searchParams),
      ).toEqual({ person: 'care@tessera.demo', entity: 'delivery-point', page: '1' }),
    );
    const link = screen.getByRole('link', { name: 'Εξαγωγή σε Excel' });
    expect(link.getAttribute('href')).toBe(
      '/api/v1/audit/export?person=care%40tessera.demo&entity=delivery-point&lang=el',
    );
  });

  it('refuses the audit log to customer care', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('care') } });
    renderApp('/back-office/audit');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows a company's order manager the company's own log", async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'GET /api/v1/accounts/companyAuditLog': { body: LOG },
    });
    renderApp('/account/audit');
    expect(await screen.findByText('Τηλεφώνημα: νέο σημείο παράδοσης')).toBeTruthy();
    const [request] = requestsTo(fetchMock, '/api/v1/accounts/companyAuditLog');
    expect(request?.headers.get('companyId')).toBe('C1001');
  });
});

describe('acting for a company (issue 18)', () => {
  it('names the company and the reason on every page and stops acting', async () => {
    writeStore('companyData', COMPANIES.C1001);
    const fetchMock = mockApi({
      'GET /api/auth/session': {
        body: {
          ...session('care', { companyId: 'C1001' }),
          acting: {
            companyId: 'C1001',
            merchantId: null,
            reason: 'Κλήση για κάρτες',
            since: '2026-11-20T10:00:00Z',
          },
        },
      },
      'GET /api/v1/accounts/acting': { body: acting('Κλήση για κάρτες') },
      'POST /api/v1/accounts/stopActing': { body: { success: true } },
      'GET /api/v1/accounts/retrieveAgents': { body: { success: true, agents: [] } },
    });
    const { user, router } = renderApp('/account/agents');
    const banner = await screen.findByRole('region', { name: 'Ενεργείτε για λογαριασμό πελάτη' });
    expect(
      within(banner).getByText('Ενεργείτε για λογαριασμό της εταιρείας Ακμή Τροφίμων Α.Ε. (C1001)'),
    ).toBeTruthy();
    expect(within(banner).getByText('Αιτιολογία: Κλήση για κάρτες')).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Τέλος ενέργειας' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/back-office'));
    expect(requestsTo(fetchMock, '/api/v1/accounts/stopActing')).toHaveLength(1);
  });

  it('asks for a reason when staff act without one, and sends it with the company', async () => {
    writeStore('companyData', COMPANIES.C1001);
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care', { companyId: 'C1001' }) },
      'GET /api/v1/accounts/acting': { body: acting(null) },
      'POST /api/v1/accounts/selectCompany': {
        body: { success: true, ...COMPANIES.C1001, address: '', contacts: [] },
      },
      'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
      'GET /api/v1/accounts/retrieveAgents': { body: { success: true, agents: [] } },
    });
    const { user } = renderApp('/account/agents');
    const banner = await screen.findByRole('region', { name: /πελάτη|client/ });
    expect(within(banner).getByText(/όχι να κάνετε αλλαγές|not change anything/)).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: /Δώστε αιτιολογία|Give a reason/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Αιτιολογία|Reason/), 'Αλλαγή σημείου παράδοσης');
    await user.click(within(dialog).getByRole('button', { name: /Έναρξη|Start/ }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/v1/accounts/selectCompany').at(-1)?.body).toEqual({
        companyId: 'C1001',
        reason: 'Αλλαγή σημείου παράδοσης',
      }),
    );
  });
});

describe('the back-office hub (issue 18)', () => {
  it('lists the tools the role may open', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('care') } });
    renderApp('/back-office');
    expect(await screen.findByRole('link', { name: 'Εταιρείες' })).toBeTruthy();
    // The audit log is the provider manager's.
    expect(screen.queryByRole('link', { name: 'Αρχείο ενεργειών' })).toBeNull();
  });
});
