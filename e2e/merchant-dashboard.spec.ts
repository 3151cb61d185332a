import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 16 (research pain 10: opaque fees, slow payouts, unexplained declines, invisible
 * transactions): the demo merchant signs in and sees its dashboard (key figures, four charts, the
 * latest declines), opens the balance sheet (payouts with their fee per product), filters its
 * transactions to the declined ones, downloads them as xlsx and reads the file back, then opens
 * its notifications; in Greek and in English, at 1440 and 360 px, with axe on every page.
 *
 * Needs only the demo seed (DEMO_SEED): the demo merchant with six months of terminal history,
 * settlements and payouts (server/src/db/seed/demo-merchants.ts).
 */

const TEXT = {
  el: {
    prefix: '',
    dashboard: 'Πίνακας ελέγχου',
    salesToday: 'Πωλήσεις σήμερα',
    nextPayout: 'Επόμενη πληρωμή',
    byDay: 'Πωλήσεις ανά ημέρα (30 ημέρες)',
    peakHours: 'Ώρες αιχμής (συναλλαγές ανά ώρα)',
    declines: 'Τελευταίες απορρίψεις',
    toBalance: 'Υπόλοιπο, πληρωμές και συναλλαγές →',
    balanceTitle: 'Υπόλοιπο και συναλλαγές',
    settlements: 'Εκκαθαρίσεις και πληρωμές',
    perProduct: 'Ανά προϊόν',
    transactions: 'Συναλλαγές',
    outcome: 'Αποτέλεσμα',
    declined: 'Απορρίφθηκε',
    approved: 'Εγκρίθηκε',
    page1: 'Σελίδα 1',
    xlsx: 'Λήψη Excel (xlsx)',
    outcomeHeader: 'Αποτέλεσμα',
    notifications: 'Ειδοποιήσεις',
    payoutSent: 'Η πληρωμή σας στάλθηκε',
  },
  en: {
    prefix: '/en',
    dashboard: 'Dashboard',
    salesToday: 'Sales today',
    nextPayout: 'Next payout',
    byDay: 'Sales per day (30 days)',
    peakHours: 'Peak hours (transactions per hour)',
    declines: 'Latest declines',
    toBalance: 'Balance, payouts and transactions →',
    balanceTitle: 'Balance sheet',
    settlements: 'Settlements and payouts',
    perProduct: 'Per product',
    transactions: 'Transactions',
    outcome: 'Outcome',
    declined: 'Declined',
    approved: 'Approved',
    page1: 'Page 1',
    xlsx: 'Download Excel (xlsx)',
    outcomeHeader: 'Outcome',
    notifications: 'Notifications',
    payoutSent: 'Your payout was sent',
  },
} as const;

async function atWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await screenshot(page, `${name}-1440`);
}

for (const lang of ['el', 'en'] as const) {
  const t = TEXT[lang];

  test(`a merchant reads its dashboard, balance sheet, declined transactions and notifications (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await signInAs(page, 'merchant@tessera.demo', lang);

    // 1. The dashboard: key figures, the charts (their text tables), the latest declines.
    await page.goto(`${t.prefix}/merchant`);
    const dashboard = page.getByRole('region', { name: t.dashboard });
    await expect(dashboard.getByText(t.salesToday)).toBeVisible();
    await expect(dashboard.getByText(t.nextPayout, { exact: true })).toBeVisible();
    await expect(dashboard.getByRole('figure', { name: t.byDay })).toBeVisible();
    await expect(dashboard.getByRole('figure', { name: t.peakHours }).locator('svg').first()).toBeVisible();
    await expect(dashboard.getByRole('table', { name: t.byDay }).getByRole('row')).toHaveCount(31);
    await expect(dashboard.getByRole('region', { name: t.declines })).toBeVisible();
    await expectAccessible(page, `/merchant dashboard (${lang})`);
    await atWidths(page, `merchant-dashboard-${lang}`);

    // 2. The balance sheet: payouts with their fee per product.
    await dashboard.getByRole('link', { name: t.toBalance }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.balanceTitle })).toBeVisible();
    const settlements = page.getByRole('region', { name: t.settlements });
    await settlements.getByRole('button', { name: t.perProduct }).first().click();
    await expect(settlements.getByRole('table').nth(1)).toBeVisible();

    // 3. Only the declined transactions, first page.
    const transactions = page.getByRole('region', { name: t.transactions, exact: true });
    await expect(transactions.getByText(t.page1)).toBeVisible();
    await transactions.getByLabel(t.outcome).selectOption('declined');
    await expect(page).toHaveURL(/outcome=declined/);
    const rows = transactions.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toContainText(t.declined);
    await expect(transactions.getByRole('table')).not.toContainText(t.approved);
    await expectAccessible(page, `/merchant/balance-sheet (${lang})`);
    await atWidths(page, `merchant-balance-sheet-${lang}`);

    // 4. The same filter downloaded as xlsx and read back: declined rows only, in the page's language.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      transactions.getByRole('link', { name: t.xlsx }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const outcomeColumn = header.indexOf(t.outcomeHeader) + 1;
    expect(outcomeColumn).toBeGreaterThan(0);
    expect(sheet.rowCount).toBeGreaterThan(1);
    const outcomes = new Set<string>();
    sheet.eachRow((row, number) => {
      if (number > 1) outcomes.add(String(row.getCell(outcomeColumn).value));
    });
    expect([...outcomes]).toEqual([t.declined]);

    // 5. The notifications.
    await page.goto(`${t.prefix}/merchant/notifications`);
    await expect(page.getByRole('heading', { level: 1, name: t.notifications })).toBeVisible();
    // The demo's payouts were sent: each says so.
    await expect(page.getByText(t.payoutSent).first()).toBeVisible();
    await expectAccessible(page, `/merchant/notifications (${lang})`);
    await atWidths(page, `merchant-notifications-${lang}`);
  });
}
