import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyResponse, faqs, page, session, videoTutorials } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

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

  it('shows a coming-soon page for pages not built yet', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
    });
    renderApp('/en/card-load');
    await screen.findByRole('heading', { level: 1, name: 'Card top-up' });
    expect(screen.getByText('This page is being prepared and will be available soon.')).toBeTruthy();
  });
});
