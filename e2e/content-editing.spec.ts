import { expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * Issue 18 §5 (ADR 025): the admin edits a Greek FAQ, previews it in both languages, publishes it,
 * and the public FAQ page shows it at once; restoring the original puts the old text back.
 */
test('the admin edits a Greek FAQ, previews it, publishes it, and /faqs shows it', async ({ page }) => {
  const question = `Πώς παραγγέλνω κάρτες για νέους εργαζόμενους; (${Date.now() % 10_000})`;
  await signInAs(page, 'admin@tessera.demo');
  await page.goto('/back-office/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Διαχείριση περιεχομένου' })).toBeVisible();
  const field = page.getByLabel('Ερώτηση 1.1', { exact: true });
  const original = await field.inputValue();
  await field.fill(question);

  await page.getByRole('button', { name: 'Προεπισκόπηση' }).click();
  const greek = page.getByRole('region', { name: 'Προεπισκόπηση: Ελληνικά' });
  await expect(greek.getByText(question)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Προεπισκόπηση: English' })).toBeVisible();
  await expectAccessible(page, 'the content editor with its preview');

  // Not live before publishing.
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(question)).toHaveCount(0);

  await page.goto('/back-office/content');
  await page.getByRole('button', { name: 'Δημοσίευση' }).click();
  await expect(
    page.getByText('Δημοσιεύτηκε. Οι δημόσιες σελίδες δείχνουν ήδη το νέο περιεχόμενο.'),
  ).toBeVisible();

  await page.goto('/faqs');
  await expect(page.getByRole('button', { name: question })).toBeVisible();

  // Restore the shipped text (version 1) and publish it again.
  await page.goto('/back-office/content');
  await page.getByRole('button', { name: 'Επαναφορά έκδοσης 1' }).click();
  await expect(page.getByLabel('Ερώτηση 1.1', { exact: true })).toHaveValue(original);
  await page.getByRole('button', { name: 'Δημοσίευση' }).click();
  await expect(
    page.getByText('Δημοσιεύτηκε. Οι δημόσιες σελίδες δείχνουν ήδη το νέο περιεχόμενο.'),
  ).toBeVisible();
  await page.goto('/faqs');
  await expect(page.getByRole('button', { name: original })).toBeVisible();
});
