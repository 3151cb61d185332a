import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages, messagesOf } from './load-messages';
import { MESSAGE_AREAS } from './messages';

/** Names of the ICU arguments a message uses (`{count}`, `{path}`…), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.value);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        Object.values(element.options).forEach((option) => walk(option.value));
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Every message file, by path (`./el.json`, `./areas/cards.en.json`). */
const FILES = import.meta.glob<Record<string, string>>(['./*.json', './areas/*.json'], {
  eager: true,
  import: 'default',
});

/** The files as language pairs: `shell` (`el.json`, `en.json`) and each area (`cards`). */
const PAIRS = Object.entries(FILES)
  .filter(([file]) => file.endsWith('el.json'))
  .map(([file, greek]) => {
    const name = /^\.\/(?:areas\/([a-z-]+)\.)?el\.json$/.exec(file)?.[1] ?? 'shell';
    const english = FILES[file.replace(/el\.json$/, 'en.json')] ?? {};
    return [name, { el: greek, en: english }] as const;
  });

let el: Record<string, string> = {};
let en: Record<string, string> = {};

beforeAll(async () => {
  // Through the loader, as the app loads them: every file is reachable by its area's name.
  await Promise.all([loadMessages('el', MESSAGE_AREAS), loadMessages('en', MESSAGE_AREAS)]);
  el = messagesOf('el') as Record<string, string>;
  en = messagesOf('en') as Record<string, string>;
});

describe('UI messages', () => {
  it.each(PAIRS)('area %s has exactly the same keys in Greek and English', (_, pair) => {
    expect(Object.keys(pair.en).sort()).toEqual(Object.keys(pair.el).sort());
  });

  it('has one area name for each pair of files, and loads every file by it', () => {
    const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    expect(PAIRS.map(([name]) => camel(name)).sort()).toEqual([...MESSAGE_AREAS].sort());
    for (const locale of ['el', 'en'] as const) {
      const all = PAIRS.flatMap(([, pair]) => Object.keys(pair[locale]));
      expect(Object.keys(locale === 'el' ? el : en).sort()).toEqual([...new Set(all)].sort());
    }
  });

  it('no two areas define the same message id', () => {
    const ids = PAIRS.flatMap(([, pair]) => Object.keys(pair.el));
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('has no empty message in either language', () => {
    for (const messages of [el, en]) {
      const empty = Object.entries(messages).filter(([, text]) => text.trim() === '');
      expect(empty).toEqual([]);
    }
  });

  it('uses the same placeholders in both languages, and every message parses', () => {
    for (const [key, greek] of Object.entries(el)) {
      const english = (en as Record<string, string>)[key] ?? '';
      expect({ key, args: argumentsOf(english) }).toEqual({ key, args: argumentsOf(greek) });
    }
  });

  it('names message ids by area (`shell.header.faqs`)', () => {
    const badIds = Object.keys(el).filter((id) => !/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z]*)+$/.test(id));
    expect(badIds).toEqual([]);
  });
});
