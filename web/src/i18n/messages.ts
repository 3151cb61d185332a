import type { Locale } from '@tessera/domain';
import el from './el.json';
import en from './en.json';

/**
 * UI chrome texts (page texts come from the content API). `el.json` and `en.json` have the same keys;
 * a test checks it, and the type below makes an unknown message id a compile error.
 */
export type MessageId = keyof typeof el;

export const MESSAGES: Record<Locale, Record<MessageId, string>> = {
  el,
  en: en satisfies Record<MessageId, string>,
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- react-intl's documented typing hook
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
