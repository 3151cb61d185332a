import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 15 §3 and §7: the money loop in the browser. The demo merchant's administrator takes a
 * purchase on the virtual terminal with a demo card (approved, the balance left shown), then one
 * above what is left (declined: insufficient balance, in Greek and in English); the order manager
 * of the card's company then finds the purchase, with the merchant and store, on the card's panel
 * and the balance lowered by it.
 *
 * Needs only: the demo merchant user as administrator of a merchant with an enrolled terminal at a
 * store accepting Ticket Restaurant, and the demo cards (DEMO_SEED).
 */

const NBSP = '\u00a0';
/** The README's demo Ticket Restaurant card of Ακμή Τροφίμων (C1001), whose order manager is om1. */
const DEMO_MEAL_CARD = 'tok_demo_meal_c1001';

/** `1.234,56 €` → cents. */
function centsOf(text: string): number {
  const match = /(-?[\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number(match[1]!.replace(/\./g, '')) * 100 + Number(match[2]);
}

/** Cents → `1.234,56 €`, as the portal writes money in both languages. */
function money(cents: number): string {
  const euros = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${euros},${String(cents % 100).padStart(2, '0')}${NBSP}€`;
}

/** Types the amount and sends the purchase; returns the terminal's live region. */
async function sell(terminal: Locator, amount: string, submit: RegExp): Promise<Locator> {
  await terminal.getByLabel(/^(Ποσό|Amount)/).fill(amount);
  await terminal.getByRole('button', { name: submit }).click();
  return terminal.getByRole('status').last();
}

async function openTerminal(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  const terminal = page.getByRole('region', { name });
  await expect(terminal.getByRole('radio').first()).toBeVisible();
  return terminal;
}

test('a merchant sells on the virtual terminal, and the company sees the purchase on the card', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(page, 'merchant@tessera.demo');
  const terminal = await openTerminal(page, '/merchant', 'Εικονικό τερματικό');

  const cardSelect = terminal.getByLabel(/^Κάρτα επίδειξης/, { exact: false }).and(page.locator('select'));
  await expect(cardSelect.locator('option').first()).toBeAttached();
  // The published demo meal card (README): chosen by its token, which no purchase changes.
  const chosen = (await cardSelect.locator(`option[value="${DEMO_MEAL_CARD}"]`).textContent()) ?? '';
  if (!chosen.includes('C1001')) throw new Error(`the demo meal card is not offered (${chosen})`);
  await cardSelect.selectOption({ value: DEMO_MEAL_CARD });
  const [holder = '', masked = ''] = chosen.split(' · ');
  const last4 = masked.replace(/\D/g, '');
  const before = centsOf(chosen.slice(chosen.lastIndexOf('υπόλοιπο')));

  // 1. A small purchase: approved, with its authorisation id and the balance left.
  const approved = await sell(terminal, '3,50', /^Έγκριση 3,50/);
  await expect(approved).toContainText('Εγκρίθηκε');
  await expect(approved).toContainText(`Υπόλοιπο κάρτας${money(before - 350)}`);
  await expect(approved).toContainText('Κωδικός έγκρισης');

  // 2. More than is left: declined, with the reason in Greek.
  const above = before - 350 + 100;
  await cardSelect.selectOption({ value: DEMO_MEAL_CARD });
  const declined = await sell(terminal, money(above).replace(`${NBSP}€`, ''), /^Έγκριση /);
  await expect(declined).toContainText('Απορρίφθηκε');
  await expect(declined).toContainText('Ανεπαρκές υπόλοιπο');
  await expectAccessible(page, '/merchant (virtual terminal, declined)');
  await screenshot(page, 'virtual-terminal-el');

  // 3. The same in English: the reason comes translated by the server.
  const english = await openTerminal(page, '/en/merchant', 'Virtual terminal');
  const englishCards = english.getByLabel(/^Demo card/).and(page.locator('select'));
  await englishCards.selectOption({ value: DEMO_MEAL_CARD });
  const declinedEn = await sell(english, money(above).replace(`${NBSP}€`, ''), /^Authorise /);
  await expect(declinedEn).toContainText('Declined');
  await expect(declinedEn).toContainText('Insufficient balance');
  await screenshot(page, 'virtual-terminal-en');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(english.getByRole('button', { name: /^Authorise / })).toBeVisible();
  await screenshot(page, 'virtual-terminal-en-360');

  // 4. The order manager of the card's company: the purchase on the card's panel (without where it
  // was made, ADR 049), the balance lower.
  const company = await browser.newContext();
  const om = await company.newPage();
  await om.setViewportSize({ width: 1440, height: 1000 });
  await signInAs(om, 'om1@tessera.demo');
  await om.goto('/card-list');
  const table = om.getByRole('table', { name: /^Κάρτες της εταιρείας/ });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await om.getByLabel(/^Αναζήτηση/).fill(last4);
  const row = table.getByRole('row').filter({ hasText: holder }).filter({ hasText: last4 });
  await expect(row).toHaveCount(1);
  await row.getByRole('button').first().click();
  const panel = om.getByRole('dialog');
  const movements = panel.getByRole('region', { name: 'Πρόσφατες κινήσεις' });
  const purchase = movements.getByRole('listitem').first();
  await expect(purchase).toContainText('Αγορά');
  // Issue 35 §7 (ADR 049): the employer sees when and how much, not the merchant or the store.
  await expect(purchase).not.toContainText(' · ');
  await expect(purchase).toContainText(`−3,50${NBSP}€`);
  await expect(
    panel.getByText('Υπόλοιπο', { exact: true }).locator('xpath=following-sibling::dd'),
  ).toHaveText(money(before - 350));
  await expectAccessible(om, '/card-list (card panel with movements)');
  await screenshot(om, 'card-movements-el');

  // In English at 360 px: "Purchase" and the same amount format.
  await om.goto('/en/card-list');
  await om.getByLabel(/^Search/).fill(last4);
  const rowEn = om
    .getByRole('table', { name: /^Your company's cards/ })
    .getByRole('row')
    .filter({ hasText: holder })
    .filter({ hasText: last4 });
  await rowEn.getByRole('button').first().click();
  const movementsEn = om.getByRole('dialog').getByRole('region', { name: 'Recent movements' });
  await expect(movementsEn.getByRole('listitem').first()).toContainText('Purchase');
  await om.setViewportSize({ width: 360, height: 800 });
  // The panel is a drawer over the page: what the phone shows of it, not the page below.
  await movementsEn
    .getByRole('heading', { name: 'Recent movements' })
    .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
  await om.screenshot({ path: '.tmp/screenshots/card-movements-en-360.png' });
  await company.close();
});
