import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { MESSAGE_AREAS, MESSAGES } from './messages';

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

const { el, en } = MESSAGES;

describe('UI messages', () => {
  it.each(Object.entries(MESSAGE_AREAS))(
    'area %s has exactly the same keys in Greek and English',
    (_, pair) => {
      expect(Object.keys(pair.en).sort()).toEqual(Object.keys(pair.el).sort());
    },
  );

  it('no two areas define the same message id', () => {
    const ids = Object.values(MESSAGE_AREAS).flatMap((pair) => Object.keys(pair.el));
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
