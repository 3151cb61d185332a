import { completeGreekTaxId } from '@tessera/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COMPANIES, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

// Forms typed key by key: slower than the default test time on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const NEW_VAT = completeGreekTaxId('70000001');

const company = (overrides: Record<string, unknown> = {}) => ({
  companyId: 'C1007',
  name: 'Ωμέγα Τροφοδοσία Α.Ε.',
  vat: NEW_VAT,
  address: { street: 'Κηφισίας', streetNumber: '120', postalCode: '11526', city: 'Αθήνα' },
  products: ['SPENDEO', 'TICKET_RESTAURANT'],
  pricing: {
    cardFeeCents: { plastic: 350, virtual: 100, spendeo: 500, mybenefits: 450 },
    serviceFeeBasisPoints: 150,
    deliveryFeeCents: 600,
  },
  approvalThresholdCents: 500_000,
  isActive: true,
  deactivatedAt: null,
  deactivationReason: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  ...overrides,
});

const contractsEmpty = {
  'GET /api/v1/accounts/contracts': { body: { success: true, contracts: [] } },
  'GET /api/v1/accounts/retrieveTrzContract': {
    body: {
      success: true,
      trzContract: {
        contractNumber: 'TRZ-C1007',
        status: 'not_signed',
        dailyAllowanceCents: 800,
        monthlyLoadDay: 1,
        invoiceEmail: '',
        acceptedAt: null,
        acceptedBy: null,
      },
    },
  },
};

describe('a new company (role 1)', () => {
  it('checks the AFM check digit before sending, shows the server’s field error, then opens the new company', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/createCompany': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                success: false,
                errorCode: 2,
                errorLevel: 'error',
                errorMessage: 'Ελέγξτε τα στοιχεία.',
                fields: [{ field: 'vat', message: 'Υπάρχει ήδη εταιρεία με αυτόν τον ΑΦΜ.' }],
              },
            }
          : { body: { success: true, company: company() } },
      'POST /api/v1/accounts/getCompanyAdmin': { body: { success: true, company: company() } },
      ...contractsEmpty,
    });
    const { user, router } = renderApp('/back-office/companies/new');
    const vat = await screen.findByLabelText(/^ΑΦΜ/);
    await user.type(vat, `${NEW_VAT.slice(0, 8)}${(Number(NEW_VAT[8]) + 1) % 10}`);
    await user.type(screen.getByLabelText(/^Επωνυμία/), 'Ωμέγα Τροφοδοσία Α.Ε.');
    await user.type(screen.getByLabelText(/^Οδός/), 'Κηφισίας');
    await user.type(screen.getByLabelText(/^Αριθμός/), '120');
    await user.type(screen.getByLabelText(/^Ταχυδρομικός κώδικας/), '115 26');
    await user.type(screen.getByLabelText(/^Πόλη/), 'Αθήνα');
    await user.click(screen.getByRole('checkbox', { name: 'Δωροκάρτα' }));
    await user.click(screen.getByRole('button', { name: 'Καταχώριση εταιρείας' }));
    expect(await screen.findByText('Ο ΑΦΜ δεν είναι έγκυρος. Ελέγξτε τα 9 ψηφία.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/createCompany')).toHaveLength(0);

    await user.clear(vat);
    await user.type(vat, NEW_VAT);
    await user.click(screen.getByRole('button', { name: 'Καταχώριση εταιρείας' }));
    expect(await screen.findByText('Υπάρχει ήδη εταιρεία με αυτόν τον ΑΦΜ.')).toBeTruthy();
    const [first] = requestsTo(fetchMock, '/api/v1/accounts/createCompany');
    expect(first?.body).toEqual({
      vat: NEW_VAT,
      name: 'Ωμέγα Τροφοδοσία Α.Ε.',
      address: { street: 'Κηφισίας', streetNumber: '120', postalCode: '115 26', city: 'Αθήνα' },
      products: ['SPENDEO', 'MY_BENEFITS', 'TICKET_RESTAURANT', 'COPMLIMENT'],
      pricing: {
        cardFeeCents: { plastic: 350, virtual: 100, spendeo: 500, mybenefits: 450 },
        serviceFeeBasisPoints: 150,
        deliveryFeeCents: 600,
      },
      approvalThresholdCents: null,
    });

    await user.click(screen.getByRole('button', { name: 'Καταχώριση εταιρείας' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/back-office/companies/C1007'));
    expect(await screen.findByText('Η εταιρεία καταχωρίστηκε.')).toBeTruthy();
  });

  it('starts from a lead: its name and VAT filled in, the lead sent along', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/getLead': {
        body: {
          success: true,
          lead: {
            leadId: '6f1c1a8e-0000-4000-8000-000000000001',
            reference: 'LD-20261126-ABC123',
            kind: 'client',
            status: 'new',
            companyName: 'Λέων Α.Ε.',
            vat: NEW_VAT,
            contactName: 'Ελένη Παππά',
            email: 'eleni@leon.gr',
            phone: '+302101234567',
            size: 40,
            message: '',
            locale: 'el',
            createdAt: '2026-11-26T08:00:00.000Z',
            convertedTo: null,
            decidedAt: null,
          },
        },
      },
      'POST /api/v1/accounts/createCompany': { body: { success: true, company: company() } },
      'POST /api/v1/accounts/getCompanyAdmin': { body: { success: true, company: company() } },
      ...contractsEmpty,
    });
    const { user } = renderApp('/en/back-office/companies/new?leadId=6f1c1a8e-0000-4000-8000-000000000001');
    expect(await screen.findByText(/From request LD-20261126-ABC123 \(Ελένη Παππά\)/)).toBeTruthy();
    expect((screen.getByLabelText(/^VAT number/) as HTMLInputElement).value).toBe(NEW_VAT);
    expect((screen.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Λέων Α.Ε.');
    await user.type(screen.getByLabelText(/^Street/), 'Ερμού');
    await user.type(screen.getByLabelText(/^Number/), '5');
    await user.type(screen.getByLabelText(/^Postal code/), '10563');
    await user.type(screen.getByLabelText(/^City/), 'Athens');
    await user.click(screen.getByRole('button', { name: 'Register company' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/accounts/createCompany')).toHaveLength(1));
    expect(requestsTo(fetchMock, '/api/v1/accounts/createCompany')[0]?.body).toMatchObject({
      leadId: '6f1c1a8e-0000-4000-8000-000000000001',
      vat: NEW_VAT,
      name: 'Λέων Α.Ε.',
    });
  });
});

describe('a company’s settings (roles 1 and 2)', () => {
  it('lets customer care change the settings and add a contract, but not deactivate', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('care') },
      'POST /api/v1/accounts/getCompanyAdmin': { body: { success: true, company: company() } },
      'POST /api/v1/accounts/updateCompany': ({ body }) => ({
        body: { success: true, company: company({ name: (body as { name: string }).name }) },
      }),
      'POST /api/v1/accounts/createContract': {
        body: {
          success: true,
          contract: {
            contractId: '3c0c3a3e-0000-4000-8000-000000000009',
            contractNumber: 'SP-2026-0100',
            product: 'SPENDEO',
            status: 'pending',
            signedOn: '2026-11-20',
            validFrom: '2026-12-01',
            validTo: null,
            cardFeeCents: 450,
            loadFeeBasisPoints: 120,
            paymentTermsDays: 30,
          },
        },
      },
      ...contractsEmpty,
    });
    const { user } = renderApp('/en/back-office/companies/C1007');
    const name = await screen.findByLabelText(/^Company name/);
    expect((screen.getByLabelText(/^VAT number/) as HTMLInputElement).readOnly).toBe(true);
    await user.clear(name);
    await user.type(name, 'Ωμέγα Catering Α.Ε.');
    await user.clear(screen.getByLabelText(/^Service fee on loads/));
    await user.type(screen.getByLabelText(/^Service fee on loads/), '1,25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/updateCompany')[0]?.body).toMatchObject({
      companyId: 'C1007',
      name: 'Ωμέγα Catering Α.Ε.',
      pricing: { serviceFeeBasisPoints: 125 },
      approvalThresholdCents: 500_000,
    });
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();

    const form = await screen.findByRole('region', { name: 'New contract' });
    await user.selectOptions(within(form).getByLabelText('Product'), 'SPENDEO');
    await user.type(within(form).getByLabelText(/^Contract number/), 'sp-2026-0100');
    await user.type(within(form).getByLabelText(/^Signed on/), '2026-11-20');
    await user.type(within(form).getByLabelText(/^Valid from/), '2026-12-01');
    await user.type(within(form).getByLabelText(/^Fee per new card/), '4,50');
    await user.type(within(form).getByLabelText(/^Load fee/), '1,2');
    await user.click(within(form).getByRole('button', { name: 'Add contract' }));
    expect(await screen.findByText('Contract SP-2026-0100 was added.')).toBeTruthy();
    const [sent] = requestsTo(fetchMock, '/api/v1/accounts/createContract');
    expect(sent?.headers.get('companyId')).toBe('C1007');
    expect(sent?.body).toEqual({
      product: 'SPENDEO',
      contractNumber: 'SP-2026-0100',
      status: 'pending',
      signedOn: '2026-11-20',
      validFrom: '2026-12-01',
      validTo: null,
      cardFeeCents: 450,
      loadFeeBasisPoints: 120,
      paymentTermsDays: 30,
    });
  });

  it('lets role 1 deactivate with a reason, then shows the company deactivated without its contracts', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/getCompanyAdmin': { body: { success: true, company: company() } },
      'POST /api/v1/accounts/deactivateCompany': {
        body: {
          success: true,
          company: company({
            isActive: false,
            deactivatedAt: '2026-11-26T10:00:00.000Z',
            deactivationReason: 'Λήξη συνεργασίας',
          }),
        },
      },
      ...contractsEmpty,
    });
    const { user } = renderApp('/back-office/companies/C1007');
    await user.click(await screen.findByRole('button', { name: 'Απενεργοποίηση' }));
    expect(await screen.findByText('Γράψτε την αιτιολογία (τουλάχιστον 5 χαρακτήρες).')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/deactivateCompany')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Αιτιολογία/), 'Λήξη συνεργασίας');
    await user.click(screen.getByRole('button', { name: 'Απενεργοποίηση' }));
    expect(await screen.findByText('Η εταιρεία απενεργοποιήθηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/deactivateCompany')[0]?.body).toEqual({
      companyId: 'C1007',
      reason: 'Λήξη συνεργασίας',
    });
    expect(screen.getByText('Η εταιρεία είναι απενεργοποιημένη')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Επανενεργοποίηση' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Νέα σύμβαση' })).toBeNull();
  });
});

describe('all companies: settings and deactivated companies', () => {
  it('marks a deactivated company, keeps it from being acted for, and links every row to its settings', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'POST /api/v1/accounts/searchCompany': {
        body: {
          success: true,
          companies: [COMPANIES.C1001, { ...COMPANIES.C1003, isActive: false }],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      },
    });
    renderApp('/all-companies');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[2]!).getByText('Απενεργοποιημένη')).toBeTruthy();
    expect(
      (
        within(rows[2]!).getByRole('button', {
          name: 'Ενέργεια για την εταιρεία: Θαλής Τεχνολογίες Α.Ε.',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(
      within(rows[2]!)
        .getByRole('link', { name: 'Ρυθμίσεις της εταιρείας Θαλής Τεχνολογίες Α.Ε.' })
        .getAttribute('href'),
    ).toBe('/back-office/companies/C1003');
    expect(screen.getByRole('link', { name: 'Νέα εταιρεία' }).getAttribute('href')).toBe(
      '/back-office/companies/new',
    );
  });
});
