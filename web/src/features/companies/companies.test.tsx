import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** Lets fake time pass in small steps until `check` passes (promises and timers both run). */
async function until<T>(check: () => T, stepMs = 1, maxSteps = 400): Promise<T> {
  let lastError: unknown;
  for (let step = 0; step < maxSteps; step += 1) {
    try {
      return check();
    } catch (error) {
      lastError = error;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(stepMs);
      });
    }
  }
  throw lastError;
}

describe('company selection (SPEC §4)', () => {
  it('stores the company, loads it and the draft count, then goes home after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om3') },
      'GET /api/v1/accounts/relatedCompanies': {
        body: { success: true, companies: [COMPANIES.C1001, COMPANIES.C1002, COMPANIES.C1003] },
      },
      'POST /api/v1/accounts/selectCompany': { body: companyResponse('C1002') },
      // Drafts are built later: a 404 (or code 40) counts as zero and shows nothing.
      'GET /api/v1/orders/retrieveDraftOrders': {
        status: 404,
        body: { success: false, errorCode: 40, errorLevel: 'info', errorMessage: 'no drafts' },
      },
    });
    const { router } = renderApp('/company-select', { advanceTimers: vi.advanceTimersByTime });
    const choose = await until(() =>
      screen.getByRole('button', { name: 'Επιλογή Ελαιώνας Λογιστική Ι.Κ.Ε.' }),
    );
    expect(screen.getAllByRole('button', { name: /^Επιλογή / })).toHaveLength(3);

    fireEvent.click(choose);
    await until(() =>
      screen.getByText(
        'Εργάζεστε πλέον για την εταιρεία Ελαιώνας Λογιστική Ι.Κ.Ε.. Μετάβαση στην αρχική σελίδα…',
      ),
    );
    expect(readStore('lastCompanyId')).toBe('C1002');
    expect(readStore('companyData')).toEqual({
      companyId: 'C1002',
      name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.',
      vat: '800123456',
    });
    expect(readStore('draftTotal')).toEqual({ total: 0, isMaxReached: false });
    expect(requestsTo(fetchMock, '/api/v1/accounts/selectCompany')[0]?.body).toEqual({ companyId: 'C1002' });
    expect(requestsTo(fetchMock, '/api/v1/orders/retrieveDraftOrders')[0]?.headers.get('companyId')).toBe(
      'C1002',
    );

    await act(async () => {
      await vi.advanceTimersByTimeAsync(450);
    });
    // Not even started: no navigation is pending before half a second.
    expect(router.state.location.pathname).toBe('/company-select');
    expect(router.state.navigation.state).toBe('idle');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60);
    });
    expect(router.state.navigation.location?.pathname ?? router.state.location.pathname).toBe('/');
    // The home page's code loads (a real import), then the router settles on `/`.
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('counts the drafts the server lists', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('payment') },
      'GET /api/v1/accounts/relatedCompanies': {
        body: { success: true, companies: [COMPANIES.C1002, COMPANIES.C1004] },
      },
      'POST /api/v1/accounts/selectCompany': { body: companyResponse('C1004') },
      'GET /api/v1/orders/retrieveDraftOrders': {
        body: { success: true, draftOrders: Array.from({ length: 100 }, () => ({})) },
      },
    });
    const { user, router } = renderApp('/en/company-select');
    await user.click(await screen.findByRole('button', { name: 'Choose Κρόνος Μεταφορική Ο.Ε.' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
    expect(readStore('draftTotal')).toEqual({ total: 100, isMaxReached: true });
  });

  it('keeps nothing when the server refuses the company', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om3') },
      'GET /api/v1/accounts/relatedCompanies': { body: { success: true, companies: [COMPANIES.C1001] } },
      'POST /api/v1/accounts/selectCompany': {
        status: 403,
        body: { success: false, errorCode: 4, errorLevel: 'error', errorMessage: 'Δεν έχετε δικαίωμα.' },
      },
    });
    const { user, router } = renderApp('/company-select');
    await user.click(await screen.findByRole('button', { name: 'Επιλογή Ακμή Τροφίμων Α.Ε.' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(readStore('companyData')).toBeNull();
    expect(readStore('lastCompanyId')).toBeNull();
    expect(router.state.location.pathname).toBe('/company-select');
  });
});

describe('all companies (roles 1 and 2)', () => {
  it('searches by name, VAT or id, pages, and acts for a company', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/searchCompany': ({ body }) => {
        const { query, page } = body as { query: string; page: number };
        const all = Object.values(COMPANIES).filter((company) => !query || company.name.includes('Θαλής'));
        return {
          body: { success: true, companies: all, total: query ? all.length : 23, page, pageSize: 10 },
        };
      },
      'POST /api/v1/accounts/selectCompany': { body: companyResponse('C1003') },
      'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
    });
    const { user, router } = renderApp('/all-companies');
    expect(await screen.findByText('23 εταιρείες')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Σελίδα 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(requestsTo(fetchMock, '/api/v1/accounts/searchCompany').at(-1)?.body).toEqual({
      query: '',
      page: 3,
      pageSize: 10,
    });

    await user.type(screen.getByLabelText('Επωνυμία, ΑΦΜ ή κωδικός'), 'θαλης');
    await user.click(screen.getByRole('button', { name: 'Αναζήτηση' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%CE%B8%CE%B1%CE%BB%CE%B7%CF%82'));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    await user.click(
      within(table).getByRole('button', { name: 'Ενέργεια για την εταιρεία: Θαλής Τεχνολογίες Α.Ε.' }),
    );
    // Staff say why they act for the company first (issue 18): too short is refused.
    const reasonDialog = await screen.findByRole('dialog');
    await user.type(within(reasonDialog).getByLabelText(/Αιτιολογία/), 'abc');
    await user.click(within(reasonDialog).getByRole('button', { name: 'Έναρξη' }));
    expect(
      await within(reasonDialog).findByText('Η αιτιολογία πρέπει να έχει τουλάχιστον 5 χαρακτήρες.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/selectCompany')).toHaveLength(0);
    await user.type(within(reasonDialog).getByLabelText(/Αιτιολογία/), ' - κλήση για κάρτες');
    await user.click(within(reasonDialog).getByRole('button', { name: 'Έναρξη' }));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/v1/accounts/selectCompany').at(-1)?.body).toEqual({
        companyId: 'C1003',
        reason: 'abc - κλήση για κάρτες',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readStore('companyData')?.name).toBe('Θαλής Τεχνολογίες Α.Ε.');
    expect(await screen.findByRole('button', { name: 'Μενού προφίλ: Θαλής Τεχνολογίες Α.Ε.' })).toBeTruthy();
  });
});

describe('company information', () => {
  it('shows the selected company: name, VAT and id', async () => {
    writeStore('companyData', { companyId: 'C1002', name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.', vat: '800123456' });
    mockApi({
      'GET /api/auth/session': { body: session('om3') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1002') },
    });
    renderApp('/en/account/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Company information' })).toBeTruthy();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    await screen.findByText('Ελαιώνας Λογιστική Ι.Κ.Ε.', { selector: 'dd' });
    expect(term('VAT number')).toBe('800123456');
    expect(term('Company id')).toBe('C1002');
  });
});
