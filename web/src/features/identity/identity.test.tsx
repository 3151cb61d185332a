import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { SESSION_EVENT_KEY } from '../../lib/session';
import { page, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const loginPage = page('login', {
  title: 'Σύνδεση στην Tessera',
  summary: 'Συνδεθείτε με το email σας.',
  texts: {
    emailLabel: 'Email',
    passwordLabel: 'Κωδικός πρόσβασης',
    submit: 'Σύνδεση',
    forgot: 'Ξεχάσατε τον κωδικό σας;',
    help: 'Καλέστε μας.',
  },
});

const failure = (status: number, errorCode: number, extra: object = {}) => ({
  status,
  body: { success: false, errorCode, errorLevel: 'error', errorMessage: 'server text', ...extra },
});

describe('sign-in form (the provider interaction)', () => {
  it('posts email and password and follows the provider', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const fetchMock = mockApi({
      'GET /api/content/pages/login': { body: loginPage },
      'POST /api/v2/identity/interaction/u-1/login': {
        body: { success: true, redirectTo: 'http://localhost/api/v2/identity/oidc/auth/u-1' },
      },
    });
    const { user } = renderApp('/user/login?uid=u-1');
    await user.type(await screen.findByLabelText(/^Email/), '  om3@tessera.demo');
    await user.type(screen.getByLabelText(/^Κωδικός πρόσβασης/), 'Tessera-2026');
    await user.click(screen.getByRole('button', { name: 'Σύνδεση' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/api/v2/identity/oidc/auth/u-1'),
    );
    expect(requestsTo(fetchMock, '/api/v2/identity/interaction/u-1/login')[0]?.body).toEqual({
      email: 'om3@tessera.demo',
      password: 'Tessera-2026',
    });
    expect(screen.getByText('Καλέστε μας.')).toBeTruthy();
  });

  it.each([
    [401, 20, 'Το email ή ο κωδικός πρόσβασης δεν είναι σωστά.'],
    [403, 21, /Ο λογαριασμός σας είναι κλειδωμένος/],
    [429, 7, /Πάρα πολλές προσπάθειες σύνδεσης/],
    // Provider staff forced a password reset (issue 18 §2, ADR 023).
    [403, 28, /Η εξυπηρέτηση πελατών ακύρωσε τον κωδικό πρόσβασής σας/],
  ])('explains a %s with code %s without the global error', async (status, code, message) => {
    mockApi({
      'GET /api/content/pages/login': { body: loginPage },
      'POST /api/v2/identity/interaction/u-1/login': failure(status, code),
    });
    const { user } = renderApp('/user/login?uid=u-1');
    await user.type(await screen.findByLabelText(/^Email/), 'om3@tessera.demo');
    await user.type(screen.getByLabelText(/^Κωδικός πρόσβασης/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Σύνδεση' }));
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server field errors next to their fields, and requires both fields first', async () => {
    const fetchMock = mockApi({
      'POST /api/v2/identity/interaction/u-1/login': failure(400, 2, {
        fields: [{ field: 'email', message: 'Πληκτρολογήστε μια έγκυρη διεύθυνση email.' }],
      }),
    });
    const { user } = renderApp('/user/login?uid=u-1');
    await user.click(await screen.findByRole('button', { name: 'Σύνδεση' }));
    expect(screen.getAllByText('Το πεδίο είναι υποχρεωτικό.')).toHaveLength(2);
    expect(requestsTo(fetchMock, '/api/v2/identity/interaction/u-1/login')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Κωδικός πρόσβασης/), 'x');
    await user.click(screen.getByRole('button', { name: 'Σύνδεση' }));
    const email = screen.getByLabelText(/^Email/);
    expect(await screen.findByText('Πληκτρολογήστε μια έγκυρη διεύθυνση email.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('shows a sign-in error read from the address and starts again only when asked', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    mockApi({
      'GET /api/auth/providers': { body: { tessera: { id: 'tessera' } } },
      'POST /api/auth/signin/tessera': { body: { url: 'http://localhost/api/v2/identity/oidc/auth' } },
    });
    const first = renderApp('/en/user/login?error=Callback');
    expect(await screen.findByText('Signing in could not be completed. Please try again.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await first.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  });
});

describe('a sign-in that came back without finishing', () => {
  it.each([
    [
      '/en/user/login?error=Expired',
      'Signing in did not finish: it took too long, or it started at another address or in another tab. Start again from here.',
    ],
    [
      '/user/login?error=Expired',
      'Η σύνδεση δεν ολοκληρώθηκε: άργησε πολύ ή ξεκίνησε από άλλη διεύθυνση ή καρτέλα. Ξεκινήστε ξανά από εδώ.',
    ],
    ['/en/user/login?error=Refused', 'Signing in was cancelled before it finished. Please try again.'],
  ])('%s says what happened, in the page’s language', async (path, text) => {
    mockApi({ 'GET /api/auth/providers': { body: { tessera: { id: 'tessera' } } } });
    renderApp(path);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('password rules', () => {
  it('shows the rules before submit and ticks each one the browser can decide as it is met', async () => {
    mockApi();
    const { user } = renderApp('/en/user/reset?token=t-1&code_type=token');
    const rules = within((await screen.findByText('Your new password:')).parentElement!);
    const states = () => rules.getAllByRole('listitem').map((item) => item.textContent);
    const onSave = [
      'is not your email address and does not contain it (checked when you save)',
      'is not one of the most commonly used passwords (checked when you save)',
    ];
    expect(states()).toEqual([
      'has at least 12 characters (letters, digits, spaces or symbols, as you like) (not yet)',
      ...onSave,
    ]);
    await user.type(screen.getByLabelText(/^New password/), 'abcdefghijk');
    expect(states()[0]).toMatch(/\(not yet\)$/);
    // No composition rules: twelve lower-case letters meet the length rule.
    await user.type(screen.getByLabelText(/^New password/), 'l');
    expect(states()).toEqual([
      'has at least 12 characters (letters, digits, spaces or symbols, as you like) (done)',
      ...onSave,
    ]);
  });

  it('ticks "not your email" on the change-password page, which knows the address', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('finance') } });
    const { user } = renderApp('/en/account/change-password');
    const rules = within((await screen.findByText('Your new password:')).parentElement!);
    const emailRule = () => rules.getAllByRole('listitem')[1]!.textContent;
    await user.type(screen.getByLabelText(/^New password/), 'my-finance-password');
    expect(emailRule()).toBe('is not your email address and does not contain it (not yet)');
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'my-own-password');
    expect(emailRule()).toBe('is not your email address and does not contain it (done)');
  });

  it('resets the password with the token from the link, or explains an expired link', async () => {
    let answer: object = failure(400, 23);
    const fetchMock = mockApi({ 'POST /api/v2/identity/password/reset': () => answer });
    const { user } = renderApp('/user/reset?token=t-1&code_type=token');
    await user.type(await screen.findByLabelText(/^Νέος κωδικός/), 'Καινούργιος-1');
    await user.type(screen.getByLabelText(/^Επανάληψη νέου κωδικού/), 'Καινούργιος-2');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση κωδικού' }));
    expect(screen.getByText('Οι δύο κωδικοί δεν είναι ίδιοι.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v2/identity/password/reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Επανάληψη νέου κωδικού/));
    await user.type(screen.getByLabelText(/^Επανάληψη νέου κωδικού/), 'Καινούργιος-1');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση κωδικού' }));
    expect(
      await screen.findByText('Ο σύνδεσμος δεν ισχύει πια: έληξε ή έχει ήδη χρησιμοποιηθεί.'),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v2/identity/password/reset')[0]?.body).toEqual({
      token: 't-1',
      code_type: 'token',
      password: 'Καινούργιος-1',
    });
    answer = { body: { success: true } };
  });
});

describe('forgot password', () => {
  it('always shows the same confirmation', async () => {
    const fetchMock = mockApi({
      'POST /api/v2/identity/password/request-reset': { body: { success: true } },
    });
    const { user } = renderApp('/en/user/forgot');
    await user.type(await screen.findByLabelText(/^Email/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText(
        'If an account exists for nobody@example.com, we have sent it a link to set a new password. The link is valid for one hour and can be used once.',
      ),
    ).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v2/identity/password/request-reset')[0]?.body).toEqual({
      email: 'nobody@example.com',
    });
  });
});

describe('change password', () => {
  it('checks the rules and the repeat, shows the server field error, then confirms and notes other sessions ended', async () => {
    let answer: object = failure(400, 25, {
      errorMessage: 'Ο τρέχων κωδικός πρόσβασης δεν είναι σωστός.',
      fields: [{ field: 'currentPassword', message: 'Η τιμή δεν είναι έγκυρη.' }],
    });
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'POST /api/v1/accounts/getCompanyById': {
        body: {
          success: true,
          companyId: 'C1002',
          name: 'Ελαιώνας',
          vat: '800123456',
          address: '',
          contacts: [],
        },
      },
      'POST /api/v2/identity/password/change': () => answer,
    });
    const { user } = renderApp('/en/account/change-password');
    await user.type(await screen.findByLabelText(/^Current password/), 'old-one');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('The new password needs at least 12 characters.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v2/identity/password/change')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^New password/), 'er-password-9');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'shorter-password-9');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Ο τρέχων κωδικός πρόσβασης δεν είναι σωστός.')).toBeTruthy();
    expect(screen.getByLabelText(/^Current password/).getAttribute('aria-invalid')).toBe('true');

    answer = { body: { success: true } };
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed')).toBeTruthy();
    expect(screen.getByText(/Every other browser and device was signed out/)).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v2/identity/password/change').at(-1)?.body).toEqual({
      currentPassword: 'old-one',
      newPassword: 'shorter-password-9',
    });
  });
});

describe('change password, refused by the server', () => {
  it('shows the rule the server names next to the new password', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'POST /api/v2/identity/password/change': failure(400, 24, {
        errorMessage: 'Ο κωδικός πρόσβασης δεν πληροί τους κανόνες.',
        fields: [
          {
            field: 'newPassword',
            message:
              'Αυτός ο κωδικός πρόσβασης είναι από τους πιο συνηθισμένους και μαντεύεται εύκολα: επιλέξτε άλλον.',
          },
        ],
      }),
    });
    const { user } = renderApp('/account/change-password');
    await user.type(await screen.findByLabelText(/^Τρέχων κωδικός/), 'old-one');
    await user.type(screen.getByLabelText(/^Νέος κωδικός/), 'qwerty123456');
    await user.type(screen.getByLabelText(/^Επανάληψη νέου κωδικού/), 'qwerty123456');
    await user.click(screen.getByRole('button', { name: /Αλλαγή κωδικού/ }));
    expect(await screen.findByText(/από τους πιο συνηθισμένους και μαντεύεται εύκολα/)).toBeTruthy();
    expect(screen.getByLabelText(/^Νέος κωδικός/).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('profile and signed-out pages', () => {
  it('shows the user profile with role, language and related companies', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om3') },
      'GET /api/v2/identity/users/me': {
        body: {
          success: true,
          user: {
            userId: 'u',
            email: 'om3@tessera.demo',
            firstName: 'Γιώργος',
            lastName: 'Δημητρίου',
            userRoleId: 3,
            relatedCompanies: [{ companyId: 'C1001' }, { companyId: 'C1002' }],
            isConfirmed: true,
            isLocked: false,
            preferredLanguage: 'el',
            createdAt: '2026-01-01T00:00:00Z',
          },
        },
      },
      'GET /api/v1/accounts/relatedCompanies': {
        body: { success: true, companies: [{ companyId: 'C1001', name: 'Ακμή Τροφίμων Α.Ε.', vat: '1' }] },
      },
    });
    renderApp('/en/account/admin-information');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrator information' })).toBeTruthy();
    expect(await screen.findByText('Order manager')).toBeTruthy();
    expect(screen.getByText('Greek')).toBeTruthy();
    expect(await screen.findByText('Ακμή Τροφίμων Α.Ε.')).toBeTruthy();
    expect(screen.getByText('C1002')).toBeTruthy();
  });

  it('the signed-out page links to signing in again and tells the other tabs', async () => {
    window.localStorage.removeItem(SESSION_EVENT_KEY);
    mockApi();
    renderApp('/logout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Αποσυνδεθήκατε' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Νέα σύνδεση' }).getAttribute('href')).toBe('/user/login');
    expect(window.localStorage.getItem(SESSION_EVENT_KEY)).toContain('"event":"signout"');
  });
});
