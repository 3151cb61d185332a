import type { Locator, Page } from '@playwright/test';
import { atTheBank } from './order-journey';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 16: the merchant's own administration pages in the browser. The demo merchant's
 * administrator updates a store's opening hours (a wrong postal code is refused first, the message
 * naming the field), requests a new terminal (its client secret shown once) and reads the fee plan
 * on the profile, in Greek and in English, at 1440 and 360 px; the view-only user sees the same
 * pages without any edit button, and the API refuses them a change (403).
 *
 * Needs only the demo seed: merchant@tessera.demo administrator of Φρέσκο Μάρκετ (M2002, stores
 * with terminals, a fee plan) and merchant.viewer@tessera.demo view-only there. The payment journey
 * at the end needs the merchant billing endpoints (merchantCharges, createMerchantPayment,
 * validateMerchantPayment) and the demo's open charges (last month's and this month's rentals).
 */

type Texts = {
  prefix: '' | '/en';
  storesTitle: string;
  edit: RegExp;
  hours: RegExp;
  postalCode: RegExp;
  postalIssue: string;
  save: string;
  saved: RegExp;
  requestMid: RegExp;
  midLabel: RegExp;
  midSubmit: string;
  secret: string;
  onceTitle: string;
  done: string;
  awaiting: string;
  feesTitle: string;
};

const EL: Texts = {
  prefix: '',
  storesTitle: 'Καταστήματα',
  edit: /^Επεξεργασία στοιχείων: /,
  hours: /^Ωράριο λειτουργίας/,
  postalCode: /^Ταχυδρομικός κώδικας/,
  postalIssue: 'Ταχυδρομικός κώδικας: Πληκτρολογήστε έγκυρο ταχυδρομικό κώδικα',
  save: 'Αποθήκευση καταστήματος',
  saved: /αποθηκεύτηκαν/,
  requestMid: /^Αίτημα νέου τερματικού για /,
  midLabel: /^Όνομα τερματικού/,
  midSubmit: 'Υποβολή αιτήματος',
  secret: 'Μυστικό κλειδί (client secret)',
  onceTitle: 'Αντιγράψτε τώρα το μυστικό κλειδί',
  done: 'Το αντέγραψα',
  awaiting: 'Σε αναμονή ενεργοποίησης',
  feesTitle: 'Οι προμήθειές σας ανά προϊόν',
};

const EN: Texts = {
  prefix: '/en',
  storesTitle: 'Stores',
  edit: /^Edit the details of /,
  hours: /^Opening hours/,
  postalCode: /^Postal code/,
  postalIssue: 'Postal code: Enter a valid postal code',
  save: 'Save store',
  saved: /were saved/,
  requestMid: /^Request a new terminal for /,
  midLabel: /^Terminal name/,
  midSubmit: 'Request terminal',
  secret: 'Client secret',
  onceTitle: 'Copy the secret now',
  done: 'I have copied it',
  awaiting: 'Awaiting enrolment',
  feesTitle: 'Your fees per product',
};

async function openStores(page: Page, t: Texts): Promise<Locator> {
  await page.goto(`${t.prefix}/merchant/stores-list`);
  await expect(page.getByRole('heading', { level: 1, name: t.storesTitle })).toBeVisible();
  const first = page.getByRole('list', { name: t.storesTitle }).getByRole('listitem').first();
  await expect(first).toBeVisible();
  return first;
}

/** Updates the first store's opening hours (after a refused postal code) and requests a terminal. */
async function administerStores(page: Page, t: Texts, lang: 'el' | 'en') {
  const store = await openStores(page, t);
  const hours = `${lang === 'el' ? 'Δευ–Σάβ' : 'Mon–Sat'} 08:00–21:${String(Date.now() % 60).padStart(2, '0')}`;

  await store.getByRole('button', { name: t.edit }).click();
  const dialog = page.getByRole('dialog');
  const postalCode = dialog.getByLabel(t.postalCode);
  const before = await postalCode.inputValue();
  await postalCode.fill('12');
  await dialog.getByRole('button', { name: t.save }).click();
  await expect(dialog.getByText(t.postalIssue)).toBeVisible();
  await postalCode.fill(before);
  await dialog.getByLabel(t.hours).fill(hours);
  await dialog.getByRole('button', { name: t.save }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
  await expect(store).toContainText(hours);

  const label = `${lang === 'el' ? 'Ταμείο' : 'Till'} e2e ${Date.now() % 10_000}`;
  await store.getByRole('button', { name: t.requestMid }).click();
  const midDialog = page.getByRole('dialog');
  await midDialog.getByLabel(t.midLabel).fill(label);
  await midDialog.getByRole('button', { name: t.midSubmit }).click();
  await expect(midDialog.getByText(t.onceTitle)).toBeVisible();
  const secret = midDialog.getByText(t.secret, { exact: true }).locator('xpath=following-sibling::dd');
  await expect(secret).not.toHaveText('');
  await expectAccessible(page, `${t.prefix}/merchant/stores-list (new terminal secret)`);
  await screenshot(page, `merchant-mid-secret-${lang}`);
  await midDialog.getByRole('button', { name: t.done }).click();
  await expect(midDialog).toBeHidden();
  const terminal = store.getByRole('listitem').filter({ hasText: label });
  await expect(terminal).toContainText(t.awaiting);
}

test('the merchant administrator updates a store, requests a terminal and reads the fee plan, in Greek and English', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(page, 'merchant@tessera.demo');

  for (const [t, lang] of [
    [EL, 'el'],
    [EN, 'en'],
  ] as const) {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await administerStores(page, t, lang);
    await expectAccessible(page, `${t.prefix}/merchant/stores-list`);
    await screenshot(page, `merchant-stores-${lang}`);
    await page.setViewportSize({ width: 360, height: 800 });
    await openStores(page, t);
    await screenshot(page, `merchant-stores-${lang}-360`);

    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${t.prefix}/merchant/redeemer-profile`);
    const fees = page.getByRole('table', { name: t.feesTitle });
    await expect(fees.getByRole('rowheader', { name: 'Ticket Restaurant' })).toBeVisible();
    await expect(fees.getByRole('row').filter({ hasText: 'Ticket Restaurant' })).toContainText('%');
    await expectAccessible(page, `${t.prefix}/merchant/redeemer-profile`);
    await screenshot(page, `merchant-profile-${lang}`);
    // At 360 px the fee plan is a list of cards, one per product.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    const feeCards = page.getByRole('list', { name: t.feesTitle });
    await expect(feeCards.getByRole('listitem').filter({ hasText: 'Ticket Restaurant' })).toContainText('%');
    await screenshot(page, `merchant-profile-${lang}-360`);
  }
});

test('the view-only merchant user sees the pages without edit buttons, and the API refuses a change', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(page, 'merchant.viewer@tessera.demo');

  const store = await openStores(page, EL);
  await expect(store.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: EL.edit })).toHaveCount(0);
  await expect(page.getByRole('button', { name: EL.requestMid })).toHaveCount(0);
  await expectAccessible(page, '/merchant/stores-list (view-only)');
  await screenshot(page, 'merchant-stores-viewer-el');

  await page.goto('/en/merchant/redeemer-profile');
  await expect(page.getByRole('table', { name: EN.feesTitle })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  for (const name of [/^Edit details/, /^Invite a user/, /^Lock /, /^Unlock /]) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await screenshot(page, 'merchant-profile-viewer-en');

  // The same session at the API: it may read the stores, not change one.
  const list = await page.request.get('/api/v1/merchants/retrieveStoreList');
  expect(list.ok()).toBe(true);
  const { stores } = (await list.json()) as {
    stores: { storeId: string; name: string; address: string; city: string; postalCode: string }[];
  };
  const target = stores[0]!;
  const csrf = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  const change = await page.request.post('/api/v1/merchants/updateStoreDetails', {
    headers: { 'x-csrf-token': csrf },
    data: {
      storeId: target.storeId,
      name: target.name,
      address: target.address,
      city: target.city,
      postalCode: target.postalCode,
      openingHours: 'Never',
      channels: ['in_store'],
    },
  });
  expect(change.status()).toBe(403);
});

test('the merchant pays what is owed by card at the sandbox bank, and the charges show paid', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(page, 'merchant@tessera.demo');

  await page.goto('/merchant/payment-page');
  const owed = page.getByRole('region', { name: 'Τι οφείλετε' });
  await expect(owed.getByRole('table', { name: 'Τι οφείλετε' })).toBeVisible();
  await expect(owed.getByRole('region', { name: 'Πληρωμή με τραπεζική μεταφορά' })).toContainText('RF');
  await expectAccessible(page, '/merchant/payment-page');
  await screenshot(page, 'merchant-payment-el');

  await owed.getByRole('button', { name: /^Πληρωμή .* με κάρτα$/ }).click();
  await atTheBank(page, 'Έγκριση πληρωμής');
  await page.waitForURL(/\/merchant\/payment\/success\?paymentId=/);
  await expect(page.getByText('Ευχαριστούμε, η πληρωμή σας ολοκληρώθηκε')).toBeVisible();
  await screenshot(page, 'merchant-payment-success-el');

  await page.getByRole('link', { name: 'Επιστροφή στις πληρωμές' }).click();
  await expect(page.getByText('Δεν οφείλετε τίποτα. Ευχαριστούμε!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Εξοφλημένες χρεώσεις' })).toBeVisible();
});
