import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyResponse, session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

describe('contracts on the company page', () => {
  const contracts = {
    success: true,
    contracts: [
      {
        contractId: '3c0c3a3e-0000-4000-8000-000000000001',
        contractNumber: 'TR-2026-0042',
        product: 'TICKET_RESTAURANT',
        status: 'active',
        signedOn: '2026-01-05T10:00:00.000Z',
        validFrom: '2026-01-15T00:00:00.000Z',
        validTo: '2027-01-14T00:00:00.000Z',
        cardFeeCents: 250,
        loadFeeBasisPoints: 150,
        paymentTermsDays: 30,
      },
      {
        contractId: '3c0c3a3e-0000-4000-8000-000000000002',
        contractNumber: 'SP-2026-0007',
        product: 'SPENDEO',
        status: 'pending',
        signedOn: '2026-02-01T10:00:00.000Z',
        validFrom: '2026-03-01T00:00:00.000Z',
        validTo: null,
        cardFeeCents: 1200,
        loadFeeBasisPoints: 75,
        paymentTermsDays: 1,
      },
    ],
  };
  const trzContract = {
    contractNumber: 'TRZ-2026-0042',
    status: 'not_signed',
    dailyAllowanceCents: 600,
    monthlyLoadDay: 1,
    invoiceEmail: '',
    acceptedAt: null,
    acceptedBy: null,
  };

  it('lists the contracts with their fees and lets the order manager complete and accept the TRZ contract', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
      'GET /api/v1/accounts/contracts': { body: contracts },
      'GET /api/v1/accounts/retrieveTrzContract': { body: { success: true, trzContract } },
      'POST /api/v1/accounts/updateTrzContract': ({ body }) => ({
        body: {
          success: true,
          trzContract: {
            ...trzContract,
            ...(body as object),
            status: 'active',
            acceptedAt: '2026-03-02T09:30:00.000Z',
            acceptedBy: 'Ελένη Κωνσταντίνου',
          },
        },
      }),
    });
    const { user } = renderApp('/account/about');
    expect(await screen.findByRole('heading', { level: 2, name: 'Συμβάσεις' })).toBeTruthy();
    const ticket = await screen.findByRole('article', { name: 'Ticket Restaurant' });
    const term = (scope: HTMLElement, name: string) =>
      within(scope).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\s+/g, ' ');
    expect(term(ticket, 'Αριθμός σύμβασης')).toBe('TR-2026-0042');
    expect(within(ticket).getByText('Ενεργή')).toBeTruthy();
    expect(term(ticket, 'Ισχύς')).toBe('15/01/2026 έως 14/01/2027');
    expect(term(ticket, 'Χρέωση έκδοσης κάρτας')).toBe('2,50 € ανά κάρτα');
    expect(term(ticket, 'Προμήθεια φόρτισης')).toBe('1,5% επί του ποσού φόρτισης');
    expect(term(ticket, 'Όροι πληρωμής')).toBe('30 ημέρες');
    const spendeo = screen.getByRole('article', { name: 'Spendeo' });
    expect(term(spendeo, 'Ισχύς')).toBe('Από 01/03/2026, αορίστου χρόνου');
    expect(term(spendeo, 'Χρέωση έκδοσης κάρτας')).toBe('12,00 € ανά κάρτα');
    expect(term(spendeo, 'Όροι πληρωμής')).toBe('1 ημέρα');

    const trz = screen.getByRole('region', { name: 'Σύμβαση ψηφιακής κάρτας Ticket Restaurant' });
    expect(await within(trz).findByText('Δεν έχει υπογραφεί')).toBeTruthy();
    const daily = within(trz).getByRole('textbox', { name: /^Ημερήσιο ποσό/ });
    expect((daily as HTMLInputElement).value).toBe('6,00');
    await user.clear(daily);
    await user.type(daily, '12');
    const email = within(trz).getByRole('textbox', { name: /^Email τιμολόγησης/ });
    await user.type(email, 'logistirio@akmi.gr');
    await user.selectOptions(within(trz).getByRole('combobox', { name: /^Ημέρα μηνιαίας φόρτισης/ }), '5');
    await user.click(within(trz).getByRole('checkbox', { name: /^Αποδέχομαι τους όρους/ }));
    await user.click(within(trz).getByRole('button', { name: 'Αποθήκευση και αποδοχή' }));
    await waitFor(() => expect(daily.getAttribute('aria-invalid')).toBe('true'));
    expect(requestsTo(fetchMock, '/api/v1/accounts/updateTrzContract')).toHaveLength(0);

    await user.clear(daily);
    await user.type(daily, '8,50');
    await user.click(within(trz).getByRole('button', { name: 'Αποθήκευση και αποδοχή' }));
    expect(await within(trz).findByText('Η σύμβαση έγινε αποδεκτή και είναι πλέον ενεργή.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/updateTrzContract')[0]?.body).toEqual({
      dailyAllowanceCents: 850,
      monthlyLoadDay: 5,
      invoiceEmail: 'logistirio@akmi.gr',
      accept: true,
    });
    expect(within(trz).getByText('Ενεργή')).toBeTruthy();
    expect(within(trz).queryByRole('checkbox', { name: /^Αποδέχομαι τους όρους/ })).toBeNull();
  });

  it('shows a finance user the contracts and the TRZ contract without a form', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1002') },
      'GET /api/v1/accounts/contracts': { body: contracts },
      'GET /api/v1/accounts/retrieveTrzContract': {
        body: { success: true, trzContract: { ...trzContract, status: 'active', dailyAllowanceCents: 800 } },
      },
    });
    renderApp('/en/account/about');
    expect(await screen.findByRole('heading', { level: 2, name: 'Contracts' })).toBeTruthy();
    const trz = screen.getByRole('region', { name: 'Virtual Ticket Restaurant card contract' });
    expect(await within(trz).findByText('Active')).toBeTruthy();
    expect(within(trz).getByText('8,00 €', { normalizer: (text) => text.replace(/\s+/g, ' ') })).toBeTruthy();
    expect(within(trz).queryByRole('textbox')).toBeNull();
    expect(within(trz).queryByRole('button')).toBeNull();
  });

  it('says so when the company has no TRZ contract', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('om1') },
      'POST /api/v1/accounts/getCompanyById': { body: companyResponse('C1001') },
      'GET /api/v1/accounts/contracts': { body: { success: true, contracts: [] } },
      'GET /api/v1/accounts/retrieveTrzContract': {
        status: 404,
        body: { success: false, errorCode: 5, errorLevel: 'error', errorMessage: 'Not found' },
      },
    });
    renderApp('/account/about');
    expect(await screen.findByText('Η εταιρεία δεν έχει συμβάσεις.')).toBeTruthy();
    expect(
      await screen.findByText('Η εταιρεία δεν έχει σύμβαση ψηφιακής κάρτας Ticket Restaurant.'),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
