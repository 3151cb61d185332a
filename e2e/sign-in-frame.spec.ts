import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The sign-in page's title and summary come with its HTML (ADR 054 amendment, issue 36 §7): the
 * page's largest text paints before any script, and the app, once booted, draws its own in the same
 * place, the same size, with the same text, so nothing moves when it takes over. Measured with
 * scripts off (the HTML alone) and on (the app's form), at a phone's and a desktop's width, in both
 * languages.
 */
type Box = { x: number; y: number; width: number; height: number; text: string; fontSize: string };

async function cardOf(
  browser: Browser,
  baseURL: string,
  path: string,
  width: number,
  javaScriptEnabled: boolean,
): Promise<{ title: Box; summary: Box }> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(path);
  // With scripts on, the app has taken over once the form is there.
  if (javaScriptEnabled)
    await expect(page.getByRole('button', { name: /^(Σύνδεση|Sign in)$/ })).toBeVisible();
  const measure = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return {
        x,
        y,
        width,
        height,
        text: element.textContent ?? '',
        fontSize: getComputedStyle(element).fontSize,
      };
    });
  const card = { title: await measure('h1#auth-title'), summary: await measure('.tessera-auth__summary') };
  await context.close();
  return card;
}

for (const path of ['/user/login', '/en/user/login']) {
  test(`the sign-in card of ${path} is drawn by the HTML where the app draws it, at 360 and 1440 px`, async ({
    browser,
    baseURL,
  }) => {
    for (const width of [360, 1440]) {
      const html = await cardOf(browser, baseURL!, path, width, false);
      const app = await cardOf(browser, baseURL!, path, width, true);
      expect(html.title.text, `${width} px`).toBe(
        path.startsWith('/en') ? 'Sign in to Tessera' : 'Σύνδεση στην Tessera',
      );
      for (const part of ['title', 'summary'] as const) {
        expect(html[part].text, `${part} at ${width} px`).toBe(app[part].text);
        expect(html[part].fontSize, `${part} at ${width} px`).toBe(app[part].fontSize);
        for (const key of ['x', 'y', 'width', 'height'] as const) {
          expect(
            Math.abs(html[part][key] - app[part][key]),
            `${part}.${key} at ${width} px`,
          ).toBeLessThanOrEqual(1);
        }
      }
    }
  });
}
