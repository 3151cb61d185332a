import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Issue 21 (ADR 033): the user's sessions. A user signs in from two browsers (two contexts, each
 * with its own cookies and so its own device id); the first lists its sessions on
 * /account/sessions and signs the other out, which is then signed out; the sign-in from a browser
 * new to the account is in the development mailbox in the user's language. Greek, then English.
 */

type Mail = { subject: string; text: string; to: string };

/** The mails sent to `email`, read through a provider admin's session (the mailbox is role 1's). */
async function mailsTo(admin: Page, email: string): Promise<Mail[]> {
  const response = await admin.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { mails: Mail[] }).mails;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const CASES = [
  {
    lang: 'el' as const,
    email: 'payment@tessera.demo',
    path: '/account/sessions',
    title: 'Συνδεδεμένες συσκευές',
    current: 'Αυτή η σύνδεση',
    signOut: /^Αποσύνδεση: /,
    done: 'Η σύνδεση αποσυνδέθηκε.',
    subject: 'Νέα σύνδεση στον λογαριασμό σας στην Tessera',
    link: '/account/sessions',
  },
  {
    lang: 'en' as const,
    email: 'finance@tessera.demo',
    path: '/en/account/sessions',
    title: 'Signed-in devices',
    current: 'This session',
    signOut: /^Sign out .+ · /,
    done: 'The session was signed out.',
    subject: 'New sign-in to your Tessera account',
    link: '/en/account/sessions',
  },
];

for (const c of CASES) {
  test(`${c.lang}: sessions in two browsers, one signs the other out; the new browser is mailed`, async ({
    browser,
  }) => {
    // The admin only reads the mailbox: the worker's saved sign-in will do. The user's two browsers
    // are this journey's subject: each signs in through the whole flow, as a new device.
    const admin = await newPage(browser);
    await signInAs(admin, 'admin@tessera.demo');
    const first = await newPage(browser);
    await signInAs(first, c.email, c.lang, DEMO_PASSWORD, { fresh: true });
    const mailsBefore = (await mailsTo(admin, c.email)).filter((mail) => mail.subject === c.subject).length;

    const second = await newPage(browser);
    await signInAs(second, c.email, c.lang, DEMO_PASSWORD, { fresh: true });
    // The second browser is new to the account: one more mail, linking to the sessions page.
    await expect
      .poll(async () => (await mailsTo(admin, c.email)).filter((mail) => mail.subject === c.subject).length)
      .toBe(mailsBefore + 1);
    const mail = (await mailsTo(admin, c.email)).find((candidate) => candidate.subject === c.subject)!;
    expect(mail.text).toContain(c.link);

    for (const width of [1440, 360]) {
      await first.setViewportSize({ width, height: 900 });
      await first.goto(c.path);
      await expect(first.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
      await expect(first.getByText(c.current)).toBeVisible();
      await screenshot(first, `sessions-${c.lang}-${width}`);
    }
    await expectAccessible(first, c.path);
    const items = first.getByRole('listitem').filter({ has: first.getByText(/·/) });
    await expect(items.filter({ hasText: c.current })).toHaveCount(1);
    const count = await items.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // Sessions are listed oldest first: the second browser's is the last one.
    await items
      .nth(count - 1)
      .getByRole('button', { name: c.signOut })
      .click();
    await expect(first.getByText(c.done)).toBeVisible();
    await expect(items).toHaveCount(count - 1);

    // The second browser is signed out: its next page asks it to sign in.
    await second.goto(c.path);
    await second.waitForURL(/\/user\/login/, { timeout: 15_000 });
    // The first browser is still signed in.
    await first.reload();
    await expect(first.getByRole('heading', { level: 1, name: c.title })).toBeVisible();
  });
}
