import { formatAmount } from '../domain/src/money';
import { expect, expectAccessible, signInAs, test } from './fixtures';

/**
 * The provider's payout desk (issue 34 §1, ADR 042) on the demo data, as provider staff: in Greek a
 * till is suspended and resumed, each with a reason; in English a payout file shows its control
 * figures, and a payout the bank returned goes back on the merchant's balance.
 */

/** `1.234,56 €` (both languages) as cents. */
function centsOf(text: string): number {
  const match = /(-?[\d.]+,\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(match[1]!.replaceAll('.', '').replace(',', '.')) * 100);
}

test('provider staff suspend and resume a till with a reason, and record a payout returned by the bank', async ({
  page,
}) => {
  await signInAs(page, 'admin@tessera.demo');
  await page.goto('/back-office/terminals');
  await expect(page.getByRole('heading', { level: 1, name: 'Τερματικά' })).toBeVisible();
  await expect(page.getByText(/^\d+ τερματικά περιμένουν ενεργοποίηση/)).toBeVisible();
  await expectAccessible(page, '/back-office/terminals');

  await page.getByRole('button', { name: 'Αναστολή του τερματικού Ταμείο 2 (MID 20020102)' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Αιτιολογία/).fill('Έλεγχος για ύποπτες επιστροφές');
  await dialog.getByRole('button', { name: 'Αναστολή' }).click();
  await expect(page.getByText('Το MID 20020102 του εμπόρου Φρέσκο Μάρκετ τέθηκε σε αναστολή.')).toBeVisible();

  await page.getByRole('button', { name: 'Επανενεργοποίηση του τερματικού Ταμείο 2 (MID 20020102)' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Αιτιολογία/).fill('Ο έλεγχος ολοκληρώθηκε χωρίς ευρήματα');
  await dialog.getByRole('button', { name: 'Επανενεργοποίηση' }).click();
  await expect(
    page.getByText('Το MID 20020102 του εμπόρου Φρέσκο Μάρκετ ενεργοποιήθηκε ξανά.'),
  ).toBeVisible();

  await page.goto('/en/back-office/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant payouts' })).toBeVisible();
  const file = page.getByRole('region', { name: /^Payout file TSP/ }).first();
  await expect(file.getByText(/^Transactions: [1-9]\d* · Control sum: [\d.]+,\d{2}\s€$/)).toBeVisible();
  await expectAccessible(page, '/en/back-office/payouts');
  // The newest payout that left: its merchant's balance before and after the bank returns it.
  const returnButton = page
    .getByRole('button', { name: /^Mark returned by the bank the payout of / })
    .first();
  const label = (await returnButton.getAttribute('aria-label')) ?? '';
  const merchant = /payout of (.+) for \d/.exec(label)![1]!;
  const balance = page.getByRole('row').filter({ hasText: `${merchant} (M` });
  const before = centsOf((await balance.textContent()) ?? '');
  await returnButton.click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Reason/).fill('AC04 closed account');
  await dialog.getByRole('button', { name: 'Record the return' }).click();
  const done = page.getByText(`to ${merchant} is recorded as returned.`, { exact: false });
  await expect(done).toBeVisible();
  const amount = centsOf((await done.textContent()) ?? '');
  // The merchant's balance holds the returned amount again (the ledger's reversal).
  await expect(balance).toContainText(formatAmount(before + amount));
});
