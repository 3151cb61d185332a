import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export { expect };

/** Screenshots land in `.tmp/screenshots/` to be looked at; they are not compared. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('.tmp/screenshots', { recursive: true });
  await page.screenshot({ path: `.tmp/screenshots/${name}.png`, fullPage: true });
}

/** An axe scan of the page as it is: no serious or critical violation is allowed (ARCHITECTURE §8). */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = severe.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `accessibility of ${label}`).toEqual([]);
}

export const test = base;

export const DEMO_PASSWORD = 'Tessera-2026';

/**
 * Signs in a demo user through the whole OpenID flow (login page → provider → callback) and waits
 * until the portal shows the profile menu. Retries when the sign-in rate limit answers 429.
 */
export async function signInAs(
  page: Page,
  email: string,
  lang: 'el' | 'en' = 'el',
  password = DEMO_PASSWORD,
): Promise<void> {
  const text =
    lang === 'el'
      ? { password: /^Κωδικός πρόσβασης/, submit: 'Σύνδεση', profile: /^Μενού προφίλ/ }
      : { password: /^Password/, submit: 'Sign in', profile: /^Profile menu/ };
  await page.goto(lang === 'el' ? '/user/login' : '/en/user/login');
  await page.waitForURL(/\/user\/login\?uid=/, { timeout: 15_000 });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(text.password).fill(password);
    const answer = page.waitForResponse(
      (response) =>
        /\/interaction\/[^/]+\/login$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    if ((await answer).status() !== 429) break;
    await page.waitForTimeout(2_000);
  }
  await page.waitForURL((url) => !url.pathname.endsWith('/user/login'), { timeout: 15_000 });
  await expect(page.getByRole('button', { name: text.profile })).toBeVisible();
}
