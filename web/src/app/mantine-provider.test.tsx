import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

const FILE = path.join(import.meta.dirname, 'mantine-variables.css');
const HEADER =
  '/* Written from MantineProvider with the portal theme (app/theme.ts): the CSS variables and breakpoint\n' +
  '   classes it would inject at run time. app/mantine-provider.test.tsx checks it; after a theme or\n' +
  '   Mantine change, run that test with UPDATE_MANTINE_CSS=1 to write it again (ADR 052). */\n';

/** The rules `MantineProvider` injects for the portal's theme, one per line. */
function injectedRules(): string {
  const { container } = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <span />
    </MantineProvider>,
  );
  const styles = [...document.querySelectorAll('style[data-mantine-styles]')].map((style) => style.innerHTML);
  container.remove();
  return styles.join('').replace(/}/g, '}\n');
}

/** The rules without comments, white space and quote style (the file is formatted by Prettier). */
const normalized = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/"/g, "'");

describe('the portal Mantine provider', () => {
  it('ships the CSS variables and classes that MantineProvider would inject for the theme', () => {
    const injected = injectedRules();
    if (process.env.UPDATE_MANTINE_CSS) writeFileSync(FILE, HEADER + injected);
    expect(normalized(readFileSync(FILE, 'utf8'))).toBe(normalized(injected));
  });
});
