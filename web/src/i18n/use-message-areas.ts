import { use } from 'react';
import { useLocale } from '../lib/use-locale';
import { hasMessages, loadMessages } from './load-messages';
import type { MessageArea } from './messages';

/**
 * For a component that shows texts of an area its page does not load (the merchant's bell in the
 * header): suspends until they are there in the current language. Pages name their areas in the
 * route table instead (`app/routes.tsx`), so their texts come with their code.
 */
export function useMessageAreas(areas: readonly MessageArea[]): void {
  const locale = useLocale();
  if (!hasMessages(locale, areas)) use(loadMessages(locale, areas));
}
