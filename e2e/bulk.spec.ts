import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 7 journey (ADR 011): the order manager downloads the empty template for new cards, fills
 * it, uploads it, watches it being read, fixes a bad amount in place, makes the draft and pays it
 * at the sandbox bank.
 */
test('a bulk order of new cards: template, upload, fix in place, draft, pay', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'om1@tessera.demo');
  await page.goto('/card-load/upload?purpose=new');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Μαζική φόρτιση ή παραγγελία με Excel' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Παραγγελία νέων καρτών' }).check();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Κατεβάστε το κενό πρότυπο' }).click();
  const template = readFileSync((await (await download).path())!);

  // Fill the template as a person would: three cardholders, one amount too small.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = workbook.worksheets.find((candidate) =>
    (candidate.getRow(1).values as unknown[]).includes('Προϊόν'),
  )!;
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const column = (name: string) => headers.indexOf(name);
  const rows = [
    ['Ticket Restaurant', 'Ψηφιακή', 'Οικονόμου', 'Δανάη', '150'],
    ['Ticket Restaurant', 'Ψηφιακή', 'Χατζής', 'Λευτέρης', '120,50'],
    ['Ticket Restaurant', 'Ψηφιακή', 'Πετρίδου', 'Ηρώ', '1'],
  ];
  rows.forEach((values, index) => {
    const row = sheet.getRow(index + 2);
    ['Προϊόν', 'Οικογένεια', 'Επώνυμο', 'Όνομα', 'Ποσό (€)'].forEach((name, at) => {
      row.getCell(column(name)).value = values[at]!;
    });
    row.commit();
  });
  const filled = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByLabel('Αρχείο Excel ή CSV').setInputFiles({
    name: 'νέες-κάρτες.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await page.getByRole('button', { name: 'Ανέβασμα και έλεγχος' }).click();
  await expect(page.getByRole('heading', { name: 'Έλεγχος και διορθώσεις' })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, '/card-load/upload preview');
  await screenshot(page, 'bulk-preview-el');

  // Row 4 (the third data row) is the one with the amount below the product's minimum.
  await expect(page.getByRole('list', { name: 'Προβλήματα της γραμμής 4' })).toBeVisible();
  await page.getByRole('button', { name: 'Διόρθωση γραμμής 4' }).click();
  const dialog = page.getByRole('dialog', { name: 'Διόρθωση γραμμής 4' });
  await dialog.getByLabel('Ποσό (€)').fill('90');
  await dialog.getByRole('button', { name: 'Αποθήκευση και έλεγχος' }).click();
  await expect(page.getByRole('list', { name: 'Προβλήματα της γραμμής 4' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Δημιουργία πρόχειρων' }).click();
  await expect(
    page.getByRole('heading', {
      name: /^(Η πρόχειρη παραγγελία δημιουργήθηκε|Οι πρόχειρες παραγγελίες δημιουργήθηκαν)$/,
    }),
  ).toBeVisible();
  await page
    .getByRole('link', { name: /^Συνέχεια: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/card-issue\/info\/[0-9a-f-]{36}/);
  await page.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }).click();
  await expect(page.getByRole('heading', { name: 'Επισκόπηση παραγγελίας' })).toBeVisible();
  await expect(page.getByText(/Δανάη Οικονόμου/).first()).toBeVisible();
  await expect(page.getByText(/Ηρώ Πετρίδου/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Συνέχεια στην πληρωμή' }).click();
  await page.getByRole('radio', { name: /^Κάρτα \(VISA\) μέσω τράπεζας/ }).check();
  await page.getByRole('button', { name: 'Υποβολή και πληρωμή' }).click();
  await page.waitForURL(/\/sandbox\/bank\/pay\?session=/);
  await page.getByRole('button', { name: /^Έγκριση πληρωμής/ }).click();
  await page.waitForURL(/\/orders\/payment\/success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Η πληρωμή ολοκληρώθηκε' })).toBeVisible();
});
