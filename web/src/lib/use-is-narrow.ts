import { useMediaQuery } from '@mantine/hooks';

/**
 * Below the shell's desktop breakpoint (992 px, where the hamburger menu takes over) the wide tables
 * of the company side would hide their last columns (status, totals, amounts to type) behind a
 * sideways scroll; there they become lists of cards (`ui/record-list.tsx`).
 */
export const NARROW_SCREEN_QUERY = '(max-width: 61.99em)';

/** Whether the screen is narrower than the desktop layout; read at once, so a phone never shows the table first. */
export function useIsNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY, false, { getInitialValueInEffect: false });
}
