import { describe, expect, it } from 'vitest';
import { localizedUrl, paths, safeNextPath, withLoginParam, withoutLoginParams } from './paths';

describe('paths', () => {
  it('puts Tashkent at / and other cities under their slug', () => {
    expect(paths.home()).toBe('/');
    expect(paths.home('tashkent')).toBe('/');
    expect(paths.home('samarkand')).toBe('/samarkand');
  });

  it('builds item paths with encoded slugs', () => {
    expect(paths.product('plov-tashkent')).toBe('/product/plov-tashkent');
    expect(paths.product('plov-tashkent', 'tashkent')).toBe('/product/plov-tashkent');
    expect(paths.product('plov-tashkent', 'samarkand')).toBe('/product/plov-tashkent?city=samarkand');
    expect(paths.branch('chilonzor')).toBe('/branches/chilonzor');
    expect(paths.news('a b')).toBe('/news/a%20b');
    expect(paths.branches('bukhara')).toBe('/branches?city=bukhara');
  });

  it('adds ?login and keeps the other parameters', () => {
    expect(withLoginParam('/en/cart', '')).toBe('/en/cart?login');
    expect(withLoginParam('/', '?city=bukhara')).toBe('/?city=bukhara&login');
    expect(withLoginParam('/', '?login&x=1')).toBe('/?login&x=1');
  });

  it('carries where to land after signing in, on this site only', () => {
    expect(withLoginParam('/en/profile', '', '/en/profile')).toBe('/en/profile?login&next=%2Fen%2Fprofile');
    expect(withLoginParam('/cart', '?a=1', 'https://evil.example/')).toBe('/cart?a=1&login');
    expect(safeNextPath('/checkout?x=1')).toBe('/checkout?x=1');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\t/evil',
      '',
      null,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
  });

  it('refuses a next path that normalises into another origin', () => {
    for (const bad of [
      '/.//evil.example',
      '/..//evil.example',
      '/%2e//evil.example',
      '/a/../%2E%2E//evil.example',
    ]) {
      expect(safeNextPath(bad), bad).toBeNull();
      expect(withLoginParam('/cart', '', bad), bad).toBe('/cart?login');
    }
    for (const good of [
      '/',
      '/checkout',
      '/en/profile',
      '/uz/product/plov-tashkent?city=samarkand#reviews',
      '/myorders/3f2c/status?x=1&y=2',
      '/samarkand',
    ]) {
      expect(safeNextPath(good), good).toBe(good);
    }
    expect(safeNextPath('/./checkout')).toBe('/checkout');
  });

  it('removes login and next when the dialog closes and keeps everything else', () => {
    expect(withoutLoginParams('/en/cart', '?login&next=%2Fcheckout&city=bukhara', '#x')).toBe(
      '/en/cart?city=bukhara#x',
    );
    expect(withoutLoginParams('/', '?login')).toBe('/');
  });

  it('gives ru URLs without a prefix and the others with one', () => {
    expect(localizedUrl('https://baraka.uz', 'ru', '/')).toBe('https://baraka.uz/');
    expect(localizedUrl('https://baraka.uz', 'ru', '/about')).toBe('https://baraka.uz/about');
    expect(localizedUrl('https://baraka.uz', 'uz', '/')).toBe('https://baraka.uz/uz');
    expect(localizedUrl('https://baraka.uz', 'en', '/news/x')).toBe('https://baraka.uz/en/news/x');
  });
});
