import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 5 journeys on the demo data: a load from the card list's panel through info and overview
 * to the payment step, the draft resumed in a fresh browser from /draft-orders with nothing lost;
 * the expired flow's date; ready to top up landing on its draft.
 */

test('loads a card from the card list, reaches payment, and resumes the draft in a new browser', async ({
  browser,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await signInAs(page, 'om1@tessera.demo');
  await page.goto('/card-list?status=active&product=SPENDEO');
  const table = page.getByRole('table', { name: /^Κάρτες της εταιρείας/ });
  await table.getByRole('row').nth(1).getByRole('button').first().click();
  const panel = page.getByRole('dialog');
  await panel.getByRole('link', { name: 'Φόρτιση κάρτας' }).click();

  await expect(page).toHaveURL(/\/card-issue\/info/);
  await expect(page.getByRole('heading', { name: 'Στοιχεία παραγγελίας' })).toBeVisible();
  const amount = page.getByLabel(/^Ποσό φόρτισης για/).first();
  await amount.fill('5');
  await page.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }).click();
  await expect(page.getByText(/από 10,00\s€ έως/).first()).toBeVisible();
  await amount.fill('75,50');
  await page
    .getByLabel(/^Όνομα πρόχειρου|^Ψευδώνυμο|^Όνομα παραγγελίας/)
    .first()
    .fill('Φόρτιση Spendeo Νοεμβρίου');
  await page.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }).click();

  await expect(page.getByRole('heading', { name: 'Επισκόπηση παραγγελίας' })).toBeVisible();
  await expect(page.getByText('75,50\u00a0€').first()).toBeVisible();
  await expectAccessible(page, '/card-issue/info overview');
  await screenshot(page, 'card-issue-overview-el');
  await page.getByRole('button', { name: 'Συνέχεια στην πληρωμή' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Τρόπος πληρωμής' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Υποβολή και πληρωμή' })).toBeVisible();
  await expect(page).toHaveURL(/\/card-issue\/info\/[0-9a-f-]{36}/);
  const draftUrl = new URL(page.url()).pathname;
  await first.close();

  // A new browser: nothing stored locally; the draft comes back from the server.
  const second = await browser.newContext();
  const again = await second.newPage();
  await signInAs(again, 'om1@tessera.demo');
  await again.goto('/draft-orders');
  await expect(again.getByRole('heading', { level: 1, name: 'Πρόχειρες παραγγελίες' })).toBeVisible();
  await again.getByRole('link', { name: 'Συνέχεια: Φόρτιση Spendeo Νοεμβρίου' }).click();
  await expect(again).toHaveURL(new RegExp(draftUrl));
  await expect(again.getByLabel(/^Ποσό φόρτισης για/).first()).toHaveValue(/75,50/);
  await expect(
    again.getByLabel('Όνομα πρόχειρου').or(again.getByText('Φόρτιση Spendeo Νοεμβρίου')).first(),
  ).toBeVisible();
  await screenshot(again, 'card-issue-resumed-el');
  await second.close();
});

test('the expired Spendeo flow stores an expiry date 60 days ahead', async ({ page }) => {
  await signInAs(page, 'om1@tessera.demo');
  await page.goto('/cards/spendeo/issue?expired=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Κάρτες Spendeo' })).toBeVisible();
  await expectAccessible(page, '/cards/spendeo/issue?expired=true');
  await page.getByRole('button', { name: 'Αντικατάσταση καρτών' }).first().click();
  await expect(page).toHaveURL(/\/card-issue\/info/);
  const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('orderDraft') ?? 'null'));
  expect(draft.reason).toBe('expired-card');
  expect(draft.orderType).toBe('EXPIRED');
  const days = (Date.parse(draft.expiringDate) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(59.9);
  expect(days).toBeLessThan(60.1);
});

test('ready to top up lands on its draft, in English', async ({ page }) => {
  await signInAs(page, 'om1@tessera.demo', 'en');
  await page.goto('/en/card-load');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create the draft for Spendeo' });
  await create.click();
  await expect(page).toHaveURL(/\/en\/card-issue\/info\/[0-9a-f-]{36}/);
  await expect(page.getByLabel(/amount/i).first()).toBeVisible();
  await expectAccessible(page, '/en/card-issue/info/{draftId} ready to top up');
  await screenshot(page, 'ready-to-top-up-en');
});

/** Each replacement reason from the card list's panel through info and overview to payment. */
const PANEL_REASONS = [
  {
    action: 'Αντικατάσταση λόγω φθοράς',
    list: '/card-list?status=active&product=TICKET_RESTAURANT&family=plastic',
  },
  { action: 'Αντικατάσταση λόγω απώλειας', list: '/card-list?status=active&product=MY_BENEFITS' },
  { action: 'Αντικατάσταση λόγω λήξης', list: '/card-list?expiringSoon=true&product=TICKET_RESTAURANT' },
  {
    action: 'Αναβάθμιση σε πλαστική',
    list: '/card-list?status=active&product=TICKET_RESTAURANT&family=virtual',
  },
] as const;

for (const { action, list } of PANEL_REASONS) {
  test(`${action}: from the card panel to the payment step`, async ({ page }) => {
    await signInAs(page, 'om1@tessera.demo');
    await page.goto(list);
    const table = page.getByRole('table', { name: /^Κάρτες της εταιρείας/ });
    await table.getByRole('row').nth(1).getByRole('button').first().click();
    await page.getByRole('dialog').getByRole('link', { name: action }).click();
    await expect(page.getByRole('heading', { name: 'Στοιχεία παραγγελίας' })).toBeVisible();
    await expect(page.getByText(/5347 1\d•• •••• \d{4}/).first()).toBeVisible();
    // Physical cards are shipped: the order needs one of the company's delivery points.
    await page.getByRole('combobox', { name: 'Σημείο παράδοσης' }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Συνέχεια στην επισκόπηση' }).click();
    await expect(page.getByRole('heading', { name: 'Επισκόπηση παραγγελίας' })).toBeVisible();
    await expect(page.getByText('Σύνολο πληρωμής')).toBeVisible();
    await page.getByRole('button', { name: 'Συνέχεια στην πληρωμή' }).click();
    await expect(page.getByRole('radiogroup', { name: 'Τρόπος πληρωμής' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Υποβολή και πληρωμή' })).toBeVisible();
  });
}

test('new cards: a new cardholder from the Spendeo page to the payment step, in English', async ({
  page,
}) => {
  await signInAs(page, 'om1@tessera.demo', 'en');
  await page.goto('/en/cards/spendeo/issue');
  await page
    .getByRole('button', { name: /^Issue new cards/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/card-issue\/info/);
  await expect(page.getByRole('heading', { name: 'Order details' })).toBeVisible();
  await expect(async () => {
    await page.getByRole('button', { name: 'Add cardholder' }).click();
    await expect(page.getByLabel(/^First name/).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByLabel(/^First name/)
    .first()
    .fill('Anna');
  await page
    .getByLabel(/^Last name/)
    .first()
    .fill('Nikolaou');
  await page
    .getByLabel(/amount/i)
    .first()
    .fill('100');
  await page.getByRole('combobox', { name: 'Delivery point' }).selectOption({ index: 1 });
  await page.getByRole('button', { name: /^Continue to overview/ }).click();
  const keepNew = page.getByRole('button', { name: /keep|new cardholder/i });
  if (
    await keepNew
      .first()
      .isVisible()
      .catch(() => false)
  )
    await keepNew.first().click();
  await expect(page.getByRole('heading', { name: 'Order overview' })).toBeVisible();
  await expect(page.getByText(/Anna Nikolaou/).first()).toBeVisible();
  await page.getByRole('button', { name: /^Continue to payment/ }).click();
  await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit and pay' })).toBeVisible();
});
