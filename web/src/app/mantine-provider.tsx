import {
  MantineContext,
  MantineThemeProvider,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import './mantine-variables.css';

type PortalMantineProviderProps = {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
  /** `test` turns off Mantine's transitions and portals in component tests. */
  env: 'default' | 'test';
  children: ReactNode;
};

/**
 * What Mantine's components need from `MantineProvider` (its context and the theme), without the
 * code that works out the theme's CSS variables and breakpoint classes in the browser on every
 * start (issue 36 §4, ADR 052: about 2 KB of the first load). The portal's theme does not change
 * at run time and has one colour scheme (light), so those rules are written once, in
 * `mantine-variables.css`; `mantine-provider.test.tsx` renders `MantineProvider` with the same
 * theme and checks that the file still says exactly what it would inject.
 */
export function PortalMantineProvider({
  theme,
  cssVariablesResolver,
  env,
  children,
}: PortalMantineProviderProps) {
  // Mantine's stylesheet picks its colours by this attribute; reduced motion by the other one.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-mantine-color-scheme', 'light');
    if (theme.respectReducedMotion) root.setAttribute('data-respect-reduced-motion', 'true');
  }, [theme.respectReducedMotion]);
  const context = useMemo(
    () => ({
      colorScheme: 'light' as const,
      setColorScheme: () => {},
      clearColorScheme: () => {},
      getRootElement: () => document.documentElement,
      classNamesPrefix: 'mantine',
      cssVariablesResolver,
      cssVariablesSelector: ':root',
      withStaticClasses: true,
      env,
    }),
    [cssVariablesResolver, env],
  );
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
