import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * The back office's production queue and client errors (issue 18 §7–8, ADR 026) on the demo data:
 * the demo's paid plastic-card order of Ακμή Τροφίμων waits in production.
 */

test('customer care batches the demo plastic order, downloads the embossing file, ships and delivers it', async ({
  page,
}) => {
  await signInAs(page, 'care@tessera.demo');
  await page.goto('/back-office/fulfilment');
  await expect(page.getByRole('heading', { level: 1, name: 'Παραγωγή και αποστολή καρτών' })).toBeVisible();
  const queue = page.getByRole('table', { name: 'Ουρά παραγωγής' });
  const row = queue.getByRole('row').filter({ hasText: 'Νέοι συνάδελφοι' });
  await expect(row).toBeVisible();
  await expectAccessible(page, '/back-office/fulfilment');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Δημιουργία παρτίδας με 1 παραγγελία' }).click();
  await expect(page.getByText('Η παρτίδα δημιουργήθηκε με 1 παραγγελία.')).toBeVisible();
  const batch = page.getByRole('region', { name: /^Παρτίδα #\d+$/ }).first();
  await expect(batch.getByRole('cell', { name: 'Σε παραγωγή' })).toBeVisible();
  await screenshot(page, 'fulfilment-el');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('link', { name: /^Λήψη αρχείου ανάγλυφης εκτύπωσης/ }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(
    /^BATCH_NO;ORDER_NO;LINE_NO;EMBOSS_NAME;EMBOSS_LINE2;PRODUCT_CODE;CARD_REF;CARD_LAST4;/,
  );
  expect(lines.map((line) => line.split(';')[3])).toEqual([
    'EMBOSS_NAME',
    'ATHANASIA RIGA',
    'STEFANOS LAMPROU',
  ]);
  expect(csv).not.toMatch(/\d{13}/);

  await batch.getByLabel(/^Αριθμός αποστολής της παραγγελίας #\d+$/).fill('7300112233');
  await batch.getByLabel('Εταιρεία ταχυμεταφορών').selectOption('ACS');
  await batch.getByRole('button', { name: 'Καταχώριση αποστολής 1 παραγγελίας' }).click();
  await expect(batch.getByText('Απεσταλμένη')).toBeVisible();
  await expect(batch.getByText('ACS Courier · 7300112233')).toBeVisible();
  await batch.getByRole('button', { name: /^Η παραγγελία #\d+ παραδόθηκε$/ }).click();
  await expect(batch.getByText('Παραδομένη')).toBeVisible();
});

test('an uncaught error reaches the administrator’s client errors page, its card number removed', async ({
  page,
}) => {
  await signInAs(page, 'admin@tessera.demo', 'en');
  const beacon = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/log');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e checkout failed for 4111 1111 1111 1111');
    });
  });
  await beacon;
  await page.goto('/en/back-office/client-errors');
  await expect(page.getByRole('heading', { level: 1, name: 'Client errors' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Client errors' });
  await expect(table.getByText('Error: e2e checkout failed for [card]')).toBeVisible();
  await expect(table).not.toContainText('4111');
  await expectAccessible(page, '/en/back-office/client-errors');
  await screenshot(page, 'client-errors-en');
});
