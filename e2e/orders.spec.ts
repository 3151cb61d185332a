import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';
import { atTheBank, newSpendeoCardToPayment, submitWith } from './order-journey';

/**
 * Order journeys on the demo data (ADR 010): new cards ordered, paid through the sandbox bank and
 * seen in the card list with their balances; a payment manager approving a waiting order.
 */

test('an order manager orders new cards, pays by card at the bank, and finds them loaded', async ({
  page,
}) => {
  await signInAs(page, 'om1@tessera.demo');
  await newSpendeoCardToPayment(page, 'el', ['Ευανθία', 'Σταυροπούλου'], '120');
  await screenshot(page, 'payment-step-el');
  await expectAccessible(page, 'payment step');
  await submitWith(page, 'el', 'visa');
  await atTheBank(page, 'Έγκριση πληρωμής');
  await page.waitForURL(/\/orders\/payment\/success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Η πληρωμή ολοκληρώθηκε' })).toBeVisible();
  await expectAccessible(page, '/orders/payment/success');
  await screenshot(page, 'payment-success-el');
  await page.getByRole('main').getByRole('link', { name: 'Οι κάρτες μου' }).click();
  await expect(page).toHaveURL(/\/card-list/);
  await page.goto('/card-list?product=SPENDEO');
  await page.getByLabel(/^Αναζήτηση/).fill('Σταυροπούλου');
  const table = page.getByRole('table', { name: /^Κάρτες της εταιρείας/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('120,00\u00a0€');
});

test('a payment manager approves an order waiting for approval', async ({ page }) => {
  await signInAs(page, 'payment@tessera.demo');
  await page.goto('/company-select');
  await page.getByRole('button', { name: 'Επιλογή Ελαιώνας Λογιστική Ι.Κ.Ε.' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/paymentManager');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/paymentManager');
  await screenshot(page, 'payment-manager-el');
  const row = page.getByRole('row').filter({ hasText: 'Δώρο Χριστουγέννων' });
  await row.getByRole('button', { name: /^Έγκριση παραγγελίας #\d+/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ναι, έγκριση' }).click();
  await expect(page.getByText(/Η παραγγελία #\d+ εγκρίθηκε και περιμένει πληρωμή/)).toBeVisible();
});
