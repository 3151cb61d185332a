import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';
import { atTheBank } from './order-journey';

/**
 * Recurring loads (issue 19): an order manager sets up a monthly load of five cards, sees the next
 * three runs priced, the run is made (the test hook runs the scheduler's pass for today, as the
 * hourly job would), its order waits for payment, is paid at the bank, and the five cards' balances
 * rise by the rule's amount. Then the rule's page in English.
 */

/** Today in Athens, `YYYY-MM-DD`. */
function athensToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(new Date());
}

/** `2026-12-24` → `24/12/2026`, as the portal writes days. */
const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

type RuleLines = { lines: { cardId: string; card: { balanceCents: number } | null }[] };

/** The rule's cards with their balances now, as the portal's own API answers the signed-in user. */
async function ruleBalances(page: Page, ruleId: string): Promise<Map<string, number>> {
  const rule = await page.evaluate(async (id) => {
    const response = await fetch(`/api/v1/orders/retrieveRecurringRule?ruleId=${id}`, {
      headers: { companyId: 'C1001' },
    });
    return ((await response.json()) as { rule: RuleLines }).rule;
  }, ruleId);
  return new Map(rule.lines.map((line) => [line.cardId, line.card?.balanceCents ?? -1]));
}

/** Runs the scheduler's pass for `today` for one rule (the test hook, registered with TEST_HOOKS). */
async function runScheduler(page: Page, today: string, ruleId: string): Promise<{ created: number }> {
  return page.evaluate(
    async ({ day, id }) => {
      const csrf = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const response = await fetch('/api/test/recurring/tick', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-csrf-token': csrf.csrfToken },
        body: JSON.stringify({ today: day, ruleId: id }),
      });
      return (await response.json()) as { created: number };
    },
    { day: today, id: ruleId },
  );
}

test('an order manager sets up a monthly load of five cards; it runs, is paid, and the balances rise (Greek, English)', async ({
  page,
}) => {
  const today = athensToday();
  await signInAs(page, 'om1@tessera.demo');
  await page.getByRole('button', { name: 'Παραγγελίες' }).click();
  await page.getByRole('link', { name: 'Επαναλαμβανόμενες φορτίσεις' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Επαναλαμβανόμενες φορτίσεις' })).toBeVisible();
  await page.getByRole('link', { name: 'Νέος κανόνας' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Νέα επαναλαμβανόμενη φόρτιση' })).toBeVisible();

  await page.getByLabel(/^Όνομα κανόνα/).fill('Μηνιαία σίτιση αποθήκης');
  await page.getByRole('radio', { name: /^Ίδιο ποσό για όλες/ }).check();
  await page.getByLabel(/^Ποσό ανά κάρτα σε ευρώ/).fill('25,00');
  // A rule without cards is refused, named, before anything is saved.
  await page.getByRole('button', { name: 'Αποθήκευση κανόνα' }).click();
  await expect(page.getByText('Προσθέστε τουλάχιστον μία κάρτα.').first()).toBeVisible();

  // Five plastic cards of the first page of the company's active Ticket Restaurant cards.
  const picker = page.getByRole('table', { name: 'Ενεργές κάρτες του προϊόντος' });
  const plastic = picker.getByRole('row').filter({ hasText: 'Πλαστική' });
  for (let index = 0; index < 5; index += 1) {
    await plastic.nth(index).getByRole('checkbox').check();
  }
  await expect(page.getByText('5 κάρτες στον κανόνα')).toBeVisible();

  // Monthly on today's day, so the first run is today.
  await page.getByLabel('Πότε γίνεται η φόρτιση').selectOption({ label: 'Κάθε μήνα, σε συγκεκριμένη ημέρα' });
  await page.getByLabel('Ημέρα του μήνα').selectOption(String(Number(today.slice(8, 10))));
  await page.getByRole('checkbox', { name: /^Μόνο εργάσιμη ημέρα/ }).uncheck();
  await page.getByRole('radio', { name: /^Υποβολή για πληρωμή/ }).check();
  await page.getByRole('radio', { name: /^Κάρτα \(VISA\) μέσω τράπεζας/ }).check();

  await page.getByRole('button', { name: 'Προεπισκόπηση επόμενων 3 εκτελέσεων' }).click();
  const preview = page.getByRole('list', { name: 'Επόμενες εκτελέσεις' });
  await expect(preview.getByRole('article')).toHaveCount(3);
  const firstRun = preview.getByRole('article', { name: dayText(today) });
  await expect(firstRun.getByRole('heading', { name: `Εκτέλεση ${dayText(today)}` })).toBeVisible();
  // Five cards × 25,00 € of loads in each run, then the service fee and VAT.
  await expect(firstRun).toContainText('125,00 €');
  await screenshot(page, 'recurring-editor-el');
  await expectAccessible(page, 'recurring editor (el)');

  await page.getByRole('button', { name: 'Αποθήκευση κανόνα' }).click();
  await expect(page.getByText('Ο κανόνας «Μηνιαία σίτιση αποθήκης» δημιουργήθηκε.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Μηνιαία σίτιση αποθήκης' })).toBeVisible();
  await expect(page.getByText(`Επόμενη εκτέλεση: ${dayText(today)}`)).toBeVisible();
  const ruleId = /\/orders\/recurring-rules\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const before = await ruleBalances(page, ruleId);
  expect(before.size).toBe(5);

  // The hourly job's pass for today makes the run, once.
  expect((await runScheduler(page, today, ruleId)).created).toBe(1);
  expect((await runScheduler(page, today, ruleId)).created).toBe(0);
  await page.reload();
  const history = page.getByRole('region', { name: 'Ιστορικό εκτελέσεων' });
  await expect(history.getByText('Δημιουργήθηκε')).toBeVisible();
  // The month is made: the next run and the preview move on to next month.
  await expect(page.getByText(`Επόμενη εκτέλεση: ${dayText(today)}`)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `Εκτέλεση ${dayText(today)}` })).toHaveCount(0);
  await screenshot(page, 'recurring-rule-el');
  await expectAccessible(page, 'recurring rule (el)');
  await history.getByRole('link', { name: /^Παραγγελία #?\d+/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Παραγγελία #\d+/ })).toBeVisible();
  await expect(page.getByText('Αναμονή πληρωμής').first()).toBeVisible();

  // Paid by card at the bank: the loads reach the cards.
  await page.getByRole('button', { name: /^Πληρωμή παραγγελίας #\d+/ }).click();
  await page.getByRole('radio', { name: /^Κάρτα \(VISA\) μέσω τράπεζας/ }).check();
  await page.getByRole('button', { name: /^(Πληρωμή με κάρτα|Συνέχεια στην πληρωμή)$/ }).click();
  await atTheBank(page, 'Έγκριση πληρωμής');
  await page.waitForURL(/\/orders\/payment\/success/);
  await expect(page.getByRole('heading', { level: 1, name: 'Η πληρωμή ολοκληρώθηκε' })).toBeVisible();
  await expect
    .poll(async () => {
      const after = await ruleBalances(page, ruleId);
      return [...before].map(([cardId, cents]) => (after.get(cardId) ?? 0) - cents);
    })
    .toEqual([2_500, 2_500, 2_500, 2_500, 2_500]);

  // The same rule in English: its runs, and the order now paid.
  await page.goto(`/en/orders/recurring-rules/${ruleId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Μηνιαία σίτιση αποθήκης' })).toBeVisible();
  const runs = page.getByRole('region', { name: 'Run history' });
  await expect(runs.getByText('Created')).toBeVisible();
  await expect(runs.getByRole('link', { name: /^Order #?\d+/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await screenshot(page, 'recurring-rule-en');
  await expectAccessible(page, 'recurring rule (en)');
  await page.goto('/en/orders/recurring-rules');
  await expect(page.getByRole('heading', { level: 1, name: 'Recurring loads' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Μηνιαία σίτιση αποθήκης' })).toBeVisible();
  await expectAccessible(page, 'recurring list (en)');
});
