import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Main areas the server draws in the page's HTML (ADR 054 amendment, issue 36 §7): the sign-in
 * card of a sign-in it started and the home page's hero for a visitor. The page's largest text
 * paints before any script, and the app, once booted, draws its own in the same place, the same
 * size, with the same text, so nothing moves when it takes over. Measured with scripts off (the
 * HTML alone) and on (the app's page), at a phone's and a desktop's width, in both languages.
 */
type Box = { x: number; y: number; width: number; height: number; text: string; fontSize: string };

type Drawn = {
  path: string;
  title: string;
  summary: string;
  /** What shows the app has taken over: the form's button, the header's sign-in link. */
  ready: { role: 'button' | 'link'; name: RegExp };
  heading: string;
};

const PAGES: Drawn[] = [
  {
    path: '/user/login',
    title: 'h1#auth-title',
    summary: '.tessera-auth__summary',
    ready: { role: 'button', name: /^Σύνδεση$/ },
    heading: 'Σύνδεση στην Tessera',
  },
  {
    path: '/en/user/login',
    title: 'h1#auth-title',
    summary: '.tessera-auth__summary',
    ready: { role: 'button', name: /^Sign in$/ },
    heading: 'Sign in to Tessera',
  },
  {
    path: '/',
    title: '.tessera-hero h1',
    summary: '.tessera-page-header__summary',
    ready: { role: 'link', name: /^Σύνδεση$/ },
    heading: 'Καλώς ήρθατε στην Tessera',
  },
  {
    path: '/en',
    title: '.tessera-hero h1',
    summary: '.tessera-page-header__summary',
    ready: { role: 'link', name: /^Sign in$/ },
    heading: 'Welcome to Tessera',
  },
];

async function drawnOf(
  browser: Browser,
  baseURL: string,
  drawn: Drawn,
  width: number,
  javaScriptEnabled: boolean,
): Promise<{ title: Box; summary: Box }> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, viewport: { width, height: 800 } });
  const page = await context.newPage();
  await page.goto(drawn.path);
  if (javaScriptEnabled) {
    await expect(page.getByRole(drawn.ready.role, { name: drawn.ready.name }).first()).toBeVisible();
    await expect(page.locator('main#main-content')).toBeVisible();
  } else {
    await expect(page.locator('main[data-server-drawn]')).toBeVisible();
  }
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
  const measured = { title: await measure(drawn.title), summary: await measure(drawn.summary) };
  await context.close();
  return measured;
}

for (const drawn of PAGES) {
  test(`${drawn.path}: the HTML draws the page's title and summary where the app draws them, at 360 and 1440 px`, async ({
    browser,
    baseURL,
  }) => {
    for (const width of [360, 1440]) {
      const html = await drawnOf(browser, baseURL!, drawn, width, false);
      const app = await drawnOf(browser, baseURL!, drawn, width, true);
      expect(html.title.text, `${width} px`).toBe(drawn.heading);
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
