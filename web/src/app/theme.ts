import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Brand: deep teal with an amber accent. Shade 7 (#0b5f5a) is the filled colour: 7.4:1 against white,
 * so white text on buttons and teal links on white both pass WCAG AA.
 */
const tessera: MantineColorsTuple = [
  '#e6f2f1',
  '#cce8e6',
  '#9dd3ce',
  '#6bbdb6',
  '#41a9a1',
  '#1f8a82',
  '#13726c',
  '#0b5f5a',
  '#084a46',
  '#063734',
];

export const theme = createTheme({
  // Users who ask their system for less motion get no transitions (WCAG 2.3.3).
  respectReducedMotion: true,
  primaryColor: 'tessera',
  primaryShade: 7,
  colors: { tessera },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
});

/**
 * Mantine's default "dimmed" grey (3.3:1 on white) and error red (3.6:1) fail WCAG AA; darker
 * shades pass (dimmed 8.2:1, error #c92a2a 5.4:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-placeholder': '#6b7178',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});
