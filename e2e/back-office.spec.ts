import type { Page } from '@playwright/test';
import { completeGreekTaxId } from '../domain/src/greek';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';
import { newSpendeoCardToPayment, submitWith } from './order-journey';

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
  await expect(care.getByRole('heading', { level: 1, name: 'Κέντρο διαχείρισης' })).toBeVisible();
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
  // Staff add the point in a dialog on the company's list (the new-point page is the order manager's).
  await care.getByRole('button', { name: 'Νέο σημείο παράδοσης' }).click();
  const pointForm = care.getByRole('dialog');
  await pointForm.getByLabel(/^Όνομα σημείου/).fill('Αποθήκη Ελευσίνας');
  await pointForm.getByLabel(/^Οδός/).fill('Λεωφόρος ΝΑΤΟ');
  await pointForm.getByLabel(/^Αριθμός/).fill('12');
  await pointForm.getByLabel(/^Ταχυδρομικός κώδικας/).fill('192 00');
  await pointForm.getByLabel(/^Πόλη/).fill('Ελευσίνα');
  await pointForm.getByLabel(/^Περιφέρεια/).selectOption({ index: 1 });
  await pointForm.getByLabel(/^Ονοματεπώνυμο/).fill('Νίκος Παππάς');
  await pointForm.getByLabel(/^Τηλέφωνο/).fill('210 554 0000');
  await pointForm.getByRole('button', { name: 'Αποθήκευση σημείου' }).click();
  await expect(
    care.getByRole('status').filter({ hasText: 'Το «Αποθήκη Ελευσίνας» είναι πλέον διαθέσιμο' }),
  ).toBeVisible();
  await expect(care.getByText('Αποθήκη Ελευσίνας').first()).toBeVisible();
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
  // The previous (unfiltered) page stays on screen while the filtered one loads, and it holds the
  // acting session's own entries with the same reason: wait for the filtered answer first.
  const filtered = admin.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/v1/audit/entries' &&
      new URL(response.url()).searchParams.get('entity') === 'delivery-point',
  );
  await admin.getByRole('button', { name: 'Εφαρμογή' }).click();
  await filtered;
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

type Mail = { subject: string; text: string; to: string };

/** The mails sent to `email`, newest first, read through a provider admin's session (mailbox: role 1). */
async function mailsTo(page: Page, email: string): Promise<Mail[]> {
  const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

/**
 * Issue 18 §9: a new client onboarded from the browser. The provider admin creates the company and
 * its order manager; the order manager finds the confirmation mail, sets a password, signs in, adds
 * a delivery point and orders a card, and the order waits for its payment.
 */
test('the admin onboards a company and its order manager, who confirms, signs in and orders', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-7);
  const vat = completeGreekTaxId(`6${stamp}`);
  const email = `om.${stamp}@orizon.gr`;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin@tessera.demo');
  await admin.goto('/all-companies');
  await admin.getByRole('link', { name: 'Νέα εταιρεία' }).click();
  await admin.getByLabel(/^ΑΦΜ/).fill('123456789');
  await admin.getByLabel(/^Επωνυμία/).fill(`Ορίζων Logistics ${stamp} Α.Ε.`);
  await admin.getByLabel(/^Οδός/).fill('Λεωφόρος Συγγρού');
  await admin.getByLabel(/^Αριθμός/).fill('200');
  await admin.getByLabel(/^Ταχυδρομικός κώδικας/).fill('176 72');
  await admin.getByLabel(/^Πόλη/).fill('Καλλιθέα');
  await admin.getByRole('button', { name: 'Καταχώριση εταιρείας' }).click();
  // A wrong check digit is named at the field.
  await expect(
    admin
      .getByText(/ΑΦΜ/)
      .filter({ hasText: /έγκυρο|ψηφίο/ })
      .first(),
  ).toBeVisible();
  await admin.getByLabel(/^ΑΦΜ/).fill(vat);
  await admin.getByRole('button', { name: 'Καταχώριση εταιρείας' }).click();
  await expect(admin.getByText('Η εταιρεία καταχωρίστηκε.')).toBeVisible();
  await expect(admin).toHaveURL(/\/back-office\/companies\/C\d+\?created=1$/);
  const companyId = /\/companies\/(C\d+)/.exec(admin.url())![1]!;
  await screenshot(admin, 'new-company-el');

  await admin.goto('/back-office/users');
  await admin.getByRole('button', { name: 'Νέος χρήστης' }).click();
  const form = admin.getByRole('dialog', { name: 'Νέος χρήστης' });
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByRole('textbox', { name: /^Όνομα/ }).fill('Στέλιος');
  await form.getByRole('textbox', { name: /^Επώνυμο/ }).fill('Ορίζοντας');
  await form.getByRole('combobox', { name: 'Ρόλος' }).selectOption('3');
  await form.getByRole('combobox', { name: 'Γλώσσα email' }).selectOption('el');
  await form.getByRole('textbox', { name: /^Κωδικοί εταιρειών/ }).fill(companyId);
  await form.getByRole('button', { name: 'Δημιουργία και αποστολή email' }).click();
  await expect(
    admin.getByText(`Ο χρήστης δημιουργήθηκε και του στάλθηκε email επιβεβαίωσης στο ${email}.`),
  ).toBeVisible();
  await expect.poll(async () => (await mailsTo(admin, email)).length).toBeGreaterThan(0);
  const mail = (await mailsTo(admin, email))[0]!;
  const link = /https?:\/\/[^\s]+\/user\/reset\?token=[\w-]+&code_type=token/.exec(mail.text)![0];
  await adminContext.close();

  const omContext = await browser.newContext();
  const om = await omContext.newPage();
  await om.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await om.getByLabel(/^Νέος κωδικός/).fill('Ορίζων-Πύλη-2026');
  await om.getByLabel(/^Επανάληψη νέου κωδικού/).fill('Ορίζων-Πύλη-2026');
  await om.getByRole('button', { name: 'Αποθήκευση κωδικού' }).click();
  await expect(om.getByRole('status').filter({ hasText: 'Ο νέος κωδικός αποθηκεύτηκε' })).toBeVisible();
  await signInAs(om, email, 'el', 'Ορίζων-Πύλη-2026');
  await expect(om.getByRole('button', { name: /^Μενού προφίλ: Στέλιος/ })).toBeVisible();

  await om.goto('/delivery-points');
  await om.getByLabel(/^Όνομα σημείου/).fill('Έδρα Καλλιθέας');
  await om.getByLabel(/^Οδός/).fill('Λεωφόρος Συγγρού');
  await om.getByLabel(/^Αριθμός/).fill('200');
  await om.getByLabel(/^Ταχυδρομικός κώδικας/).fill('176 72');
  await om.getByLabel(/^Πόλη/).fill('Καλλιθέα');
  await om.getByLabel(/^Περιφέρεια/).selectOption({ index: 1 });
  await om.getByLabel(/^Ονοματεπώνυμο/).fill('Στέλιος Ορίζοντας');
  await om.getByLabel(/^Τηλέφωνο/).fill('210 940 0000');
  await om.getByRole('button', { name: 'Αποθήκευση σημείου' }).click();
  await expect(om.getByText('Το σημείο παράδοσης αποθηκεύτηκε')).toBeVisible();

  await newSpendeoCardToPayment(om, 'el', ['Ελπίδα', 'Νέα'], '80');
  await submitWith(om, 'el', 'rf');
  await expect(om.getByText(/RF\d{2}/).first()).toBeVisible();
  await om.goto('/orders/order-history');
  await expect(
    om
      .getByRole('table', { name: 'Παραγγελίες της εταιρείας' })
      .getByRole('cell', { name: 'Αναμονή πληρωμής' }),
  ).toBeVisible();
  await screenshot(om, 'new-company-first-order-el');
  await omContext.close();
});
