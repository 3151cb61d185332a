import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, expect, expectAccessible, screenshot, signInAs, test } from './fixtures';

/**
 * Two-factor sign-in (issue 21, ADR 031) in Chromium, Greek then English: demo provider staff sign
 * in with the code of the published demo secret; an order manager turns it on at /account/security,
 * keeps the ten recovery codes, signs out and signs in again with a code; then turns it off again
 * (the demo user is shared with other journeys).
 */

const codeAt = (key: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** Waits until the step after `step` has begun (a code is accepted once: replay protection). */
async function waitForStepAfter(step: number): Promise<void> {
  const wait = (step + 1) * 30_000 - Date.now() + 100;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

async function signOut(page: Page, profile: RegExp, signOutLabel: string) {
  await page.getByRole('button', { name: profile }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: signOutLabel }).click();
  await expect(page).toHaveURL(/\/logout$/);
}

test('provider staff sign in with the demo code and see two-factor sign-in on', async ({ page }) => {
  // This file's subject is signing in: through the whole flow, never a saved sign-in.
  await signInAs(page, 'care@tessera.demo', 'el', DEMO_PASSWORD, { fresh: true });
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Ασφάλεια σύνδεσης' })).toBeVisible();
  await expect(page.getByText('Ενεργή', { exact: true })).toBeVisible();
  await expect(page.getByText('Ο λογαριασμός σας πρέπει να συνδέεται με δύο παράγοντες.')).toBeVisible();
  // Enforced: no way to turn it off.
  await expect(page.getByRole('button', { name: 'Απενεργοποίηση σύνδεσης δύο παραγόντων' })).toHaveCount(0);
  await expectAccessible(page, '/account/security of provider staff');
});

test('an order manager turns two-factor sign-in on, keeps the recovery codes and signs in with a code', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A session of its own: it signs out below.
  await signInAs(page, 'om3@tessera.demo', 'el', DEMO_PASSWORD, { fresh: true });
  await page.goto('/account/security');
  await expect(page.getByText('Ανενεργή', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ρύθμιση εφαρμογής επαλήθευσης' }).click();
  await expect(page.getByRole('img', { name: 'Κωδικός QR για την εφαρμογή επαλήθευσης' })).toBeVisible();
  const key = await page.getByLabel('Ή πληκτρολογήστε αυτό το κλειδί στην εφαρμογή').inputValue();
  const enrolledAt = Date.now();
  await page.getByLabel(/^Κωδικός επαλήθευσης/).fill(codeAt(key, enrolledAt));
  await page.getByRole('button', { name: 'Ενεργοποίηση' }).click();
  const codes = page.getByRole('list', { name: 'Οι κωδικοί ανάκτησής σας' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByText('Η σύνδεση δύο παραγόντων ενεργοποιήθηκε.')).toBeVisible();
  await screenshot(page, 'two-factor-recovery-codes-el');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'two-factor-recovery-codes-el-360');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectAccessible(page, '/account/security with recovery codes');
  await page.getByRole('button', { name: 'Τους φύλαξα, συνέχεια' }).click();
  await expect(page.getByText('Ενεργή', { exact: true })).toBeVisible();
  await signOut(page, /^Μενού προφίλ/, 'Αποσύνδεση');

  // English: the password alone is not enough; the app's code (the next step's) signs in.
  await page.goto('/en/user/login');
  await page.waitForURL(/\/user\/login\?uid=/);
  await page.getByLabel(/^Email/).fill('om3@tessera.demo');
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByText('Type the six-digit code from the authenticator app on your phone.'),
  ).toBeVisible();
  await page.getByLabel(/^Verification code/).fill('000000');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText(/The code is wrong, has expired or was already used/)).toBeVisible();
  await page.getByLabel(/^Verification code/).fill(codeAt(key, enrolledAt + 30_000));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Profile menu/ })).toBeVisible({ timeout: 15_000 });

  // Back as it was for the other journeys: turned off with a fresh code.
  await page.goto('/en/account/security');
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await screenshot(page, 'two-factor-security-en');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, 'two-factor-security-en-360');
  await page.setViewportSize({ width: 1440, height: 900 });
  await waitForStepAfter(Math.floor(enrolledAt / 30_000));
  await page
    .getByLabel(/^Verification code/)
    .last()
    .fill(codeAt(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is off.')).toBeVisible();
  await expect(page.getByText('Off', { exact: true })).toBeVisible();
});
