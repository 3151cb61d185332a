import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  nextDemoCode,
  screenshot,
  signInAs,
  test,
} from './fixtures';

/**
 * Step-up for money (issue 21 §2, ADR 031) in Chromium, Greek then English: the provider's
 * administrator signs in with a code and has the browser remembered; signing in again skips the
 * code, so approving a large order of Ελαιώνας (C1002, above its threshold) asks for a fresh one.
 * Cancelled, the order stays waiting; with a wrong code the dialog says so beside the field; with
 * the current code the same approval goes through.
 */

const ADMIN = 'admin@tessera.demo';

/** An order of Ελαιώνας above its approval threshold, submitted by its order manager through the API. */
async function largeOrderOfOm3(page: Page, alias: string): Promise<number> {
  await signInAs(page, 'om3@tessera.demo');
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const headers = { companyid: 'C1002', 'x-csrf-token': csrfToken };
  const saved = await page.request.post('/api/v1/orders/saveDraftOrder', {
    headers,
    data: {
      reason: 'new-card',
      orderType: 'NEW',
      product: 'TICKET_RESTAURANT',
      family: 'virtual',
      draftOrderAlias: alias,
      // Five cards of 450,00 €: 2.250,00 €, above Ελαιώνας's threshold of 2.000,00 €.
      cards: Array.from({ length: 5 }, (_, index) => ({
        tempCardId: `step-up-${index}`,
        cardId: null,
        cardholderId: null,
        cardholder: {
          firstName: 'Ελένη',
          lastName: `Στεφάνου ${index + 1}`,
          email: '',
          phone: '',
          employeeCode: '',
          taxId: '',
        },
        cardName: '',
        amountCents: 45_000,
      })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { draftOrder } = (await saved.json()) as { draftOrder: { draftId: string } };
  const submitted = await page.request.post('/api/v1/orders/submitPaymentOm', {
    headers,
    data: { draftId: draftOrder.draftId, method: 'RF' },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const { order } = (await submitted.json()) as { order: { orderNumber: number; status: string } };
  expect(order.status).toBe('awaiting_approval');
  return order.orderNumber;
}

test('approving a large order asks a remembered administrator for a fresh code (Greek, then English)', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const alias = `Μπόνους στόχων ${Date.now() % 100_000}`;
  const maker = await browser.newPage();
  const number = await largeOrderOfOm3(maker, alias);
  await maker.close();

  // Signs in with the code and has this browser remembered for 30 days.
  await page.goto('/user/login');
  await page.waitForURL(/\/user\/login\?uid=/);
  await page.getByLabel(/^Email/).fill(ADMIN);
  await page.getByLabel(/^Κωδικός πρόσβασης/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await page.getByLabel(/^Κωδικός επαλήθευσης/).fill(await nextDemoCode(ADMIN));
  await page.getByRole('checkbox', { name: 'Απομνημόνευση αυτής της συσκευής για 30 ημέρες' }).check();
  await page.getByRole('button', { name: 'Επαλήθευση', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Μενού προφίλ/ })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /^Μενού προφίλ/ }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Αποσύνδεση' }).click();
  await expect(page).toHaveURL(/\/logout$/);

  // Again: the remembered browser skips the code, so the session holds no fresh second factor.
  await page.goto('/user/login');
  await page.waitForURL(/\/user\/login\?uid=/);
  await page.getByLabel(/^Email/).fill(ADMIN);
  await page.getByLabel(/^Κωδικός πρόσβασης/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Σύνδεση', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Μενού προφίλ/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel(/^Κωδικός επαλήθευσης/)).toHaveCount(0);

  // Acts for Ελαιώνας, with a reason, and approves the order.
  await page.goto('/all-companies');
  await page.getByLabel('Επωνυμία, ΑΦΜ ή κωδικός').fill('Ελαιώνας');
  await page.getByRole('button', { name: 'Αναζήτηση', exact: true }).click();
  await page.getByRole('button', { name: 'Ενέργεια για την εταιρεία: Ελαιώνας Λογιστική Ι.Κ.Ε.' }).click();
  await page
    .getByRole('dialog')
    .getByLabel('Αιτιολογία')
    .fill('Έγκριση μεγάλης παραγγελίας κατόπιν αιτήματος');
  await page.getByRole('dialog').getByRole('button', { name: 'Έναρξη' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  await page.goto('/paymentManager');
  const row = page.getByRole('row').filter({ hasText: alias });
  await row.getByRole('button', { name: `Έγκριση παραγγελίας #${number}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ναι, έγκριση' }).click();
  const stepUp = page.getByRole('dialog', { name: 'Επιβεβαίωση με τον κωδικό σας' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByText(/τρέχοντα κωδικό της εφαρμογής επαλήθευσης/)).toBeVisible();
  await expectAccessible(page, 'the step-up dialog');
  await screenshot(page, 'step-up-el');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'step-up-el-360');
  await page.setViewportSize({ width: 1440, height: 900 });
  // Cancelled: the approval stays refused, with the reason, and the order waits.
  await stepUp.getByRole('button', { name: 'Ακύρωση' }).click();
  const refused = page.getByRole('dialog').filter({ hasText: /πληκτρολογήστε τον τρέχοντα κωδικό/ });
  await expect(refused).toBeVisible();
  await refused.getByRole('button', { name: 'Εντάξει' }).click();
  await page.reload();
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: alias })
      .getByRole('button', { name: `Έγκριση παραγγελίας #${number}` }),
  ).toBeVisible();

  // English: a wrong code stays beside the field; the current one approves.
  await page.goto('/en/paymentManager');
  await page
    .getByRole('row')
    .filter({ hasText: alias })
    .getByRole('button', { name: `Approve order #${number}` })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, approve' }).click();
  const stepUpEn = page.getByRole('dialog', { name: 'Confirm with your code' });
  await expect(stepUpEn).toBeVisible();
  await stepUpEn.getByLabel(/^Verification code/).fill('000000');
  await stepUpEn.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUpEn.getByText(/wrong, has expired or was already used/)).toBeVisible();
  await screenshot(page, 'step-up-en');
  await stepUpEn.getByLabel(/^Verification code/).fill(await nextDemoCode(ADMIN));
  await stepUpEn.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Order #${number} was approved and awaits payment.`)).toBeVisible();
  await expect(stepUpEn).toHaveCount(0);
});
