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
