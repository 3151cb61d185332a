import type { Page } from '@playwright/test';
import { pdfText } from '../server/test/pdf-text';
import { expect, screenshot, signInAs, test } from './fixtures';
import { atTheBank, newSpendeoCardToPayment, submitWith } from './order-journey';

/**
 * E-invoicing (issue 37, ADRs 056–061), one journey on the demo data in both languages: a company
 * pays an order and downloads its invoice with the MARK and QR code AADE gave; with the sandbox AADE
 * down, a paid order's invoice is issued under transmission failure and sent when AADE comes back;
 * a document AADE refuses waits in the provider staff's queue with AADE's message.
 */

type SandboxMode = 'up' | 'down' | 'refuse';

/** Switches the sandbox AADE (the test hook, TEST_HOOKS), optionally running the transmission job. */
async function sandboxAade(
  page: Page,
  mode: SandboxMode,
  options: { transmit?: boolean; retryWaiting?: boolean; refusalCode?: string; refusalMessage?: string } = {},
): Promise<{ transmitted: number; refused: number }> {
  return page.evaluate(
    async ({ body }) => {
      const csrf = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const response = await fetch('/api/test/mydata-sandbox', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-csrf-token': csrf.csrfToken },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`mydata-sandbox answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { transmitted: number; refused: number };
    },
    { body: { mode, transmit: options.transmit ?? false, ...options } },
  );
}

/** Pays a new Spendeo order by card at the sandbox bank and opens its page; returns its number. */
async function payNewOrder(page: Page, lang: 'el' | 'en', holder: [string, string]): Promise<string> {
  await newSpendeoCardToPayment(page, lang, holder, '40');
  await submitWith(page, lang, 'visa');
  await atTheBank(page, 'Έγκριση πληρωμής');
  await page.waitForURL(/\/orders\/payment\/success/);
  const fact = page
    .getByRole('main')
    .getByText(/^#\d+$/)
    .first();
  await expect(fact).toBeVisible();
  const number = /#(\d+)/.exec((await fact.textContent()) ?? '')?.[1];
  expect(number, 'the success page names the order').toBeTruthy();
  await page
    .getByRole('main')
    .getByRole('link', { name: lang === 'el' ? 'Λεπτομέρειες παραγγελίας' : 'Order details' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`#${number}`) })).toBeVisible();
  return number!;
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ page }) => {
  // The sandbox is the server's, shared by the worker's later tests: leave it answering.
  if (page.url().startsWith('http')) await sandboxAade(page, 'up').catch(() => undefined);
});

test('a company pays an order and downloads its invoice with the MARK and QR code (Greek)', async ({
  page,
}) => {
  await signInAs(page, 'om1@tessera.demo');
  await sandboxAade(page, 'up');
  await payNewOrder(page, 'el', ['Ροδάνθη', 'Τιμολογίου']);
  const invoices = page.getByRole('table', { name: 'Τιμολόγια της παραγγελίας' });
  // Issued with the payment; the transmission job sends it after commit.
  await expect(async () => {
    await sandboxAade(page, 'up', { transmit: true });
    await page.reload();
    await expect(invoices.getByText(/^ΜΑΡΚ \d{15}$/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const mark = /\d{15}/.exec((await invoices.getByText(/^ΜΑΡΚ \d{15}$/).textContent()) ?? '')![0];
  await expect(invoices.getByText('Διαβιβάστηκε')).toBeVisible();
  await screenshot(page, 'order-invoice-el');

  const pdfLink = invoices.getByRole('link', { name: /^PDF του TPY-\d+/ });
  const number = /TPY-\d+/.exec(
    (await pdfLink.getAttribute('aria-label')) ?? (await pdfLink.textContent()) ?? '',
  )?.[0];
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  const text = pdfText(body);
  expect(text).toContain('ΤΙΜΟΛΟΓΙΟ ΠΑΡΟΧΗΣ');
  expect(text).toContain(mark);
  if (number) expect(text).toContain(number.split('-')[1]!);
  // The QR code AADE's verification page reads is drawn as an image.
  expect(body.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
});

test('with AADE down an invoice is issued under transmission failure and sent when AADE is back (English)', async ({
  page,
}) => {
  await signInAs(page, 'om1@tessera.demo', 'en');
  await sandboxAade(page, 'down');
  await payNewOrder(page, 'en', ['Irene', 'Offline']);
  const invoices = page.getByRole('table', { name: 'The order’s invoices' });
  await expect(async () => {
    // The job tries, finds AADE unreachable and keeps the document for later.
    await sandboxAade(page, 'down', { transmit: true });
    await page.reload();
    await expect(invoices.getByText('Transmission pending')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(invoices.getByText('Issued while AADE was unreachable')).toBeVisible();
  await expect(invoices.getByText('No MARK yet')).toBeVisible();
  await screenshot(page, 'order-invoice-offline-en');

  // AADE answers again; the document's retry comes (at once here, not after the backoff).
  const back = await sandboxAade(page, 'up', { transmit: true, retryWaiting: true });
  expect(back.transmitted).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(invoices.getByText('Transmitted')).toBeVisible();
  await expect(invoices.getByText(/^MARK \d{15}$/)).toBeVisible();
});

test('a document AADE refuses waits in the staff queue with AADE’s message', async ({ page, browser }) => {
  const message = `The VAT number of the counterpart is not valid ${Date.now()}`;
  await signInAs(page, 'om1@tessera.demo', 'en');
  await sandboxAade(page, 'refuse', { refusalCode: '102', refusalMessage: message });
  await payNewOrder(page, 'en', ['Refused', 'Document']);
  const invoices = page.getByRole('table', { name: 'The order’s invoices' });
  await expect(async () => {
    await sandboxAade(page, 'refuse', { transmit: true, refusalCode: '102', refusalMessage: message });
    await page.reload();
    await expect(invoices.getByText('Refused')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAs(staff, 'admin@tessera.demo');
  await staff.goto('/back-office/invoices');
  await expect(staff.getByRole('heading', { level: 1, name: 'Τιμολόγια και myDATA' })).toBeVisible();
  await expect(staff.getByText(message).first()).toBeVisible();
  await screenshot(staff, 'invoice-desk-refused-el');
  await staffContext.close();
});

test('the finance user downloads the invoice of an order the company paid, in English', async ({
  page,
  browser,
}) => {
  // Ελαιώνας (C1002), whose finance user reads the portal in English: its order manager pays.
  await signInAs(page, 'om3@tessera.demo');
  await page.goto('/company-select');
  await page.getByRole('button', { name: 'Επιλογή Ελαιώνας Λογιστική Ι.Κ.Ε.' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await sandboxAade(page, 'up');
  const order = await payNewOrder(page, 'el', ['Λυδία', 'Λογίστρια']);
  await sandboxAade(page, 'up', { transmit: true });

  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await signInAs(finance, 'finance@tessera.demo', 'en');
  await finance.goto('/en/finance');
  const table = finance.getByRole('table', { name: 'The company’s invoices and credit notes' });
  const row = table.getByRole('row').filter({ hasText: `#${order}` });
  await expect(row.getByText('Transmitted')).toBeVisible();
  const mark = /\d{15}/.exec((await row.getByText(/^MARK \d{15}$/).textContent()) ?? '')![0];
  await screenshot(finance, 'finance-invoices-en');
  const pdf = await finance.request.get(
    (await row.getByRole('link', { name: /^PDF of / }).getAttribute('href'))!,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const body = await pdf.body();
  const text = pdfText(body);
  expect(text).toContain('Invoice for services');
  expect(text).toContain(mark);
  expect(text).toContain('Ελαιώνας');
  expect(body.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  await financeContext.close();
});
