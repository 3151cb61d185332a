import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readStore, writeStore } from '../../lib/storage';
import { COMPANIES, companyResponse, faqs, page, session, videoTutorials } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Forms are typed into key by key and lazy pages load on first visit: on a busy machine that takes
// longer than the defaults.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

describe('home page', () => {
  it('shows the title, summary and sections as tiles with links', async () => {
    mockApi({
      'GET /api/content/pages/home': {
        body: page('home', {
          title: 'Κάρτες για κάθε ανάγκη',
          summary: 'Παραγγείλετε και διαχειριστείτε κάρτες.',
          sections: [
            { title: 'Έκδοση καρτών', text: 'Νέες κάρτες', href: '/card-issue/info', linkText: 'Ξεκινήστε' },
          ],
        }),
      },
    });
    renderApp('/en');
    await screen.findByRole('heading', { level: 1, name: 'Κάρτες για κάθε ανάγκη' });
    expect(screen.getByText('Παραγγείλετε και διαχειριστείτε κάρτες.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Έκδοση καρτών' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ξεκινήστε/ }).getAttribute('href')).toBe('/en/card-issue/info');
  });

  const SECTIONS = [
    {
      title: 'Έκδοση καρτών',
      text: 'Νέες κάρτες',
      href: '/card-issue/info',
      linkText: 'Ξεκινήστε μια παραγγελία',
    },
    { title: 'Φόρτιση καρτών', text: 'Φορτίσεις', href: '/card-load', linkText: 'Φόρτιση' },
    { title: 'Οι κάρτες μου', text: 'Όλες οι κάρτες', href: '/card-list', linkText: 'Δείτε τις κάρτες' },
    { title: 'Βοήθεια', text: 'Απαντήσεις', href: '/faqs', linkText: 'Συχνές ερωτήσεις' },
    { title: 'Ενημέρωση', text: 'Ένα κείμενο χωρίς σύνδεσμο' },
  ];
  const tileTitles = () =>
    within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);

  it('offers each role only the tiles it may open, and a visitor all of them', async () => {
    writeStore('companyData', COMPANIES.C1002);
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1002') },
      'GET /api/content/pages/home': { body: page('home', { title: 'Καλώς ήρθατε', sections: SECTIONS }) },
    });
    const finance = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Καλώς ήρθατε' });
    await screen.findByRole('button', { name: /^Μενού προφίλ/ });
    // A finance user neither issues nor loads cards: no tile ends in a 403.
    expect(tileTitles()).not.toContain('Έκδοση καρτών');
    expect(tileTitles()).not.toContain('Φόρτιση καρτών');
    expect(tileTitles()).toEqual(expect.arrayContaining(['Οι κάρτες μου', 'Βοήθεια', 'Ενημέρωση']));
    expect(screen.queryByRole('link', { name: /Ξεκινήστε μια παραγγελία/ })).toBeNull();
    finance.unmount();
    window.localStorage.clear();

    mockApi({
      'GET /api/content/pages/home': { body: page('home', { title: 'Καλώς ήρθατε', sections: SECTIONS }) },
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Καλώς ήρθατε' });
    expect(tileTitles()).toEqual(SECTIONS.map((section) => section.title));
  });

  it('lands a signed-in merchant on the merchant home, with merchant tiles only', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('merchant') },
      'GET /api/content/pages/home': { body: page('home', { title: 'Καλώς ήρθατε', sections: SECTIONS }) },
      'GET /api/content/pages/merchant-home': {
        body: page('merchant-home', {
          title: 'Πύλη συνεργατών Tessera',
          sections: [
            {
              title: 'Καταστήματα',
              text: 'Τα καταστήματά σας',
              href: '/merchant/stores-list',
              linkText: 'Δείτε',
            },
            { title: 'Λίστα καρτών', text: 'Δεν είναι για εσάς', href: '/card-list', linkText: 'Κάρτες' },
          ],
        }),
      },
    });
    const { router } = renderApp('/en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/merchant'));
    await screen.findByRole('heading', { level: 1, name: 'Πύλη συνεργατών Tessera' });
    expect(screen.getByRole('link', { name: /Δείτε/ }).getAttribute('href')).toBe('/en/merchant/stores-list');
    expect(screen.queryByRole('heading', { name: 'Λίστα καρτών' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Έκδοση καρτών' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Quick actions' })).toBeNull();
  });
});

describe('home page quick actions', () => {
  const DRAFT_ID = '5b0c2f4e-8d1a-4c3b-9e7f-1a2b3c4d5e6f';
  const status = {
    success: true,
    soonToExpireCards: { plastic: 2, virtual: 0 },
    spendeo: { soonToExpireCards: 0, readyToTopUpCards: 0 },
    myBenefits: { soonToExpireCards: 0, readyToTopUpCards: 4 },
    readyToTopUpCards: { plastic: 0, virtual: 7 },
  };

  function orderingApi(role: 'om1' | 'admin' | 'finance' | 'payment' = 'om1') {
    return mockApi({
      'GET /api/auth/session': { body: session(role) },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
      'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
      'GET /api/v1/accounts/notificationStatus': { body: status },
      'GET /api/v1/orders/companyMaxDraftOrders': {
        body: { success: true, total: 12, max: 99, isMaxReached: false },
      },
      'POST /api/v1/orders/readyToTopUp': { body: { success: true, draftId: DRAFT_ID } },
    });
  }

  it('offers the order manager new cards, loads, the cards ready to top up and the drafts', async () => {
    writeStore('companyData', COMPANIES.C1001);
    const fetchMock = orderingApi();
    renderApp('/');
    const section = within(await screen.findByRole('region', { name: 'Γρήγορες ενέργειες' }));
    expect(section.getByRole('link', { name: 'Νέες κάρτες' }).getAttribute('href')).toBe('/card-issue/info');
    expect(section.getByRole('link', { name: 'Φόρτιση καρτών' }).getAttribute('href')).toBe('/card-load');
    // Only the families with cards ready to top up, as the notification status counts them.
    expect(
      await section.findByRole('button', { name: 'Ticket Restaurant · Ψηφιακή: έτοιμες για φόρτιση' }),
    ).toBeTruthy();
    expect(section.getByRole('button', { name: 'MyBenefits: έτοιμες για φόρτιση' })).toBeTruthy();
    expect(section.getAllByRole('button')).toHaveLength(2);
    expect(section.getByText(/^7 κάρτες δεν έχουν φορτιστεί αυτόν τον μήνα/)).toBeTruthy();
    expect(section.getByRole('link', { name: 'Πρόχειρες παραγγελίες' }).getAttribute('href')).toBe(
      '/draft-orders',
    );
    expect(await section.findByText('12 από 99 πρόχειρες παραγγελίες.')).toBeTruthy();
    expect(readStore('draftTotal')).toEqual({ total: 12, isMaxReached: false });
    expect(requestsTo(fetchMock, '/api/v1/accounts/notificationStatus')[0]?.headers.get('companyId')).toBe(
      'C1001',
    );
  });

  it('starts a new card order', async () => {
    writeStore('companyData', COMPANIES.C1001);
    writeStore('bulkProduct', 'SPENDEO');
    orderingApi();
    const { user, router } = renderApp('/en');
    const section = within(await screen.findByRole('region', { name: 'Quick actions' }));
    await user.click(section.getByRole('link', { name: 'New cards' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/card-issue/info'));
    expect(readStore('orderDraft')).toMatchObject({ reason: 'new-card', orderType: 'NEW' });
    expect(readStore('bulkProduct')).toBeNull();
  });

  it('makes a ready-to-top-up draft for the family and opens it', async () => {
    writeStore('companyData', COMPANIES.C1001);
    const fetchMock = orderingApi();
    const { user, router } = renderApp('/en');
    const section = within(await screen.findByRole('region', { name: 'Quick actions' }));
    await user.click(
      await section.findByRole('button', { name: 'Ticket Restaurant · Virtual: ready to top up' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/en/card-issue/info/${DRAFT_ID}`));
    expect(requestsTo(fetchMock, '/api/v1/orders/readyToTopUp').map((request) => request.body)).toEqual([
      { product: 'TICKET_RESTAURANT', family: 'virtual' },
    ]);
  });

  it('shows provider staff acting for a company the same actions', async () => {
    writeStore('companyData', COMPANIES.C1001);
    orderingApi('admin');
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Γρήγορες ενέργειες' })).toBeTruthy();
  });

  it('offers the finance user and the payment manager their own desk and the drafts, never an order to start', async () => {
    const fetchMock = orderingApi('finance');
    const { unmount } = renderApp('/');
    const finance = within(await screen.findByRole('region', { name: 'Γρήγορες ενέργειες' }));
    expect(finance.getByRole('link', { name: 'Οικονομικά' }).getAttribute('href')).toBe('/finance');
    expect(finance.getByRole('link', { name: 'Πρόχειρες παραγγελίες' })).toBeTruthy();
    expect(finance.queryByRole('link', { name: 'Νέες κάρτες' })).toBeNull();
    expect(finance.queryByRole('link', { name: 'Φόρτιση καρτών' })).toBeNull();
    expect(finance.queryByRole('link', { name: 'Διαχείριση πληρωμών' })).toBeNull();
    expect(finance.queryAllByRole('button')).toHaveLength(0);
    // Cards ready to top up become an order: not counted for someone who cannot start one.
    expect(requestsTo(fetchMock, '/api/v1/accounts/notificationStatus')).toHaveLength(0);
    unmount();

    writeStore('companyData', COMPANIES.C1002);
    orderingApi('payment');
    const payment = renderApp('/');
    const desk = within(await screen.findByRole('region', { name: 'Γρήγορες ενέργειες' }));
    expect(desk.getByRole('link', { name: 'Διαχείριση πληρωμών' }).getAttribute('href')).toBe(
      '/paymentManager',
    );
    expect(desk.queryByRole('link', { name: 'Νέες κάρτες' })).toBeNull();
    expect(desk.queryByRole('link', { name: 'Οικονομικά' })).toBeNull();
    payment.unmount();
  });

  it('is not shown to anyone signed out', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Γρήγορες ενέργειες' })).toBeNull();
  });
});

describe('FAQs', () => {
  it('searches on the server after typing stops, and shows an empty state', async () => {
    const fetchMock = mockApi({
      'GET /api/content/faqs': (req) => ({
        body: req.url.searchParams.get('q') === 'zzz' ? { success: true, groups: [] } : faqs,
      }),
    });
    const { router, user } = renderApp('/faqs');
    await screen.findByRole('button', { name: 'Πώς φορτίζω μια κάρτα;' });
    await user.type(screen.getByRole('searchbox', { name: 'Αναζήτηση στις συχνές ερωτήσεις' }), 'zzz');
    expect(await screen.findByText('Δεν βρέθηκαν ερωτήσεις για «zzz».')).toBeTruthy();
    const searches = requestsTo(fetchMock, '/api/content/faqs').map((r) => r.url.searchParams.get('q'));
    expect(searches).toEqual([null, 'zzz']);
    expect(requestsTo(fetchMock, '/api/content/faqs')[1]?.url.searchParams.get('audience')).toBe('company');
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
  });

  it('opens an answer', async () => {
    mockApi({ 'GET /api/auth/session': { body: session('merchant') } });
    const { user } = renderApp('/merchant/faqs');
    const question = await screen.findByRole('button', { name: 'Πώς φορτίζω μια κάρτα;' });
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Από τη σελίδα φόρτισης.')).toBeTruthy();
  });
});

describe('contact', () => {
  it('shows the server field errors next to each field, then the ticket number', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      'GET /api/content/pages/contact': { body: page('contact', { title: 'Επικοινωνήστε μαζί μας' }) },
      'POST /api/content/contact': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                success: false,
                errorCode: 2,
                errorLevel: 'error',
                errorMessage: 'Validation',
                fields: [
                  { field: 'email', message: 'Μη έγκυρο email' },
                  { field: 'message', message: 'Τουλάχιστον 10 χαρακτήρες' },
                ],
              },
            }
          : { body: { success: true, ticketId: 'T-1042' } },
    });
    const { user } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Επικοινωνήστε μαζί μας' });
    await user.type(screen.getByRole('textbox', { name: /Ονοματεπώνυμο/ }), '  Μαρία Παππά');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'maria');
    await user.selectOptions(screen.getByRole('combobox', { name: /Θέμα/ }), 'cards');
    await user.type(screen.getByRole('textbox', { name: /Μήνυμα/ }), 'Γεια');
    await user.click(screen.getByRole('button', { name: 'Αποστολή' }));

    const email = screen.getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Μη έγκυρο email')).toBeTruthy();
    expect(screen.getByText('Τουλάχιστον 10 χαρακτήρες')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const [first] = requestsTo(fetchMock, '/api/content/contact');
    expect(first?.body).toMatchObject({ name: 'Μαρία Παππά', email: 'maria', subject: 'cards' });
    expect(first?.headers.get('X-CSRF-Token')).toBe('csrf-1');

    await user.clear(email);
    await user.type(email, 'maria@example.gr');
    await user.click(screen.getByRole('button', { name: 'Αποστολή' }));
    const status = await screen.findByRole('status', { name: /Το μήνυμά σας στάλθηκε/ });
    expect(within(status).getByText(/T-1042/)).toBeTruthy();
  });

  it('fills in the name, email and company of a signed-in user, still editable, and keeps them for the next message', async () => {
    writeStore('companyData', COMPANIES.C1001);
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
      'GET /api/content/pages/contact': { body: page('contact', { title: 'Επικοινωνήστε μαζί μας' }) },
      'POST /api/content/contact': { body: { success: true, ticketId: 'T-1043' } },
    });
    const { user } = renderApp('/contact');
    const name = await screen.findByRole('textbox', { name: /Ονοματεπώνυμο/ });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Ελένη Κωνσταντίνου'));
    const email = screen.getByRole('textbox', { name: /Email/ }) as HTMLInputElement;
    const company = screen.getByRole('textbox', { name: /Εταιρεία/ }) as HTMLInputElement;
    expect(email.value).toBe('om1@tessera.demo');
    expect(company.value).toBe('Ακμή Τροφίμων Α.Ε.');

    await user.clear(name);
    await user.type(name, 'Ελένη Κ.');
    await user.selectOptions(screen.getByRole('combobox', { name: /Θέμα/ }), 'cards');
    await user.type(screen.getByRole('textbox', { name: /Μήνυμα/ }), 'Χρειάζομαι δέκα νέες κάρτες.');
    await user.click(screen.getByRole('button', { name: 'Αποστολή' }));
    await screen.findByRole('status', { name: /Το μήνυμά σας στάλθηκε/ });
    expect(requestsTo(fetchMock, '/api/content/contact')[0]?.body).toMatchObject({
      name: 'Ελένη Κ.',
      email: 'om1@tessera.demo',
      company: 'Ακμή Τροφίμων Α.Ε.',
      subject: 'cards',
    });
    // The next message starts from the user's details again, with an empty message.
    expect((screen.getByRole('textbox', { name: /Ονοματεπώνυμο/ }) as HTMLInputElement).value).toBe(
      'Ελένη Κωνσταντίνου',
    );
    expect(company.value).toBe('Ακμή Τροφίμων Α.Ε.');
    expect((screen.getByRole('textbox', { name: /Μήνυμα/ }) as HTMLInputElement).value).toBe('');
  });

  it('fills in the company once it is chosen automatically at sign-in, and leaves a visitor’s form empty', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1002') },
      'GET /api/v1/orders/retrieveDraftOrders': { body: { success: true, draftOrders: [] } },
      'GET /api/content/pages/contact': { body: page('contact', { title: 'Επικοινωνήστε μαζί μας' }) },
    });
    const finance = renderApp('/contact');
    const company = await screen.findByRole('textbox', { name: /Εταιρεία/ });
    await waitFor(() => expect((company as HTMLInputElement).value).toBe('Ελαιώνας Λογιστική Ι.Κ.Ε.'));
    expect((screen.getByRole('textbox', { name: /Ονοματεπώνυμο/ }) as HTMLInputElement).value).toBe(
      'Katerina Alexiou',
    );
    finance.unmount();
    window.localStorage.clear();

    mockApi({
      'GET /api/content/pages/contact': { body: page('contact', { title: 'Επικοινωνήστε μαζί μας' }) },
    });
    renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Επικοινωνήστε μαζί μας' });
    for (const field of [/Ονοματεπώνυμο/, /Email/, /Εταιρεία/]) {
      expect((screen.getByRole('textbox', { name: field }) as HTMLInputElement).value).toBe('');
    }
  });
});

describe('video tutorials', () => {
  it('lists videos with their length and an embedded player', async () => {
    mockApi({ 'GET /api/content/video-tutorials': { body: videoTutorials } });
    renderApp('/video-tutorials');
    await screen.findByRole('heading', { level: 3, name: 'Πρώτα βήματα' });
    expect(screen.getByText('3:05')).toBeTruthy();
    expect(screen.getByTitle('Βίντεο: Πρώτα βήματα').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abcdefghijk',
    );
  });

  it('has an empty state', async () => {
    mockApi({ 'GET /api/content/video-tutorials': { body: { success: true, items: [] } } });
    renderApp('/en/video-tutorials');
    expect(await screen.findByText('There are no videos yet.')).toBeTruthy();
  });
});

describe('content pages', () => {
  it('renders a CMS page by slug', async () => {
    mockApi({
      'GET /api/content/pages/terms': {
        body: page('terms', { title: 'Όροι χρήσης', bodyHtml: '<p>Κείμενο όρων</p>' }),
      },
    });
    renderApp('/page/terms');
    await screen.findByRole('heading', { level: 1, name: 'Όροι χρήσης' });
    expect(screen.getByText('Κείμενο όρων')).toBeTruthy();
  });

  it('shows the not-found page for a missing slug without an error modal', async () => {
    mockApi();
    renderApp('/page/nothing-here');
    await screen.findByRole('heading', { level: 1, name: 'Δεν βρέθηκε' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the not-found page for an unknown address', async () => {
    mockApi();
    renderApp('/en/does/not/exist');
    await screen.findByRole('heading', { level: 1, name: 'Δεν βρέθηκε' });
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/en');
  });
});
