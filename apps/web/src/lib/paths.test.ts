import { describe, expect, it } from 'vitest';
import { localizedUrl, paths, withLoginParam } from './paths';

describe('paths', () => {
  it('puts Tashkent at / and other cities under their slug', () => {
    expect(paths.home()).toBe('/');
    expect(paths.home('tashkent')).toBe('/');
    expect(paths.home('samarkand')).toBe('/samarkand');
  });

  it('builds item paths with encoded slugs', () => {
    expect(paths.product('plov-tashkent')).toBe('/product/plov-tashkent');
    expect(paths.branch('chilonzor')).toBe('/branches/chilonzor');
    expect(paths.news('a b')).toBe('/news/a%20b');
    expect(paths.branches('bukhara')).toBe('/branches?city=bukhara');
  });

  it('adds ?login and keeps the other parameters', () => {
    expect(withLoginParam('/en/cart', '')).toBe('/en/cart?login');
    expect(withLoginParam('/', '?city=bukhara')).toBe('/?city=bukhara&login');
    expect(withLoginParam('/', '?login&x=1')).toBe('/?login&x=1');
  });

  it('gives ru URLs without a prefix and the others with one', () => {
    expect(localizedUrl('https://baraka.uz', 'ru', '/')).toBe('https://baraka.uz/');
    expect(localizedUrl('https://baraka.uz', 'ru', '/about')).toBe('https://baraka.uz/about');
    expect(localizedUrl('https://baraka.uz', 'uz', '/')).toBe('https://baraka.uz/uz');
    expect(localizedUrl('https://baraka.uz', 'en', '/news/x')).toBe('https://baraka.uz/en/news/x');
  });
});
