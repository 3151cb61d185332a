import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import el from './el.json';
import en from './en.json';

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

describe('UI messages', () => {
  it('el.json and en.json have exactly the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(el).sort());
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
