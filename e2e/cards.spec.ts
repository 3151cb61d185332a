import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 4 journeys on the demo data: the order manager works the card list (expiring filter,
 * rename, cardholder edit) and adds a delivery point, in Greek; a finance user sees the same in
 * English without any way to change it.
 */

test('the order manager filters expiring cards, renames one, edits its cardholder (Greek)', async ({
  page,
}) => {
  await signInAs(page, 'om1@tessera.demo');
  await page.goto('/card-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Οι κάρτες μου' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Κάρτες της εταιρείας/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('switch', { name: 'Λήγουν σε 60 ημέρες' }).click();
  await expect(page).toHaveURL(/expiringSoon=true/);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(/Λήγει (σήμερα|σε \d+ ημέρ)/);
  const count = await rows.count();
  for (let index = 1; index < count; index += 1) {
    await expect(rows.nth(index)).toContainText(/Λήγει (σήμερα|σε \d+ ημέρ)/);
  }
  await expectAccessible(page, '/card-list (expiring)');
  await screenshot(page, 'card-list-el');

  await rows.nth(1).getByRole('button').first().click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Στοιχεία κάρτας')).toBeVisible();
  await panel.getByRole('button', { name: 'Μετονομασία κάρτας' }).click();
  await panel.getByLabel('Όνομα κάρτας').fill('ΚΑΡΤΑ ΛΟΓΙΣΤΗΡΙΟΥ');
  await panel.getByRole('button', { name: 'Αποθήκευση ονόματος' }).click();
  await expect(panel.getByText('Το όνομα της κάρτας αποθηκεύτηκε.')).toBeVisible();

  await panel.getByRole('button', { name: 'Επεξεργασία κατόχου' }).click();
  await panel.getByLabel(/^Τηλέφωνο/).fill('12345');
  await panel.getByRole('button', { name: 'Αποθήκευση στοιχείων' }).click();
  await expect(panel.getByText('Πληκτρολογήστε έναν ελληνικό αριθμό τηλεφώνου με 10 ψηφία.')).toBeVisible();
  await panel.getByLabel(/^Τηλέφωνο/).fill('694 412 3456');
  await panel.getByRole('button', { name: 'Αποθήκευση στοιχείων' }).click();
  await expect(panel.getByText('Τα στοιχεία του κατόχου αποθηκεύτηκαν.')).toBeVisible();
  await screenshot(page, 'card-panel-el');
  await page.keyboard.press('Escape');

  await page.getByRole('switch', { name: 'Λήγουν σε 60 ημέρες' }).click();
  await expect(page).not.toHaveURL(/expiringSoon=true/);
  await page.getByLabel(/^Αναζήτηση/).fill('ΚΑΡΤΑ ΛΟΓΙΣΤΗΡΙΟΥ');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('ΚΑΡΤΑ ΛΟΓΙΣΤΗΡΙΟΥ');
});

test('the order manager creates a delivery point and finds it in the list (Greek)', async ({ page }) => {
  await signInAs(page, 'om1@tessera.demo');
  await page.goto('/delivery-points');
  await expect(page.getByRole('heading', { level: 1, name: 'Νέο σημείο παράδοσης' })).toBeVisible();
  await page.getByLabel(/^Όνομα σημείου/).fill('Γραφείο Πάτρας');
  await page.getByLabel(/^Οδός/).fill('Μαιζώνος');
  await page.getByLabel(/^Αριθμός/).fill('112');
  await page.getByLabel(/^Ταχυδρομικός κώδικας/).fill('999');
  await page.getByLabel(/^Πόλη/).fill('Πάτρα');
  await page.getByLabel(/^Περιφέρεια/).selectOption({ index: 4 });
  await page.getByLabel(/^Ονοματεπώνυμο/).fill('Δέσποινα Ζαχαρίου');
  await page.getByLabel(/^Τηλέφωνο/).fill('2610 123456');
  await page.getByRole('button', { name: 'Αποθήκευση σημείου' }).click();
  await expect(page.getByText(/έγκυρο ταχυδρομικό κώδικα/).first()).toBeVisible();
  await page.getByLabel(/^Ταχυδρομικός κώδικας/).fill('262 21');
  await page.getByRole('button', { name: 'Αποθήκευση σημείου' }).click();
  await expect(page.getByText('Το σημείο παράδοσης αποθηκεύτηκε')).toBeVisible();
  await expectAccessible(page, '/delivery-points (saved)');

  await page.goto('/account/delivery-points');
  await page.getByLabel(/^Αναζήτηση με όνομα/).fill('πατρα');
  await page.getByRole('button', { name: 'Αναζήτηση', exact: true }).click();
  await expect(page.getByText('Γραφείο Πάτρας')).toBeVisible();
  await expect(page.getByText(/262 ?21/)).toBeVisible();
  await screenshot(page, 'delivery-points-el');
});

test('a finance user sees the cards and the account in English but cannot change them', async ({ page }) => {
  await signInAs(page, 'finance@tessera.demo', 'en');
  await page.goto('/en/card-list');
  await expect(page.getByRole('heading', { level: 1, name: 'My cards' })).toBeVisible();
  await expect(page.getByText(/You are viewing the cards read-only/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loads per month' })).toBeVisible();
  const rows = page.getByRole('table', { name: /^Your company's cards/ }).getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  await expectAccessible(page, '/en/card-list (finance)');
  await screenshot(page, 'card-list-en-finance');

  await rows.nth(1).getByRole('button').first().click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('Card details')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Rename card' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Edit cardholder' })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Load card' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/en/account/delivery-points');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery points' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New delivery point' })).toHaveCount(0);
  await page.goto('/en/account/spend-rules');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Add|Create|Delete)/ })).toHaveCount(0);
  await screenshot(page, 'spend-rules-en-finance');

  // The server refuses what the page does not offer.
  const refused = await page.evaluate(async () => {
    const csrf = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
    const response = await fetch('/api/v1/accounts/createSpendRule', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', companyId: 'C1001', 'x-csrf-token': csrf.csrfToken },
      body: JSON.stringify({ name: 'Test', target: { kind: 'period' }, period: 'day', limitCents: 5000 }),
    });
    return response.status;
  });
  expect(refused).toBe(403);
});

test('the card list of a company without drafts loads without a failed request or a console error', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  await signInAs(page, 'payment@tessera.demo');
  await page.goto('/company-select');
  // Κρόνος (C1004) has no draft orders in the demo data.
  await page.getByRole('button', { name: 'Επιλογή Κρόνος Μεταφορική Ο.Ε.' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/company-select'));
  await page.goto('/card-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Οι κάρτες μου' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
});
