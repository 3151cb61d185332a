import { completeGreekTaxId, type Lead } from '@tessera/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Forms typed key by key: slower than the default test time on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const VAT = completeGreekTaxId('60000001');

async function fillLeadForm(
  user: ReturnType<typeof renderApp>['user'],
  labels: { company: RegExp; vat: RegExp; contact: RegExp; email: RegExp; phone: RegExp; size: RegExp },
  vat: string,
) {
  await user.type(screen.getByLabelText(labels.company), 'Αστέρας Logistics Α.Ε.');
  await user.type(screen.getByLabelText(labels.vat), vat);
  await user.type(screen.getByLabelText(labels.contact), 'Μαρία Παπαδοπούλου');
  await user.type(screen.getByLabelText(labels.email), 'maria@asteras.gr');
  await user.type(screen.getByLabelText(labels.phone), '2101234567');
  await user.type(screen.getByLabelText(labels.size), '120');
}

const GREEK = {
  company: /^Επωνυμία εταιρείας/,
  vat: /^ΑΦΜ/,
  contact: /^Ονοματεπώνυμο υπευθύνου/,
  email: /^Email/,
  phone: /^Τηλέφωνο/,
  size: /^Αριθμός εργαζομένων/,
};

describe('the public lead forms', () => {
  it('checks the AFM, sends a client lead with consent and an empty honeypot, and shows the reference', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: {} },
      'POST /api/content/leads': { body: { success: true, reference: 'LD-20261126-3F9A1C' } },
    });
    const { user } = renderApp('/become-client');
    expect(await screen.findByRole('heading', { level: 1, name: 'Γίνετε πελάτης' })).toBeTruthy();
    await fillLeadForm(user, GREEK, `${VAT.slice(0, 8)}${(Number(VAT[8]) + 1) % 10}`);
    await user.click(screen.getByRole('checkbox', { name: /Συμφωνώ να επικοινωνήσει/ }));
    await user.click(screen.getByRole('button', { name: 'Αποστολή αιτήματος' }));
    expect(await screen.findByText('Ο ΑΦΜ δεν είναι έγκυρος. Ελέγξτε τα 9 ψηφία.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/content/leads')).toHaveLength(0);

    await user.clear(screen.getByLabelText(GREEK.vat));
    await user.type(screen.getByLabelText(GREEK.vat), VAT);
    await user.click(screen.getByRole('button', { name: 'Αποστολή αιτήματος' }));
    expect(await screen.findByText(/Ο κωδικός του αιτήματός σας είναι LD-20261126-3F9A1C/)).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/content/leads')[0]?.body).toEqual({
      kind: 'client',
      companyName: 'Αστέρας Logistics Α.Ε.',
      vat: VAT,
      contactName: 'Μαρία Παπαδοπούλου',
      email: 'maria@asteras.gr',
      phone: '2101234567',
      size: 120,
      message: '',
      consent: true,
      website: '',
    });
    // The form starts again, empty.
    expect((screen.getByLabelText(GREEK.company) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s field errors beside their fields (the merchant form, in English)', async () => {
    mockApi({
      'GET /api/auth/session': { body: {} },
      'POST /api/content/leads': {
        status: 400,
        body: {
          success: false,
          errorCode: 2,
          errorLevel: 'error',
          errorMessage: 'Check the form.',
          fields: [{ field: 'consent', message: 'This value is not valid.' }],
        },
      },
    });
    const { user } = renderApp('/en/become-merchant');
    expect(await screen.findByRole('heading', { level: 1, name: 'Become a partner merchant' })).toBeTruthy();
    await fillLeadForm(
      user,
      {
        company: /^Company name/,
        vat: /^VAT number/,
        contact: /^Contact person/,
        email: /^Email/,
        phone: /^Phone/,
        size: /^Number of stores/,
      },
      VAT,
    );
    await user.click(screen.getByRole('button', { name: 'Send partnership request' }));
    const consent = screen.getByRole('checkbox', { name: /I agree that Tessera may contact me/ });
    expect(await screen.findByText('This value is not valid.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(consent));
  });
});

const lead = (overrides: Partial<Lead>): Lead => ({
  leadId: '6f1c1a8e-0000-4000-8000-000000000001',
  reference: 'LD-20261126-ABC123',
  kind: 'client',
  status: 'new',
  companyName: 'Λέων Α.Ε.',
  vat: VAT,
  contactName: 'Ελένη Παππά',
  email: 'eleni@leon.gr',
  phone: '+302101234567',
  size: 40,
  message: '',
  locale: 'el',
  createdAt: '2026-11-26T08:00:00.000Z',
  convertedTo: null,
  decidedAt: null,
  ...overrides,
});

describe('the leads of the back office (role 1)', () => {
  it('filters by kind, opens the company form from a client lead, and rejects a lead', async () => {
    const leads = [
      lead({}),
      lead({
        leadId: '6f1c1a8e-0000-4000-8000-000000000002',
        companyName: 'Καφέ Ορίζων',
        kind: 'merchant',
        size: 2,
      }),
      lead({
        leadId: '6f1c1a8e-0000-4000-8000-000000000003',
        companyName: 'Ωμέγα Α.Ε.',
        status: 'converted',
        convertedTo: 'company:C1007',
      }),
    ];
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/listLeads': ({ body }) => {
        const { kind } = body as { kind?: string };
        const shown = leads.filter((entry) => !kind || entry.kind === kind);
        return { body: { success: true, leads: shown, total: shown.length } };
      },
      'POST /api/v1/accounts/rejectLead': { body: { success: true, lead: lead({ status: 'rejected' }) } },
    });
    const { user, router } = renderApp('/back-office/leads');
    const table = await screen.findByRole('table', { name: 'Αιτήματα ενδιαφέροντος' });
    expect(within(table).getAllByText('40 εργαζόμενοι')).toHaveLength(2);
    expect(within(table).getByText('2 καταστήματα')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Εταιρεία C1007' }).getAttribute('href')).toBe(
      '/back-office/companies/C1007',
    );
    expect(
      within(table)
        .getByRole('link', { name: 'Δημιουργία εταιρείας από το αίτημα της Λέων Α.Ε.' })
        .getAttribute('href'),
    ).toBe('/back-office/companies/new?leadId=6f1c1a8e-0000-4000-8000-000000000001');

    await user.click(within(table).getByRole('button', { name: 'Απόρριψη του αιτήματος της Λέων Α.Ε.' }));
    expect(await screen.findByText('Το αίτημα της Λέων Α.Ε. απορρίφθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/rejectLead')[0]?.body).toEqual({
      leadId: '6f1c1a8e-0000-4000-8000-000000000001',
    });

    await user.selectOptions(screen.getByLabelText('Είδος'), 'merchant');
    await waitFor(() => expect(router.state.location.search).toBe('?kind=merchant'));
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/v1/accounts/listLeads').at(-1)?.body).toEqual({
        kind: 'merchant',
        page: 1,
        pageSize: 20,
      }),
    );
  });

  it('turns a merchant lead into a merchant with the IBAN and fee typed, naming a wrong IBAN', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/listLeads': {
        body: {
          success: true,
          leads: [lead({ kind: 'merchant', companyName: 'Καφέ Ορίζων', size: 2 })],
          total: 1,
        },
      },
      'POST /api/v1/accounts/convertLeadToMerchant': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                success: false,
                errorCode: 2,
                errorLevel: 'error',
                errorMessage: 'Ελέγξτε τα στοιχεία.',
                fields: [{ field: 'iban', message: 'Η τιμή δεν είναι έγκυρη.' }],
              },
            }
          : {
              body: {
                success: true,
                lead: lead({ kind: 'merchant', status: 'converted', convertedTo: 'merchant:M2004' }),
              },
            },
    });
    const { user } = renderApp('/back-office/leads');
    await user.click(
      await screen.findByRole('button', {
        name: 'Δημιουργία συνεργαζόμενης επιχείρησης από το αίτημα της Καφέ Ορίζων',
      }),
    );
    const form = screen.getByRole('region', { name: 'Νέα συνεργαζόμενη επιχείρηση: Καφέ Ορίζων' });
    await user.type(within(form).getByLabelText(/^IBAN/), 'GR00 1234');
    await user.click(within(form).getByRole('button', { name: 'Δημιουργία επιχείρησης' }));
    expect(await within(form).findByText('Η τιμή δεν είναι έγκυρη.')).toBeTruthy();

    await user.clear(within(form).getByLabelText(/^IBAN/));
    await user.type(within(form).getByLabelText(/^IBAN/), 'GR1601101250000000012300695');
    await user.clear(within(form).getByLabelText(/^Προμήθεια/));
    await user.type(within(form).getByLabelText(/^Προμήθεια/), '1,75');
    await user.click(within(form).getByRole('button', { name: 'Δημιουργία επιχείρησης' }));
    expect(await screen.findByText('Η επιχείρηση Καφέ Ορίζων δημιουργήθηκε με κωδικό M2004.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/convertLeadToMerchant').at(-1)?.body).toEqual({
      leadId: '6f1c1a8e-0000-4000-8000-000000000001',
      iban: 'GR1601101250000000012300695',
      feeBasisPoints: 175,
    });
  });
});
