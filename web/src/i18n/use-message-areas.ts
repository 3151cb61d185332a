import { useEffect, useSyncExternalStore } from 'react';
import { useLocale } from '../lib/use-locale';
import { hasMessages, loadMessages, subscribeMessages } from './load-messages';
import type { MessageArea } from './messages';

/**
 * For a component that shows texts of an area its page does not load (the merchant's bell in the
 * header): loads them in the current language and tells whether they are there, so the component
 * shows nothing until then. Pages name their areas in the route table instead (`app/routes.tsx`),
 * so their texts come with their code.
 */
export function useMessageAreas(areas: readonly MessageArea[]): boolean {
  const locale = useLocale();
  const isReady = useSyncExternalStore(subscribeMessages, () => hasMessages(locale, areas));
  const key = areas.join(',');
  useEffect(() => {
    // A failed load leaves the component hidden; the next page's route tries again.
    if (!isReady) loadMessages(locale, areas).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `areas`
  }, [isReady, locale, key]);
  return isReady;
}
