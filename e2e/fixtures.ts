import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { demoTotpCode } from '../server/src/db/seed/demo-second-factor';

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

/** Types the demo code on the sign-in's second step, with the next step's code if one was refused. */
export async function typeDemoCode(
  page: Page,
  email: string,
  text: { code: RegExp; verify: string },
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByLabel(text.code).fill(await nextDemoCode(email));
    const answer = page.waitForResponse(
      (response) =>
        /\/interaction\/[^/]+\/second-factor$/.test(new URL(response.url()).pathname) &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: text.verify, exact: true }).click();
    if ((await answer).status() === 200) return;
  }
  throw new Error(`the demo code of ${email} was refused`);
}

export const DEMO_PASSWORD = 'Tessera-2026';

/** The last demo code step used per user in this run: the server accepts a code once (issue 21). */
const usedDemoSteps = new Map<string, number>();

/**
 * A code of the demo staff's published second factor the server has not seen yet for `email`:
 * the current step's, else the next one's (accepted one step ahead), else after waiting for the
 * next step.
 */
export async function nextDemoCode(email: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    const last = usedDemoSteps.get(email) ?? -1;
    for (const offset of [0, 1]) {
      if (step + offset > last) {
        usedDemoSteps.set(email, step + offset);
        return demoTotpCode(now, offset);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - now + 50));
  }
}

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
  const codeText =
    lang === 'el'
      ? { code: /^Κωδικός επαλήθευσης/, verify: 'Επαλήθευση' }
      : { code: /^Verification code/, verify: 'Verify' };
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
    const response = await answer;
    if (response.status() === 429) {
      await page.waitForTimeout(2_000);
      continue;
    }
    // Provider staff type the code of the demo's published second factor (issue 21, ADR 031).
    const body = (await response.json().catch(() => ({}))) as { next?: string };
    if (body.next === 'secondFactor') await typeDemoCode(page, email, codeText);
    break;
  }
  await page.waitForURL((url) => !url.pathname.endsWith('/user/login'), { timeout: 15_000 });
  await expect(page.getByRole('button', { name: text.profile })).toBeVisible();
}
