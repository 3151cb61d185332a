import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Maker-checker (ADR 032): the payment manager sets the approval rule and reads, in plain words,
 * what happens to an order of a given amount — in Greek, then in English, on a phone and a desktop.
 */
test('the approval rule and its plain-words preview, Greek then English', async ({ page }) => {
  await signInAs(page, 'payment@tessera.demo');
  await page.goto('/company-select');
  await page.getByRole('button', { name: 'Επιλογή Ελαιώνας Λογιστική Ι.Κ.Ε.' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/paymentManager');
  const second = page.getByRole('textbox', { name: /Δεύτερο όριο/ });
  await second.fill('10.000,00');
  await page.getByRole('textbox', { name: /Λήξη αναμονής έγκρισης/ }).fill('7');
  await page.getByRole('button', { name: 'Αποθήκευση ορίου' }).click();
  await expect(page.getByText(/Οι παραγγελίες άνω των .* θα περιμένουν έγκριση/)).toBeVisible();
  const amount = page.getByRole('textbox', { name: /Δοκιμάστε ένα ποσό/ });
  const preview = page.getByTestId('approval-preview');
  await amount.fill('500');
  await expect(preview).toContainText('πηγαίνει κατευθείαν στην πληρωμή');
  await amount.fill('5.000');
  await expect(preview).toContainText('περιμένει έναν εγκρίνοντα');
  await expect(preview).toContainText('7 ημέρες');
  await amount.fill('20.000');
  await expect(preview).toContainText('περιμένει δύο διαφορετικούς εγκρίνοντες');
  await expectAccessible(page, '/paymentManager approval rule');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'approval-rule-el-1440');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'approval-rule-el-360');

  await page.goto('/en/paymentManager');
  const amountEn = page.getByRole('textbox', { name: /Try an amount/ });
  await amountEn.fill('20000');
  await expect(page.getByTestId('approval-preview')).toContainText(
    'waits for two different approvers (neither of them the person who submitted it) and expires after 7 days',
  );
  await screenshot(page, 'approval-rule-en-360');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, 'approval-rule-en-1440');
});
