import type { APIRequestContext, Page } from '@playwright/test';
import { policyOf } from '../domain/src/policies';
import { PORTAL_ROUTES, ROUTE_ACTIONS } from '../domain/src/routes';
import { expect, expectAccessible, screenshot, test } from './fixtures';

type MenuItem = { text: string; children: MenuItem[]; link: { url: string } };

async function content<T>(request: APIRequestContext, path: string, culture: 'el-gr' | 'en-us'): Promise<T> {
  const response = await request.get(`/api/content/${path}`, { headers: { culture } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T;
}

/** The first path of the menu that reaches a third-level item. */
function thirdLevelPath(items: MenuItem[]): MenuItem[] {
  for (const first of items) {
    for (const second of first.children) {
      const third = second.children[0];
      if (third) return [first, second, third];
    }
  }
  throw new Error('the menu has no third level');
}

test.describe('home page in both languages', () => {
  for (const [path, culture, lang] of [
    ['/', 'el-gr', 'el'],
    ['/en', 'en-us', 'en'],
  ] as const) {
    test(`serves the ${lang} home page at ${path}`, async ({ page, request }) => {
      const { page: home } = await content<{ page: { title: string } }>(request, 'pages/home', culture);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: home.title })).toBeVisible();
      const { main_menu } = await content<{ main_menu: MenuItem[] }>(request, 'menu', culture);
      const navigation = page.getByRole('navigation', { name: lang === 'el' ? 'Κύριο μενού' : 'Main menu' });
      await expect(navigation.getByText(main_menu[0]!.text, { exact: true }).first()).toBeVisible();
      const footer = page.getByRole('contentinfo');
      for (const network of ['Instagram', 'LinkedIn', 'Facebook', 'YouTube']) {
        await expect(footer.getByRole('link', { name: new RegExp(network, 'i') })).toBeVisible();
      }
      await expect(footer).toContainText('©');
    });
  }
});

test('the language switch keeps the page, its query and its hash', async ({ page }) => {
  await page.goto('/faqs?q=%CE%BA%CE%AC%CF%81%CF%84%CE%B1');
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await page.getByRole('link', { name: 'English' }).first().click();
  await expect(page).toHaveURL(/\/en\/faqs\?q=%CE%BA%CE%AC%CF%81%CF%84%CE%B1$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
  await page.getByRole('link', { name: 'Ελληνικά' }).first().click();
  await expect(page).toHaveURL(/\/faqs\?q=%CE%BA%CE%AC%CF%81%CF%84%CE%B1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Συχνές ερωτήσεις' })).toBeVisible();
});

test.describe('mobile menu at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const [prefix, culture, open, back, menu] of [
    ['', 'el-gr', 'Άνοιγμα μενού', 'Πίσω σε', 'Μενού'],
    ['/en', 'en-us', 'Open menu', 'Back to', 'Menu'],
  ] as const) {
    test(`reaches a third-level item and comes back to the menu (${culture})`, async ({ page, request }) => {
      const { main_menu } = await content<{ main_menu: MenuItem[] }>(request, 'menu', culture);
      const [first, second, third] = thirdLevelPath(main_menu);
      await page.goto(`${prefix}/`);
      await page.getByRole('button', { name: open }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: first!.text }).click();
      await drawer.getByRole('button', { name: second!.text }).click();
      await expect(drawer.getByRole('link', { name: third!.text, exact: true })).toBeVisible();
      await screenshot(page, `mobile-menu-third-level-${culture}`);
      await drawer.getByRole('button', { name: new RegExp(`^${back}`) }).click();
      await expect(drawer.getByRole('button', { name: second!.text })).toBeVisible();
      await drawer
        .getByRole('navigation', { name: /Menu path|Διαδρομή/ })
        .getByRole('button', { name: menu, exact: true })
        .click();
      await expect(drawer.getByRole('button', { name: first!.text })).toBeVisible();
      await drawer.getByRole('button', { name: first!.text }).click();
      await drawer.getByRole('button', { name: second!.text }).click();
      await drawer.getByRole('link', { name: third!.text, exact: true }).click();
      // The link is followed; a page for signed-in users then sends this visitor on to sign in.
      const target = third!.link.url.replace(/[/?]/g, '\\$&');
      await expect(page).toHaveURL(new RegExp(`${prefix}(${target}$|/user/login\\?)`));
    });
  }
});

test.describe('global errors (SPEC §8)', () => {
  test('a failing call shows the error modal with the catalogue message and Ok closes it', async ({
    page,
    request,
  }) => {
    const { errorCodes } = await content<{ errorCodes: { errorCode: number; errorCodeMessage: string }[] }>(
      request,
      'error-codes',
      'en-us',
    );
    const conflict = errorCodes.find((entry) => entry.errorCode === 6)!.errorCodeMessage;
    await page.route('**/api/content/faqs**', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          errorCode: 6,
          errorLevel: 'error',
          errorMessage: 'server text',
        }),
      }),
    );
    await page.goto('/en/faqs');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(conflict);
    await expect(dialog).not.toContainText('server text');
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await expect(dialog).toBeHidden();
  });

  test('error 135 shows a modal whose Ok goes home', async ({ page }) => {
    await page.route('**/api/content/faqs**', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errorCode: 135, errorLevel: 'error', errorMessage: 'gone' }),
      }),
    );
    await page.goto('/faqs');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Εντάξει' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const [path, title] of [
    ['/faqs', 'Λυπούμαστε, αντιμετωπίζουμε πρόβλημα με το σύστημά μας.'],
    ['/en/faqs', 'Sorry, we are having a problem with our system.'],
  ] as const) {
    test(`a 500 shows the system-problem page (${path})`, async ({ page }) => {
      await page.route('**/api/content/faqs**', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, errorCode: 1, errorLevel: 'error', errorMessage: 'boom' }),
        }),
      );
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByText(/Try again later|Δοκιμάστε ξανά αργότερα/)).toBeVisible();
      await screenshot(page, `system-problem${path.replace(/\//g, '-')}`);
    });
  }
});

test('a notification becomes read when clicked and stays read after a reload', async ({ page, request }) => {
  const { umbracoNotifications } = await content<{
    umbracoNotifications: {
      notificationId: string;
      title: string;
      notificationEndDateTime: string | null;
      link?: { url?: string } | null;
    }[];
  }>(request, 'notifications', 'en-us');
  const live = umbracoNotifications.filter(
    (n) => !n.notificationEndDateTime || new Date(n.notificationEndDateTime) > new Date(),
  );
  const ended = umbracoNotifications.filter((n) => !live.includes(n));
  expect(live.length).toBeGreaterThan(1);

  await page.goto('/en/notifications');
  const bell = page.getByRole('button', { name: `Notifications: ${live.length} unread` });
  await expect(bell).toBeVisible();
  for (const gone of ended) await expect(page.getByText(gone.title)).toHaveCount(0);

  // One without a link: a linked one takes the page elsewhere when clicked, which this test is not
  // about (which notifications are live depends on the day the test runs).
  const target = live.find((n) => n.title && !n.link?.url) ?? live.find((n) => n.title)!;
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByText(target.title).click();
  await expect(page.getByRole('button', { name: `Notifications: ${live.length - 1} unread` })).toBeVisible();
  const stored = await page.evaluate(() => window.localStorage.getItem('notifications'));
  expect(stored).toContain(target.notificationId);
  await page.reload();
  await expect(page.getByRole('button', { name: `Notifications: ${live.length - 1} unread` })).toBeVisible();
});

test('the contact form names the bad fields, then sends and shows the request number', async ({ page }) => {
  await page.goto('/en/contact');
  await page.getByLabel('Full name').fill('Maria Papadopoulou');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/valid email/i)).toBeVisible();
  await page.getByLabel('Email').fill('maria@example.gr');
  await page.getByLabel('Subject').selectOption({ label: 'Cards' });
  await page.getByLabel('Message').fill('Please tell me more about Ticket Restaurant cards.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/Request number: TS-\d{8}-[0-9A-F]{6}/)).toBeVisible();
});

test('the accessibility check fails a page with a serious violation, and passes it once fixed', async ({
  page,
}) => {
  // The scan every journey relies on (fixtures.ts) must be able to fail: an image without a text
  // alternative and a field without a label are critical violations.
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>Check</h1><img src="data:,"><input type="text"></main></body></html>',
  );
  const failure = await expectAccessible(page, 'a broken page').then(
    () => 'passed',
    (error: unknown) => String(error),
  );
  expect(failure).toContain('image-alt (critical)');
  expect(failure).toContain('label (critical)');
  await page.evaluate(() => {
    document.querySelector('img')!.setAttribute('alt', 'A picture');
    document.querySelector('input')!.setAttribute('aria-label', 'Name');
  });
  await expectAccessible(page, 'the page fixed');
});

/**
 * Every public SPEC §2 route, and of the protected ones the first of each kind of access (the roles
 * and scope of its policy): signed out, every protected page renders the same sign-in page after a
 * round trip through the provider (about 2 s a visit), and which pages are protected is proven for
 * every route and language by the web suite (`routes.test.ts`, from the domain's table). Plus a
 * protected route with a query and one with a draft id, a CMS page and an unknown address.
 */
const PAGES = [
  ...PORTAL_ROUTES.filter(
    (path) =>
      ROUTE_ACTIONS[path] === null ||
      PORTAL_ROUTES.find((other) => accessKind(other) === accessKind(path)) === path,
  ),
  '/cards/spendeo/issue?expired=true',
  '/card-issue/info/123',
  '/page/terms',
  '/no-such-page',
];

/** Who may open a route: `public`, or its policy's roles, scope and need of several companies. */
function accessKind(path: (typeof PORTAL_ROUTES)[number]): string {
  const action = ROUTE_ACTIONS[path];
  if (action === null) return 'public';
  const policy = policyOf(action);
  return JSON.stringify([[...policy.roles].sort(), policy.scope, policy.manyCompanies ?? false]);
}

async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^(Loading…|Φόρτωση…)$/)).toHaveCount(0);
}

/**
 * What a visit rendered: the final address without the sign-in's one-time `uid`, the level-1
 * heading and the language. Signed out, most protected routes render the same sign-in page.
 */
async function renderedPage(page: Page): Promise<string> {
  const url = new URL(page.url());
  // The sign-in's one-time interaction, or the address to come back to, differ per route.
  url.searchParams.delete('uid');
  url.searchParams.delete('callbackUrl');
  url.searchParams.sort();
  const heading = (await page.getByRole('heading', { level: 1 }).first().innerText()).trim();
  const lang = await page.locator('html').getAttribute('lang');
  return `${lang} ${url.pathname}${url.search} «${heading}»`;
}

/**
 * Goes to `route` the way a link in the portal does: the router reads the new address on
 * `popstate`, so the page changes without loading the bundle again (a full load of each of the
 * hundred-odd routes in two languages cost 400 s of the e2e time; ADR 038).
 */
async function navigateInApp(page: Page, route: string): Promise<void> {
  // A protected route sends a signed-out visitor to the sign-in through the server: a full load,
  // which ends this page's scripts; the load is then waited for like any other.
  await survivingLoad(page, () =>
    page.evaluate((target) => {
      // The page shown now is stale until the router has rendered the new address.
      for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-e2e-stale', '');
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, route),
  );
  // The new page has replaced the old one's heading, and no page code is loading. A page that keeps
  // the same heading element (the same sign-in page for two protected routes) ends the wait without
  // a replacement, after a few frames with nothing loading.
  await survivingLoad(page, () =>
    page.waitForFunction(
      () => {
        const w = window as Window & { e2eIdleFrames?: number };
        if (document.readyState !== 'complete' || document.querySelector('.tessera-loading-overlay')) {
          w.e2eIdleFrames = 0;
          return false;
        }
        if (!document.querySelector('h1[data-e2e-stale]')) return true;
        w.e2eIdleFrames = (w.e2eIdleFrames ?? 0) + 1;
        return w.e2eIdleFrames > 10;
      },
      undefined,
      { polling: 'raf' },
    ),
  );
}

/** Runs `step` in the page; when a full load ends the page's scripts under it, waits for the load. */
async function survivingLoad(page: Page, step: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await step();
      return;
    } catch (error) {
      const destroyed = error instanceof Error && /context was destroyed|navigat/i.test(error.message);
      if (!destroyed || attempt === 2) throw error;
      await page.waitForLoadState('load');
    }
  }
}

/**
 * The rendered pages axe has scanned in this worker, with the route that showed each first. The
 * route groups run in parallel across the workers (each on its own server, read-only, signed out),
 * so each worker scans each distinct page at most once; a worker started again after a failure
 * scans again.
 */
const scanned = new Map<string, string>();

/** Routes per test: a group shares one page, loaded once, and reaches the rest in the app. */
const GROUP_COUNT = 8;
const GROUP_SIZE = Math.ceil(PAGES.length / GROUP_COUNT);
const GROUPS = Array.from({ length: GROUP_COUNT }, (_, index) =>
  PAGES.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
).filter((group) => group.length > 0);

test.describe('every page is accessible and has a heading, in both languages', () => {
  test.describe.configure({ mode: 'parallel' });
  for (const group of GROUPS) {
    test(`axe: ${group[0]} … ${group.at(-1)} (${group.length} routes)`, async ({ page }) => {
      // Two dozen pages and their scans: the default 45 s is for one journey.
      test.setTimeout(240_000);
      // Loaded in full once: the address the server answers with the portal, then the app's own links.
      await page.goto(group[0]!);
      await settle(page);
      for (const path of group) {
        for (const prefix of ['', '/en']) {
          const route = `${prefix}${path === '/' && prefix ? '' : path}`;
          await test.step(route, async () => {
            await navigateInApp(page, route);
            // A signed-out protected page may still be on its way to the sign-in when it first
            // shows a heading: when that load ends the checks' page, they run again on the page
            // it ends on (the route's real outcome).
            await survivingLoad(page, async () => {
              await settle(page);
              // Every route renders a heading in both languages; each distinct page gets one axe scan.
              const rendered = await renderedPage(page);
              const first = scanned.get(rendered);
              if (first) {
                test.info().annotations.push({
                  type: 'axe',
                  description: `${route}: scanned at ${first} (${rendered})`,
                });
                return;
              }
              await expectAccessible(page, route);
              scanned.set(rendered, route);
            });
          });
        }
      }
    });
  }
});

test('screenshots at 360 and 1440 px in both languages', async ({ page }) => {
  // 24 full-page screenshots: more than the default 45 s on a loaded two-core machine.
  test.setTimeout(120_000);
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/faqs', '/contact', '/card-list', '/merchant', '/notifications']) {
      for (const prefix of ['', '/en']) {
        await page.goto(`${prefix}${path === '/' && prefix ? '' : path}`);
        await settle(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow of ${prefix}${path} at ${width}`).toBeLessThanOrEqual(0);
        await screenshot(
          page,
          `${width}${prefix || '/el'}${path === '/' ? '/home' : path}`.replace(/\//g, '_'),
        );
      }
    }
  }
});
