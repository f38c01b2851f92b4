import { describe, expect, it } from 'vitest';
import { hrefString, localeHref, stripLocalePrefix } from './locale-href';
import { getPathname } from './navigation';

describe('localeHref', () => {
  it('writes what next-intl writes for the routing (as-needed prefix, ru without one)', () => {
    const hrefs = [
      '/',
      '/about',
      '/branches?city=samarkand',
      '/?city=samarkand',
      { pathname: '/product/osh', query: { city: 'samarkand' } },
      { pathname: '/x', query: { a: ['1', '2'], b: 3 } },
    ];
    for (const locale of ['ru', 'uz', 'en'] as const) {
      for (const href of hrefs) {
        expect(localeHref(href, locale), `${locale} ${JSON.stringify(href)}`).toBe(
          getPathname({ href, locale }),
        );
      }
    }
  });

  it('adds nothing for an empty query or an undefined value, and leaves external hrefs alone', () => {
    expect(hrefString({ pathname: '/product/osh', query: {} })).toBe('/product/osh');
    expect(hrefString({ pathname: '/product/osh', query: { city: undefined } })).toBe('/product/osh');
    expect(localeHref('https://example.com/a', 'en')).toBe('https://example.com/a');
    expect(localeHref('//cdn.example.com/a', 'en')).toBe('//cdn.example.com/a');
  });
});

describe('stripLocalePrefix', () => {
  it('gives the locale-less pathname of the current page', () => {
    expect(stripLocalePrefix('/en/about')).toBe('/about');
    expect(stripLocalePrefix('/uz')).toBe('/');
    expect(stripLocalePrefix('/about')).toBe('/about');
    expect(stripLocalePrefix('/')).toBe('/');
    // Only a whole segment is a prefix.
    expect(stripLocalePrefix('/enigma')).toBe('/enigma');
    expect(stripLocalePrefix('/uz/product/osh')).toBe('/product/osh');
  });
});
