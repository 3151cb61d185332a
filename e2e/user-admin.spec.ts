import type { Page } from '@playwright/test';
import { expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 18 §2 (ADR 023): users of every company and merchant. The provider admin creates a payment
 * manager of C1001 whose confirmation mail goes out in English, finds them and locks them from the
 * user's drawer; the order manager of C1001 invites a finance user from /en/account/users, re-sends
 * the invitation, locks and unlocks them, at 360 px; customer care sees an admin without actions.
 * Every page is scanned with axe. Needs only the demo seed.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

type Mail = { subject: string; text: string; to: string };

/** The mails sent to `email`, newest first, read through the admin's own session (mailbox: role 1). */
async function mailsTo(page: Page, email: string): Promise<Mail[]> {
  const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

test('the admin creates a payment manager, who is mailed in English, then locks them', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, 'admin@tessera.demo');
  await page.goto('/back-office/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Χρήστες' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Χρήστες' })).toBeVisible();
  await expectAccessible(page, '/back-office/users');

  const email = `e2e.payment.${stamp()}@example.gr`;
  await page.getByRole('button', { name: 'Νέος χρήστης' }).click();
  const form = page.getByRole('dialog', { name: 'Νέος χρήστης' });
  await form.getByRole('textbox', { name: /^Email/ }).fill(email);
  await form.getByRole('textbox', { name: /^Όνομα/ }).fill('Ιωάννα');
  await form.getByRole('textbox', { name: /^Επώνυμο/ }).fill('Δοκιμαστική');
  await form.getByRole('combobox', { name: 'Ρόλος' }).selectOption('5');
  await form.getByRole('combobox', { name: 'Γλώσσα email' }).selectOption('en');
  await form.getByRole('textbox', { name: /^Κωδικοί εταιρειών/ }).fill('C1001');
  await expectAccessible(page, 'the new user form');
  await form.getByRole('button', { name: 'Δημιουργία και αποστολή email' }).click();
  await expect(
    page.getByText(`Ο χρήστης δημιουργήθηκε και του στάλθηκε email επιβεβαίωσης στο ${email}.`),
  ).toBeVisible();

  await expect
    .poll(async () => (await mailsTo(page, email))[0]?.subject)
    .toBe('Activate your Tessera account');
  expect((await mailsTo(page, email))[0]!.text).toMatch(/\/en\/user\/reset\?token=[\w-]+&code_type=token/);

  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Όνομα ή email' }).fill(email);
  await search.getByRole('searchbox', { name: /^Εταιρεία ή επιχείρηση/ }).fill('Ακμή');
  await search.getByRole('button', { name: 'Αναζήτηση' }).click();
  await expect(page.getByText('1 χρήστης')).toBeVisible();
  await page.getByRole('button', { name: 'Προβολή χρήστη: Ιωάννα Δοκιμαστική' }).click();
  const drawer = page.getByRole('dialog', { name: 'Στοιχεία χρήστη' });
  await expect(drawer.getByText('Ακμή Τροφίμων Α.Ε. (C1001)')).toBeVisible();
  await expectAccessible(page, 'the user drawer');
  await drawer.getByRole('button', { name: 'Κλείδωμα' }).click();
  await expect(drawer.getByText('Ο λογαριασμός κλειδώθηκε: Ιωάννα Δοκιμαστική.')).toBeVisible();
  await expect(drawer.getByText('Κλειδωμένος', { exact: true })).toBeVisible();
  await screenshot(page, 'back-office-users-drawer');
});

test('customer care sees an administrator without actions', async ({ page }) => {
  await signInAs(page, 'care@tessera.demo', 'en');
  await page.goto('/en/back-office/users');
  const search = page.getByRole('search');
  await search.getByRole('combobox', { name: 'Role' }).selectOption('1');
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'View user: Μαρία Παπαδοπούλου' }).click();
  const drawer = page.getByRole('dialog', { name: 'User details' });
  await expect(
    drawer.getByText('Only a provider administrator changes an administrator’s account.'),
  ).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Lock' })).toHaveCount(0);
  await expectAccessible(page, '/en/back-office/users as customer care');
});

test('the order manager invites a finance user, re-sends the invitation, locks and unlocks them, at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAs(page, 'om1@tessera.demo', 'en');
  await page.goto('/en/account/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Company users' })).toBeVisible();
  await expect(page.getByText('Your own account')).toBeVisible();
  await expectAccessible(page, '/en/account/users');

  const email = `e2e.finance.${stamp()}@example.gr`;
  await page.getByRole('button', { name: 'New company user' }).click();
  const invite = page.getByRole('dialog', { name: 'New company user' });
  await invite.getByRole('textbox', { name: /^Email/ }).fill(email);
  await invite.getByRole('textbox', { name: /^First name/ }).fill('Fotis');
  await invite.getByRole('textbox', { name: /^Last name/ }).fill('Finance');
  await invite.getByRole('combobox', { name: /^Role/ }).selectOption('4');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`The invitation was sent to ${email}.`, { exact: false })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Unconfirmed')).toBeVisible();
  await page.getByRole('button', { name: 'Resend confirmation email: Fotis Finance' }).click();
  await expect(page.getByText('A new confirmation email was sent: Fotis Finance.')).toBeVisible();
  await page.getByRole('button', { name: 'Lock: Fotis Finance' }).click();
  await expect(page.getByText('Account locked: Fotis Finance.')).toBeVisible();
  await expect(row.getByText('Locked', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Unlock: Fotis Finance' }).click();
  await expect(page.getByText('Account unlocked: Fotis Finance.')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  expect(overflow, 'no sideways scrolling of the page at 360 px').toBe(false);
  await screenshot(page, 'account-users-360');
});
