import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * The provider's back office (issue 18): customer care acts for a company with a reason and changes
 * its delivery points; the provider manager finds the change in the audit log under the agent's
 * name, with the reason, in Greek and in English.
 */
test('customer care acts for a company with a reason and the audit log shows it under the agent (Greek, English)', async ({
  browser,
}) => {
  const careContext = await browser.newContext();
  const care = await careContext.newPage();
  await signInAs(care, 'care@tessera.demo');
  await care.goto('/back-office');
  await expect(care.getByRole('heading', { level: 1, name: 'Back office' })).toBeVisible();
  await care.getByRole('link', { name: 'Εταιρείες' }).click();
  await care.getByLabel('Επωνυμία, ΑΦΜ ή κωδικός').fill('ακμη');
  await care.getByRole('button', { name: 'Αναζήτηση', exact: true }).click();
  await care.getByRole('button', { name: 'Ενέργεια για την εταιρεία: Ακμή Τροφίμων Α.Ε.' }).click();
  const dialog = care.getByRole('dialog');
  await dialog.getByLabel('Αιτιολογία').fill('Τηλεφώνημα: νέα αποθήκη στην Ελευσίνα');
  await screenshot(care, 'acting-reason-el');
  await dialog.getByRole('button', { name: 'Έναρξη' }).click();
  const banner = care.getByRole('region', { name: 'Ενεργείτε για λογαριασμό πελάτη' });
  await expect(
    banner.getByText('Ενεργείτε για λογαριασμό της εταιρείας Ακμή Τροφίμων Α.Ε. (C1001)'),
  ).toBeVisible();
  await expect(banner.getByText('Αιτιολογία: Τηλεφώνημα: νέα αποθήκη στην Ελευσίνα')).toBeVisible();

  await care.goto('/account/delivery-points');
  await care.getByRole('link', { name: 'Νέο σημείο παράδοσης' }).first().click();
  await care.getByLabel(/^Όνομα σημείου/).fill('Αποθήκη Ελευσίνας');
  await care.getByLabel(/^Οδός/).fill('Λεωφόρος ΝΑΤΟ');
  await care.getByLabel(/^Αριθμός/).fill('12');
  await care.getByLabel(/^Ταχυδρομικός κώδικας/).fill('192 00');
  await care.getByLabel(/^Πόλη/).fill('Ελευσίνα');
  await care.getByLabel(/^Περιφέρεια/).selectOption({ index: 1 });
  await care.getByLabel(/^Ονοματεπώνυμο/).fill('Νίκος Παππάς');
  await care.getByLabel(/^Τηλέφωνο/).fill('210 554 0000');
  await care.getByRole('button', { name: 'Αποθήκευση σημείου' }).click();
  await expect(care.getByText('Το σημείο παράδοσης αποθηκεύτηκε')).toBeVisible();
  await expect(banner).toBeVisible();
  await screenshot(care, 'acting-banner-el');
  await banner.getByRole('button', { name: 'Τέλος ενέργειας' }).click();
  await expect(care).toHaveURL(/\/back-office$/);
  await expect(banner).toHaveCount(0);
  await careContext.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin@tessera.demo');
  await admin.goto('/back-office/audit');
  await admin.getByLabel('Χρήστης (όνομα ή email)').fill('care@tessera.demo');
  await admin.getByLabel('Οντότητα').selectOption('delivery-point');
  await admin.getByRole('button', { name: 'Εφαρμογή' }).click();
  const row = admin.getByRole('row').filter({ hasText: 'Τηλεφώνημα: νέα αποθήκη στην Ελευσίνα' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ακμή Τροφίμων Α.Ε. (C1001)');
  await expect(row).toContainText('Εξυπηρέτηση πελατών');
  await row.getByRole('button', { name: /^Λεπτομέρειες εγγραφής/ }).click();
  await expect(admin.getByText(/Αποθήκη Ελευσίνας/).first()).toBeVisible();
  await expectAccessible(admin, '/back-office/audit');
  await screenshot(admin, 'audit-log-el');

  const download = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'Εξαγωγή σε Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await admin.goto('/en/back-office/audit?person=care%40tessera.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(
    admin.getByRole('row').filter({ hasText: 'Τηλεφώνημα: νέα αποθήκη στην Ελευσίνα' }).first(),
  ).toContainText('Customer care');
  await expectAccessible(admin, '/en/back-office/audit');
  await screenshot(admin, 'audit-log-en');
  await adminContext.close();

  // The company's order manager sees the same change in the company's own log.
  const omContext = await browser.newContext();
  const om = await omContext.newPage();
  await signInAs(om, 'om1@tessera.demo');
  await om.goto('/account/audit');
  await expect(
    om.getByRole('row').filter({ hasText: 'Τηλεφώνημα: νέα αποθήκη στην Ελευσίνα' }).first(),
  ).toBeVisible();
  await omContext.close();
});
