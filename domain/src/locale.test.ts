import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cultureOf, localeOfCulture, localePath, splitLocalePath, switchLocalePath } from './locale';

describe('culture header (SPEC §7)', () => {
  it('sends en as en-us and el as el-gr', () => {
    expect(cultureOf('en')).toBe('en-us');
    expect(cultureOf('el')).toBe('el-gr');
  });

  it.each([
    ['en', 'en'],
    ['en-us', 'en'],
    ['EN-GB', 'en'],
    ['el-gr', 'el'],
    ['el', 'el'],
    ['', 'el'],
    [undefined, 'el'],
    ['fr-fr', 'el'],
    ['english', 'el'],
  ])('reads Culture %j as %s', (header, locale) => {
    expect(localeOfCulture(header)).toBe(locale);
  });
});

describe('locale paths (SPEC §2)', () => {
  it('gives Greek no prefix and English /en', () => {
    expect(localePath('el', '/card-list')).toBe('/card-list');
    expect(localePath('en', '/card-list')).toBe('/en/card-list');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('el', '/en/faqs')).toBe('/faqs');
    expect(localePath('en', 'faqs')).toBe('/en/faqs');
  });

  it('leaves external links, tel: and anchors alone', () => {
    for (const link of [
      'https://example.com/x',
      'tel:+302100000000',
      'mailto:a@b.gr',
      '#main',
      '//cdn.example.com',
    ]) {
      expect(localePath('en', link)).toBe(link);
    }
  });

  it('does not take /english or /enable for the English prefix', () => {
    expect(splitLocalePath('/enable')).toEqual({ locale: 'el', path: '/enable' });
    expect(splitLocalePath('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/en/card-list')).toEqual({ locale: 'en', path: '/card-list' });
  });

  it('keeps the page, query and hash when switching language', () => {
    expect(switchLocalePath('/orders/order-history?page=2#top', 'en')).toBe(
      '/en/orders/order-history?page=2#top',
    );
    expect(switchLocalePath('/en/orders/order-history?page=2', 'el')).toBe('/orders/order-history?page=2');
    expect(switchLocalePath('/en', 'el')).toBe('/');
  });

  it('round-trips any path between the languages', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), (segments) => {
        const path = `/${segments.join('/')}`;
        const english = localePath('en', path);
        expect(splitLocalePath(english)).toEqual({ locale: 'en', path: splitLocalePath(path).path });
        expect(switchLocalePath(switchLocalePath(path, 'en'), 'el')).toBe(localePath('el', path));
      }),
    );
  });
});
