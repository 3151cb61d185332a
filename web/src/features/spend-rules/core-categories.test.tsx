import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../test/fixtures';
import { mockApi, requestsTo } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });

const categories = [
  {
    code: 'food',
    nameEl: 'Τρόφιμα και σούπερ μάρκετ',
    nameEn: 'Food and groceries',
    mccCodes: ['5411', '5499'],
  },
  { code: 'fuel', nameEl: 'Καύσιμα', nameEn: 'Fuel', mccCodes: ['5541', '5542'] },
];

describe('core categories (role 1)', () => {
  it('lists the categories, edits one and names a wrong MCC code', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      'GET /api/auth/session': { body: session('admin') },
      'GET /api/v1/accounts/coreCategoriesAdmin': { body: { success: true, coreCategories: categories } },
      'POST /api/v1/accounts/saveCoreCategory': ({ body }) =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                success: false,
                errorCode: 2,
                errorLevel: 'error',
                errorMessage: 'Ελέγξτε τα στοιχεία.',
                fields: [{ field: 'mccCodes.2', message: 'Η τιμή δεν είναι έγκυρη.' }],
              },
            }
          : { body: { success: true, coreCategory: body } },
    });
    const { user } = renderApp('/back-office/core-categories');
    const table = await screen.findByRole('table', { name: 'Βασικές κατηγορίες δαπανών' });
    expect(within(table).getByText('5541, 5542')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Επεξεργασία της κατηγορίας Καύσιμα' }));
    expect((screen.getByLabelText(/^Κωδικός/) as HTMLInputElement).readOnly).toBe(true);
    const names = screen.getByLabelText(/^Όνομα \(ελληνικά\)/);
    await user.clear(names);
    await user.type(names, 'Καύσιμα και φόρτιση');
    const mcc = screen.getByLabelText(/^Κωδικοί MCC/);
    await user.type(mcc, ', 55');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση κατηγορίας' }));
    expect(await screen.findByText('Η τιμή δεν είναι έγκυρη.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/saveCoreCategory')[0]?.body).toEqual({
      code: 'fuel',
      nameEl: 'Καύσιμα και φόρτιση',
      nameEn: 'Fuel',
      mccCodes: ['5541', '5542', '55'],
    });

    await user.type(mcc, '52');
    await user.click(screen.getByRole('button', { name: 'Αποθήκευση κατηγορίας' }));
    expect(await screen.findByText('Η κατηγορία Καύσιμα και φόρτιση αποθηκεύτηκε.')).toBeTruthy();
    expect(requestsTo(fetchMock, '/api/v1/accounts/saveCoreCategory')[1]?.body).toMatchObject({
      mccCodes: ['5541', '5542', '5552'],
    });
  });
});
