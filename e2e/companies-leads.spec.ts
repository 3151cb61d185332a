import { completeGreekTaxId } from '../domain/src/greek';
import { expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * Issue 18 §3 and §6 (ADR 024): a visitor asks to become a client; the provider's manager turns the
 * lead into a company, edits it and deactivates it. Every page of the part passes axe.
 */
test('a lead from the public form becomes a company, which role 1 then deactivates', async ({ page }) => {
  const vat = completeGreekTaxId(`5${String(Date.now()).slice(-7)}`);

  await page.goto('/become-client');
  await expect(page.getByRole('heading', { level: 1, name: 'Γίνετε πελάτης' })).toBeVisible();
  await expectAccessible(page, '/become-client');
  await page.getByLabel(/^Επωνυμία εταιρείας/).fill('Αστέρας Logistics Α.Ε.');
  await page.getByLabel(/^ΑΦΜ/).fill(vat);
  await page.getByLabel(/^Ονοματεπώνυμο υπευθύνου/).fill('Μαρία Παπαδοπούλου');
  await page.getByLabel(/^Email/).fill('maria@asteras.gr');
  await page.getByLabel(/^Τηλέφωνο/).fill('210 123 4567');
  await page.getByLabel(/^Αριθμός εργαζομένων/).fill('120');
  await page.getByRole('checkbox', { name: /Συμφωνώ να επικοινωνήσει/ }).check();
  await page.getByRole('button', { name: 'Αποστολή αιτήματος' }).click();
  await expect(page.getByText(/Ο κωδικός του αιτήματός σας είναι LD-\d{8}-[0-9A-F]{6}/)).toBeVisible();

  await page.goto('/en/become-merchant');
  await expect(page.getByRole('heading', { level: 1, name: 'Become a partner merchant' })).toBeVisible();
  await expectAccessible(page, '/en/become-merchant');

  await signInAs(page, 'admin@tessera.demo');
  await page.goto('/back-office/leads');
  const table = page.getByRole('table', { name: 'Αιτήματα ενδιαφέροντος' });
  await expect(table.getByText('Αστέρας Logistics Α.Ε.')).toBeVisible();
  await expectAccessible(page, '/back-office/leads');
  await table
    .getByRole('link', { name: 'Δημιουργία εταιρείας από το αίτημα της Αστέρας Logistics Α.Ε.' })
    .click();

  await expect(page.getByLabel(/^ΑΦΜ/)).toHaveValue(vat);
  await expect(page.getByLabel(/^Επωνυμία/)).toHaveValue('Αστέρας Logistics Α.Ε.');
  await page.getByLabel(/^Οδός/).fill('Λεωφόρος Κηφισίας');
  await page.getByLabel(/^Αριθμός/).fill('120');
  await page.getByLabel(/^Ταχυδρομικός κώδικας/).fill('115 26');
  await page.getByLabel(/^Πόλη/).fill('Αθήνα');
  await expectAccessible(page, '/back-office/companies/new');
  await page.getByRole('button', { name: 'Καταχώριση εταιρείας' }).click();
  await expect(page.getByText('Η εταιρεία καταχωρίστηκε.')).toBeVisible();
  await expect(page).toHaveURL(/\/back-office\/companies\/C\d+\?created=1$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Συμβάσεις' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Νέα σύμβαση' })).toBeVisible();
  await expectAccessible(page, '/back-office/companies/:companyId');

  await page.getByLabel(/^Αιτιολογία/).fill('Δοκιμαστική απενεργοποίηση');
  await page.getByRole('button', { name: 'Απενεργοποίηση' }).click();
  await expect(page.getByText('Η εταιρεία είναι απενεργοποιημένη')).toBeVisible();

  await page.goto('/back-office/core-categories');
  await expect(page.getByRole('table', { name: 'Βασικές κατηγορίες δαπανών' })).toBeVisible();
  await expectAccessible(page, '/back-office/core-categories');
});
