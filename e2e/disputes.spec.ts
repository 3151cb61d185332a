import { expect, signInAs, test } from './fixtures';

/**
 * Disputes (issue 34 §1, ADR 043), one journey on the demo data: the merchant disputes one of its
 * purchases in English, provider staff resolve it with a refund in Greek (through the ledger, with
 * the code they typed at sign-in still fresh), and the merchant sees it resolved.
 */
test('a merchant disputes a purchase, staff refund it, and the merchant sees it resolved', async ({
  page,
  browser,
}) => {
  const note = `Two receipts for one basket ${Date.now()}`;
  await signInAs(page, 'merchant@tessera.demo', 'en');
  await page.goto('/en/merchant/balance-sheet?outcome=approved&kind=authorise');
  await page
    .getByRole('button', { name: /^Open a dispute about the transaction of / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Open a dispute' });
  await dialog.getByRole('radio', { name: 'Charged twice' }).check();
  await dialog.getByLabel('Note').fill(note);
  await dialog.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(dialog).toBeHidden();
  const mine = page.getByRole('list', { name: 'Disputes' }).getByRole('listitem').filter({ hasText: note });
  await expect(mine.getByText('Dispute open')).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAs(staff, 'admin@tessera.demo');
  await staff.goto('/back-office/disputes?state=open');
  await expect(staff.getByRole('heading', { level: 1, name: 'Διαφορές' })).toBeVisible();
  await staff
    .getByRole('listitem')
    .filter({ hasText: note })
    .getByRole('link', { name: /^Λεπτομέρειες της διαφοράς/ })
    .click();
  await expect(staff.getByRole('radio', { name: 'Επιστροφή χρημάτων' })).toBeChecked();
  await staff.getByLabel(/^Αιτιολογία/).fill('Επιβεβαιώθηκε η διπλή χρέωση');
  await staff.getByRole('button', { name: 'Επιβεβαίωση' }).click();
  await expect(staff.getByText('Επιλύθηκε με επιστροφή χρημάτων')).toBeVisible();
  await staffContext.close();

  await page.reload();
  const resolved = page
    .getByRole('list', { name: 'Disputes' })
    .getByRole('listitem')
    .filter({ hasText: note });
  await expect(resolved.getByText('Resolved by refund')).toBeVisible();
  await expect(resolved.getByText('Answer: Επιβεβαιώθηκε η διπλή χρέωση')).toBeVisible();
});
