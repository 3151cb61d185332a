import { pdfText } from '../server/test/pdf-text';
import { expect, screenshot, signInAs, test } from './fixtures';
import { atTheBank, newSpendeoCardToPayment, submitWith } from './order-journey';

/**
 * Payment journeys on the demo data (ADR 010): a declined card payment retried; an RF order waiting
 * until the bank statement matches it, and its proforma PDF with Greek text.
 */

test('a declined payment lands on the failure page and a retry succeeds, in English', async ({ page }) => {
  await signInAs(page, 'om1@tessera.demo', 'en');
  await newSpendeoCardToPayment(page, 'en', ['Petros', 'Alexiou'], '80');
  await submitWith(page, 'en', 'visa');
  await atTheBank(page, 'Απόρριψη από την τράπεζα');
  await page.waitForURL(/\/en\/orders\/payment\/failure/);
  await expect(page.getByRole('heading', { level: 1, name: 'The payment did not go through' })).toBeVisible();
  await expect(page.getByText('Nothing was charged')).toBeVisible();
  await screenshot(page, 'payment-failure-en');
  await page.getByRole('radio', { name: /^Card \(VISA\) through the bank/ }).check();
  await page.getByRole('button', { name: /^(Pay by card|Continue to payment)$/ }).click();
  await atTheBank(page, 'Έγκριση πληρωμής');
  await page.waitForURL(/\/en\/orders\/payment\/success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
});

test('an RF order waits for the bank until a statement line matches it; its proforma shows Greek', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'om1@tessera.demo');
  await newSpendeoCardToPayment(page, 'el', ['Κωνσταντίνα', 'Μπέη'], '50');
  await submitWith(page, 'el', 'rf');
  const rf = page.getByText(/^RF\d{2}( \d{4}){3}$/).first();
  await expect(rf).toBeVisible();
  const rfCode = (await rf.textContent())!.trim();
  await screenshot(page, 'payment-rf-el');
  await page
    .getByRole('link', { name: /Λεπτομέρειες παραγγελίας|Παραγγελία #/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Παραγγελία #\d+/ })).toBeVisible();
  await expect(page.getByText('Αναμονή πληρωμής').first()).toBeVisible();
  const total =
    (await page
      .getByText(/^Σύνολο πληρωμής/)
      .locator('..')
      .textContent()) ?? '';
  const amount = /([\d.]+,\d{2})/.exec(total)?.[1] ?? '';
  expect(amount).not.toBe('');

  // The proforma opens as a PDF whose text is Greek.
  const pdfUrl = await page.getByRole('link', { name: 'Λήψη προτιμολογίου (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain('Προτιμολόγιο');
  expect(text).toContain(rfCode);

  // The provider's staff import the bank statement with the transfer.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInAs(admin, 'admin@tessera.demo');
  await admin.goto('/all-companies');
  const csv = `id;date;amount;reference;payer\nE2E-${Date.now()};2026-11-22;${amount};ΕΞΟΦΛΗΣΗ ${rfCode};ΑΚΜΗ ΤΡΟΦΙΜΩΝ`;
  await admin.getByLabel('Αρχείο κίνησης (CSV)').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await admin.getByRole('button', { name: 'Εισαγωγή κίνησης' }).click();
  await expect(admin.getByText(/Εξοφλήθηκε η παραγγελία #\d+/)).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: '1 γραμμή αντιστοιχίστηκε' })).toBeVisible();
  await screenshot(admin, 'bank-statement-el');
  await staff.close();

  await page.reload();
  await expect(page.getByText('Σε παραγωγή').first()).toBeVisible();
});
