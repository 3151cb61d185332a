import { vi } from 'vitest';
import { NARROW_SCREEN_QUERY } from '../lib/use-is-narrow';

/**
 * Renders as on a phone: the narrow-screen media query matches (jsdom has no layout, so the
 * portal's switch from tables to lists of cards is driven here). Undone after each test.
 */
export function onNarrowScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_SCREEN_QUERY,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

/** A card of a record list as label → text (`ui/record-list.tsx`), for assertions. */
export function recordFields(item: HTMLElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const term of Array.from(item.querySelectorAll('dt'))) {
    fields[term.textContent ?? ''] = term.nextElementSibling?.textContent ?? '';
  }
  return fields;
}
