import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The steps the orders and payments journeys share: a new card to the payment step, the bank. */

export const TEXT = {
  el: {
    newCards: 'Έκδοση νέων καρτών',
    addHolder: 'Προσθήκη κατόχου',
    firstName: /^Όνομα/,
    lastName: /^Επώνυμο/,
    amount: /^Ποσό φόρτισης για|ποσό/i,
    delivery: 'Σημείο παράδοσης',
    toOverview: 'Συνέχεια στην επισκόπηση',
    overview: 'Επισκόπηση παραγγελίας',
    toPayment: 'Συνέχεια στην πληρωμή',
    methods: 'Τρόπος πληρωμής',
    visa: 'Κάρτα (VISA) μέσω τράπεζας',
    rf: 'Τραπεζική μεταφορά με κωδικό RF',
    submit: 'Υποβολή και πληρωμή',
  },
  en: {
    newCards: 'Issue new cards',
    addHolder: 'Add cardholder',
    firstName: /^First name/,
    lastName: /^Last name/,
    amount: /amount/i,
    delivery: 'Delivery point',
    toOverview: 'Continue to overview',
    overview: 'Order overview',
    toPayment: 'Continue to payment',
    methods: 'Payment method',
    visa: 'Card (VISA) through the bank',
    rf: 'Bank transfer with an RF reference',
    submit: 'Submit and pay',
  },
} as const;

/** From the Spendeo page: one new cardholder with a load, to the payment step. */
export async function newSpendeoCardToPayment(
  page: Page,
  lang: 'el' | 'en',
  holder: [string, string],
  euros: string,
) {
  const t = TEXT[lang];
  await page.goto(lang === 'el' ? '/cards/spendeo/issue' : '/en/cards/spendeo/issue');
  // A click while the page is still settling (its company and contracts loading) was once lost, and
  // the page stayed put: click again until the draft page opens.
  await expect(async () => {
    if (!/\/card-issue\/info/.test(page.url())) {
      await page
        .getByRole('button', { name: new RegExp(`^${t.newCards}`) })
        .first()
        .click({ timeout: 5_000 });
    }
    await expect(page).toHaveURL(/\/card-issue\/info/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(async () => {
    await page.getByRole('button', { name: t.addHolder }).click();
    await expect(page.getByLabel(t.firstName).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByLabel(t.firstName).first().fill(holder[0]);
  await page.getByLabel(t.lastName).first().fill(holder[1]);
  await page.getByLabel(t.amount).first().fill(euros);
  await page.getByRole('combobox', { name: t.delivery }).selectOption({ index: 1 });
  await page.getByRole('button', { name: new RegExp(`^${t.toOverview}`) }).click();
  const keepNew = page.getByRole('button', { name: /keep|new cardholder|νέος κάτοχος|κράτηση/i });
  if (
    await keepNew
      .first()
      .isVisible()
      .catch(() => false)
  )
    await keepNew.first().click();
  await expect(page.getByRole('heading', { name: t.overview })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${t.toPayment}`) }).click();
  await expect(page.getByRole('radiogroup', { name: t.methods })).toBeVisible();
}

export async function submitWith(page: Page, lang: 'el' | 'en', method: 'visa' | 'rf') {
  const t = TEXT[lang];
  await page.getByRole('radio', { name: new RegExp(`^${t[method].replace(/[()]/g, '\\$&')}`) }).check();
  await page.getByRole('button', { name: t.submit }).click();
}

/** On the sandbox bank's hosted page: approve, decline or cancel. */
export async function atTheBank(page: Page, decision: 'Έγκριση πληρωμής' | 'Απόρριψη από την τράπεζα') {
  await page.waitForURL(/\/sandbox\/bank\/pay\?session=/);
  await expect(page.getByText('Sandbox bank — no real charge.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${decision}`) }).click();
}
