import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { writeStore } from '../lib/storage';
import { ACCOUNTS_API as API } from '../test/accounts';
import { COMPANIES, session } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
const ALL_ACCOUNT_LINKS = [
  ['Στοιχεία διαχειριστή', '/account/admin-information'],
  ['Στοιχεία εταιρείας', '/account/about'],
  ['Εκτύπωση καρτών', '/account/card-printing'],
  ['Σημεία παράδοσης', '/account/delivery-points'],
  ['Κανόνες δαπανών', '/account/spend-rules'],
  ['Διαχειριστές παραγγελιών', '/account/order-managers'],
  ['Εκπρόσωποι εξυπηρέτησης', '/account/agents'],
  ['Αλλαγή κωδικού πρόσβασης', '/account/change-password'],
  ['Συνδεδεμένες συσκευές', '/account/sessions'],
  // Issue 21: two-factor sign-in, for every signed-in user.
  ['Ασφάλεια σύνδεσης', '/account/security'],
];
/**
 * The company's users page (issue 18 §2: the order manager and provider staff acting for the
 * company), its audit log (the order manager and the provider manager) and its API clients (issue
 * 22 §1: the order manager and provider staff).
 */
const MANAGING_LINKS = [
  ...ALL_ACCOUNT_LINKS.slice(0, 7),
  ['Χρήστες εταιρείας', '/account/users'],
  ['Αρχείο ενεργειών', '/account/audit'],
  ['Πελάτες API', '/account/api-clients'],
  ['Έγγραφο API', '/account/api-docs'],
  ['Webhooks', '/account/webhooks'],
  ...ALL_ACCOUNT_LINKS.slice(7),
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
    expect(linksOf(nav)).toEqual(MANAGING_LINKS);
  });

  it('links the order manager to the company’s users', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/retrieveAgents`]: { body: { success: true, agents: [] } },
    });
    renderApp('/account/agents');
    const nav = await screen.findByRole('navigation', { name: 'Ο λογαριασμός μου' });
    expect(linksOf(nav)).toEqual(MANAGING_LINKS);
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
      ['Συνδεδεμένες συσκευές', '/account/sessions'],
      ['Ασφάλεια σύνδεσης', '/account/security'],
    ]);
  });
});
