import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNTS_API as API,
  DP_ID,
  DP2_ID,
  POINTS,
  deliveryPoint,
  descriptionOf,
  pointsPage,
} from '../../test/accounts';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { toEmbossText, transliterateGreek } from './components/emboss';
describe('emboss line', () => {
  it('transliterates Greek after ELOT 743 and uppercases', () => {
    expect(transliterateGreek('Ακμή Τροφίμων')).toBe('AKMI TROFIMON');
    expect(transliterateGreek('Ευρώπη Αυτοκίνητα')).toBe('EVROPI AFTOKINITA');
    expect(transliterateGreek('Μπάμπης Ντόρος')).toBe('BAMPIS DOROS');
    expect(transliterateGreek('Θαλής & Ψυχογιός')).toBe('THALIS & PSYCHOGIOS');
    expect(transliterateGreek('Αγγελική Οικονόμου')).toBe('ANGELIKI OIKONOMOU');
    expect(transliterateGreek('Αϊβαλί')).toBe('AIVALI');
    expect(toEmbossText('acme é')).toBe('ACME E');
  });
});

const PRINTING = {
  embossLine: '',
  printLogo: false,
  carrierMessage: '',
  defaultDeliveryPointId: null,
  printEmployeeCode: false,
  updatedAt: null,
};

describe('card printing (/account/card-printing)', () => {
  it('converts Greek as the order manager types, previews the card and saves the settings', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/retrieveCardPrinting`]: { body: { success: true, cardPrinting: PRINTING } },
      [`GET ${API}/getCompanyDeliveryPoints`]: pointsPage(POINTS, 2),
      [`POST ${API}/updateCardPrinting`]: ({ body }) => ({
        body: { success: true, cardPrinting: { ...(body as object), updatedAt: '2026-03-01T10:00:00.000Z' } },
      }),
    });
    const { user } = renderApp('/account/card-printing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Εκτύπωση καρτών' })).toBeTruthy();
    const emboss = await screen.findByRole('textbox', { name: 'Γραμμή εταιρείας στην κάρτα' });
    expect(
      requestsTo(fetchMock, `${API}/getCompanyDeliveryPoints`)[0]?.url.searchParams.get('pageSize'),
    ).toBe('100');

    await user.type(emboss, 'Ακμή Τροφίμων');
    expect((emboss as HTMLInputElement).value).toBe('AKMI TROFIMON');
    const preview = screen.getByRole('figure', { name: 'Προεπισκόπηση κάρτας' });
    expect(within(preview).getByText('AKMI TROFIMON')).toBeTruthy();
    expect(descriptionOf(emboss)).toContain('13/21');

    await user.click(screen.getByRole('checkbox', { name: 'Εκτύπωση λογοτύπου εταιρείας' }));
    expect(within(preview).getByText('Λογότυπο')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Μήνυμα συνοδευτικής επιστολής' }), 'Καλή χρήση!');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Προεπιλεγμένο σημείο παράδοσης' }),
      DP2_ID,
    );
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ρυθμίσεων' }));

    expect(await screen.findByText('Οι ρυθμίσεις εκτύπωσης αποθηκεύτηκαν.')).toBeTruthy();
    expect(requestsTo(fetchMock, `${API}/updateCardPrinting`)[0]?.body).toEqual({
      embossLine: 'AKMI TROFIMON',
      printLogo: true,
      carrierMessage: 'Καλή χρήση!',
      defaultDeliveryPointId: DP2_ID,
      printEmployeeCode: false,
    });
  });

  it('without conversion refuses characters the machine cannot emboss and offers to convert them', async () => {
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('om1') },
      [`GET ${API}/retrieveCardPrinting`]: { body: { success: true, cardPrinting: PRINTING } },
      [`GET ${API}/getCompanyDeliveryPoints`]: pointsPage(POINTS, 2),
    });
    const { user } = renderApp('/account/card-printing');
    const emboss = await screen.findByRole('textbox', { name: 'Γραμμή εταιρείας στην κάρτα' });
    await user.click(screen.getByRole('switch', { name: /^Μετατροπή ελληνικών/ }));
    await user.type(emboss, 'Θαλής');
    expect((emboss as HTMLInputElement).value).toBe('Θαλής');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση ρυθμίσεων' }));
    await waitFor(() =>
      expect(descriptionOf(emboss)).toContain(
        "Χρησιμοποιήστε μόνο λατινικά κεφαλαία, ψηφία, κενό και τα σύμβολα . - & '",
      ),
    );
    expect(requestsTo(fetchMock, `${API}/updateCardPrinting`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Μετατροπή σε «THALIS»' }));
    expect((emboss as HTMLInputElement).value).toBe('THALIS');
    await waitFor(() => expect(emboss.getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('shows a finance user the settings without any control to change them', async () => {
    mockApi({
      'GET /api/auth/session': { body: session('finance') },
      [`GET ${API}/retrieveCardPrinting`]: {
        body: {
          success: true,
          cardPrinting: {
            ...PRINTING,
            embossLine: 'ELAIONAS LOGISTIKI',
            printLogo: true,
            defaultDeliveryPointId: DP_ID,
          },
        },
      },
      [`POST ${API}/retrieveDeliveryPointById`]: { body: { success: true, deliveryPoint: deliveryPoint() } },
    });
    renderApp('/account/card-printing');
    expect(await screen.findByText('Κεντρικά γραφεία — Λεωφ. Κηφισίας 12, 115 26 Αθήνα')).toBeTruthy();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Γραμμή εταιρείας στην κάρτα')).toBe('ELAIONAS LOGISTIKI');
    expect(term('Εκτύπωση λογοτύπου εταιρείας')).toBe('Ναι');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Αποθήκευση ρυθμίσεων' })).toBeNull();
  });
});
