import { renderHook, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { writeStore } from '../../lib/storage';
import { companyResponse, session } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { shouldLoadChatbot, useChatbot } from './chatbot';

type Key = Parameters<typeof session>[0];

function signedInAs(key: Key) {
  return mockApi({
    'GET /api/auth/session': { body: session(key) },
    'POST /api/v1/accounts/getCompanyById': ({ body }) => ({
      body: companyResponse((body as { companyId: 'C1001' | 'C1002' }).companyId),
    }),
    // The merchant's bell asks for its notifications once its code is there: answered, so how soon
    // it asks (sooner when an earlier file loaded that code) cannot raise the error modal.
    'GET /api/v1/merchants/retrieveMerchantNotifications': {
      body: { success: true, notifications: [], unread: 0 },
    },
  });
}

async function openProfileMenu(label: string) {
  const { user } = view;
  await user.click(await screen.findByRole('button', { name: `Μενού προφίλ: ${label}` }));
  return screen.findByRole('menu');
}

let view: ReturnType<typeof renderApp>;

describe('the header per role (SPEC §6)', () => {
  it('order manager with three companies: first name, main menu, select company, new delivery point', async () => {
    signedInAs('om3');
    view = renderApp('/');
    const menu = await openProfileMenu('Γιώργος');
    expect(within(menu).getByRole('menuitem', { name: 'Επιλογή εταιρείας' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Νέο σημείο παράδοσης' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Όλες οι εταιρείες' })).toBeNull();
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Προσωπικός λογαριασμός.*Γιώργος Δημητρίου/ })
        .getAttribute('href'),
    ).toBe('/account/admin-information');
    expect(screen.getByRole('navigation', { name: 'Κύριο μενού' })).toBeTruthy();
    expect(
      screen.getByText(
        'Επιλέξτε την εταιρεία για την οποία εργάζεστε, για να δείτε τις κάρτες και τις παραγγελίες της.',
      ),
    ).toBeTruthy();
  });

  it('order manager with one company: the company is selected and shown with its id', async () => {
    signedInAs('om1');
    view = renderApp('/');
    const menu = await openProfileMenu('Ελένη');
    const company = await within(menu).findByRole('menuitem', { name: /Ακμή Τροφίμων Α\.Ε\. \(C1001\)/ });
    expect(company.getAttribute('href')).toBe('/account/about');
    expect(within(menu).queryByRole('menuitem', { name: 'Επιλογή εταιρείας' })).toBeNull();
  });

  it('provider admin: "All companies" as label and link, no main menu until a company is chosen', async () => {
    signedInAs('admin');
    view = renderApp('/');
    const menu = await openProfileMenu('Όλες οι εταιρείες');
    expect(within(menu).getByRole('menuitem', { name: 'Όλες οι εταιρείες' }).getAttribute('href')).toBe(
      '/all-companies',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Νέο σημείο παράδοσης' })).toBeNull();
    // The back office first (issue 18).
    expect(within(menu).getByRole('menuitem', { name: 'Κέντρο διαχείρισης' }).getAttribute('href')).toBe(
      '/back-office',
    );
    expect(screen.queryByRole('navigation', { name: 'Κύριο μενού' })).toBeNull();
  });

  it('customer care acting for a company: the company name as label, and the main menu', async () => {
    writeStore('companyData', { companyId: 'C1002', name: 'Ελαιώνας Λογιστική Ι.Κ.Ε.', vat: '800123456' });
    signedInAs('care');
    view = renderApp('/');
    await openProfileMenu('Ελαιώνας Λογιστική Ι.Κ.Ε.');
    expect(screen.getByRole('navigation', { name: 'Κύριο μενού' })).toBeTruthy();
  });

  it('payment manager: the main menu is hidden while no company is chosen', async () => {
    signedInAs('payment');
    view = renderApp('/');
    const menu = await openProfileMenu('Δημήτρης');
    expect(within(menu).getByRole('menuitem', { name: 'Επιλογή εταιρείας' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Κύριο μενού' })).toBeNull();
  });

  it('merchant: merchant logo link and contact link even on a customer page', async () => {
    signedInAs('merchant');
    view = renderApp('/faqs');
    await screen.findByRole('button', { name: 'Μενού προφίλ: Σοφία' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Tessera, αρχική σελίδα' }).getAttribute('href')).toBe(
      '/merchant',
    );
    expect(within(header).getAllByRole('link', { name: 'Επικοινωνία' })[0]?.getAttribute('href')).toBe(
      '/page/merchant-contact-hours',
    );
  });

  it('signs out from the profile menu', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /api/auth/session': { body: session('om3') },
      'POST /api/revoke': { body: { success: true } },
      'POST /api/auth/signout': { body: { url: 'http://localhost/api/v2/identity/oidc/session/end' } },
    });
    view = renderApp('/');
    const menu = await openProfileMenu('Γιώργος');
    await view.user.click(within(menu).getByRole('menuitem', { name: 'Αποσύνδεση' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/api/v2/identity/oidc/session/end'),
    );
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor of a protected page to sign in with SessionRequired and the way back', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /api/auth/providers': { body: { tessera: { id: 'tessera' } } },
      'POST /api/auth/signin/tessera': { body: { url: 'http://localhost/api/v2/identity/oidc/auth' } },
    });
    const { router } = renderApp('/en/account/change-password?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/user/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('error')).toBe('SessionRequired');
    expect(params.get('callbackUrl')).toBe('/en/account/change-password?x=1');
    expect(await screen.findByText('Please sign in to open this page.')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/api/v2/identity/oidc/auth'));
  });

  it('shows a 403 page in the page language for a route the role may not open', async () => {
    signedInAs('om1');
    view = renderApp('/en/all-companies');
    expect(await screen.findByRole('heading', { level: 1, name: 'You cannot open this page' })).toBeTruthy();
    expect(screen.getByText('Error 403: access denied')).toBeTruthy();
  });

  it('shows the Greek 403 page to a merchant on a company page', async () => {
    signedInAs('merchant');
    view = renderApp('/card-list');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Δεν έχετε πρόσβαση σε αυτή τη σελίδα' }),
    ).toBeTruthy();
  });

  it('asks provider staff for a company before a company page', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/searchCompany': {
        body: { success: true, companies: [], total: 0, page: 1, pageSize: 10 },
      },
    });
    const { router } = renderApp('/card-list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/all-companies'));
  });
});

describe('support chatbot', () => {
  it('loads only for the order manager, never on localhost, and not without a URL', () => {
    const url = 'https://chat.example/widget.js';
    expect(shouldLoadChatbot({ url, roleId: 3, hostname: 'portal.tessera.gr' })).toBe(true);
    expect(shouldLoadChatbot({ url, roleId: 5, hostname: 'portal.tessera.gr' })).toBe(false);
    expect(shouldLoadChatbot({ url, roleId: undefined, hostname: 'portal.tessera.gr' })).toBe(false);
    expect(shouldLoadChatbot({ url, roleId: 3, hostname: 'localhost' })).toBe(false);
    expect(shouldLoadChatbot({ url, roleId: 3, hostname: '127.0.0.1' })).toBe(false);
    expect(shouldLoadChatbot({ url: '', roleId: 3, hostname: 'portal.tessera.gr' })).toBe(false);
  });

  it('adds the script for an order manager on a public host', () => {
    vi.spyOn(browser, 'hostname').mockReturnValue('portal.tessera.gr');
    renderHook(() => useChatbot(3, 'https://chat.example/widget.js'));
    const script = document.getElementById('tessera-chatbot');
    expect(script?.getAttribute('src')).toBe('https://chat.example/widget.js');
    script?.remove();
  });
});
