import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 13 on a 360 px phone: what the user must see or type (the load amount, an order's status
 * and total, a card's status and balance) is on screen, not behind a sideways scroll. The tables of
 * the company side become lists of cards below 992 px.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** The element lies wholly within the screen's width, and the page itself does not scroll sideways. */
async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow of the page').toBeLessThanOrEqual(0);
}

test('the load amounts, the order totals and statuses, the card balances are on a phone’s screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'om1@tessera.demo');

  // The card-issue flow: a ready-to-top-up draft, each card's amount to type.
  await page.goto('/card-load');
  await page.getByRole('button', { name: 'Δημιουργία πρόχειρου για Spendeo' }).click();
  await expect(page).toHaveURL(/\/card-issue\/info\/[0-9a-f-]{36}/);
  const lines = page.getByRole('list', { name: 'Επιλεγμένες κάρτες' });
  const amount = lines.getByLabel(/^Ποσό φόρτισης για/).first();
  await expectWithinWidth(page, amount);
  await amount.fill('40');
  await expectWithinWidth(page, lines.getByRole('button', { name: /^Αφαίρεση κάρτας/ }).first());
  await screenshot(page, 'phone-card-issue-el');

  // The order history: each order's number, status and total.
  await page.goto('/orders/order-history');
  const orders = page.getByRole('list', { name: 'Παραγγελίες της εταιρείας' });
  const order = orders.getByRole('listitem').first();
  await expectWithinWidth(page, order);
  await expect(order.getByRole('term').first()).toHaveText('Σύνολο');
  await expectWithinWidth(page, order.getByRole('definition').first());
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page, '/orders/order-history at 360 px');

  // The card list: each card's status and balance, and the sort without column headers.
  await page.goto('/card-list');
  const cards = page.getByRole('list', { name: /^Κάρτες της εταιρείας, ταξινομημένες/ });
  const card = cards.getByRole('listitem').first();
  await expectWithinWidth(page, card);
  await expect(card.getByRole('term').first()).toHaveText('Υπόλοιπο');
  await expect(
    card.getByText(/^(Ενεργή|Σε φραγή|Ληγμένη|Απολεσθείσα|Κατεστραμμένη|Αντικαταστάθηκε)$/).first(),
  ).toBeVisible();
  // While the new order loads, the list stays on screen faded (`aria-busy`): scan the page it ends
  // on, once the sorted page has arrived (before the request, the list is not busy yet either).
  const sorted = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/accounts/cardFilter') &&
      (response.request().postData() ?? '').includes('"sort":"balance"'),
  );
  await page.getByLabel('Ταξινόμηση κατά').selectOption('balance');
  await expect(page).toHaveURL(/sort=balance/);
  await sorted;
  await expect(cards).not.toHaveAttribute('aria-busy', 'true');
  await expectAccessible(page, '/card-list at 360 px');
  await screenshot(page, 'phone-card-list-el');
});
