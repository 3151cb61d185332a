import type { Page } from '@playwright/test';
import { pdfText } from '../server/test/pdf-text';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 6 journeys on the demo data (ADR 010): new cards ordered and paid through the sandbox bank
 * and seen in the card list with their balances; a declined payment retried; an RF order waiting
 * until the bank statement matches it; a payment manager approving a waiting order; the proforma
 * PDF with Greek text.
 */

const TEXT = {
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
async function newSpendeoCardToPayment(
  page: Page,
  lang: 'el' | 'en',
  holder: [string, string],
  euros: string,
) {
  const t = TEXT[lang];
  await page.goto(lang === 'el' ? '/cards/spendeo/issue' : '/en/cards/spendeo/issue');
  await page
    .getByRole('button', { name: new RegExp(`^${t.newCards}`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/card-issue\/info/);
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

async function submitWith(page: Page, lang: 'el' | 'en', method: 'visa' | 'rf') {
  const t = TEXT[lang];
  await page.getByRole('radio', { name: new RegExp(`^${t[method].replace(/[()]/g, '\\$&')}`) }).check();
  await page.getByRole('button', { name: t.submit }).click();
}

/** On the sandbox bank's hosted page: approve, decline or cancel. */
async function atTheBank(page: Page, decision: 'Έγκριση πληρωμής' | 'Απόρριψη από την τράπεζα') {
  await page.waitForURL(/\/sandbox\/bank\/pay\?session=/);
  await expect(page.getByText('Sandbox bank — no real charge.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${decision}`) }).click();
}

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

test('a declined payment lands on the failure page and a retry succeeds, in English', async ({ page }) => {
  await signInAs(page, 'om1@tessera.demo', 'en');
  await newSpendeoCardToPayment(page, 'en', ['Petros', 'Alexiou'], '80');
  await submitWith(page, 'en', 'visa');
  await atTheBank(page, 'Απόρριψη από την τράπεζα');
  await page.waitForURL(/\/en\/orders\/payment\/failure/);
  await expect(page.getByRole('heading', { level: 1, name: 'The payment did not go through' })).toBeVisible();
  await expect(page.getByText('Nothing was charged')).toBeVisible();
  await screenshot(page, 'payment-failure-en');
  await page.getByRole('radio', { name: /^Card \(VISA\) through the bank/ }).check();
  await page.getByRole('button', { name: /^(Pay by card|Continue to payment)$/ }).click();
  await atTheBank(page, 'Έγκριση πληρωμής');
  await page.waitForURL(/\/en\/orders\/payment\/success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
});

test('an RF order waits for the bank until a statement line matches it; its proforma shows Greek', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'om1@tessera.demo');
  await newSpendeoCardToPayment(page, 'el', ['Κωνσταντίνα', 'Μπέη'], '50');
  await submitWith(page, 'el', 'rf');
  const rf = page.getByText(/^RF\d{2}( \d{4}){3}$/).first();
  await expect(rf).toBeVisible();
  const rfCode = (await rf.textContent())!.trim();
  await screenshot(page, 'payment-rf-el');
  await page
    .getByRole('link', { name: /Λεπτομέρειες παραγγελίας|Παραγγελία #/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Παραγγελία #\d+/ })).toBeVisible();
  await expect(page.getByText('Αναμονή πληρωμής').first()).toBeVisible();
  const total =
    (await page
      .getByText(/^Σύνολο πληρωμής/)
      .locator('..')
      .textContent()) ?? '';
  const amount = /([\d.]+,\d{2})/.exec(total)?.[1] ?? '';
  expect(amount).not.toBe('');

  // The proforma opens as a PDF whose text is Greek.
  const pdfUrl = await page.getByRole('link', { name: 'Λήψη προτιμολογίου (PDF)' }).getAttribute('href');
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = pdfText(await pdf.body());
  expect(text).toContain('Προτιμολόγιο');
  expect(text).toContain(rfCode);

  // The provider's staff import the bank statement with the transfer.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await signInAs(admin, 'admin@tessera.demo');
  await admin.goto('/all-companies');
  const csv = `id;date;amount;reference;payer\nE2E-${Date.now()};2026-11-22;${amount};ΕΞΟΦΛΗΣΗ ${rfCode};ΑΚΜΗ ΤΡΟΦΙΜΩΝ`;
  await admin.getByLabel('Αρχείο κίνησης (CSV)').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await admin.getByRole('button', { name: 'Εισαγωγή κίνησης' }).click();
  await expect(admin.getByText(/Εξοφλήθηκε η παραγγελία #\d+/)).toBeVisible();
  await expect(admin.getByRole('status').filter({ hasText: '1 γραμμή αντιστοιχίστηκε' })).toBeVisible();
  await screenshot(admin, 'bank-statement-el');
  await staff.close();

  await page.reload();
  await expect(page.getByText('Σε παραγωγή').first()).toBeVisible();
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
