import { describe, expect, it } from 'vitest';
import { imageProxyPath, imageProxyResponseHeaders, isNotModified, isPicture } from './image-proxy';

describe('imageProxyPath', () => {
  it("maps a picture's path to the API's", () => {
    expect(imageProxyPath(['r1', 'products', 'plov--pot-of-food--fde2c4-320.webp'])).toBe(
      '/images/r1/products/plov--pot-of-food--fde2c4-320.webp',
    );
  });
  it('refuses anything that could leave /images or is not a plain name', () => {
    for (const segments of [
      [],
      ['..', 'v1', 'x'],
      ['a', '..'],
      ['.env'],
      ['a b'],
      ['a%2f..'],
      ['x?y'],
      undefined,
    ]) {
      expect(imageProxyPath(segments)).toBeNull();
    }
    expect(imageProxyPath(Array.from({ length: 9 }, () => 'a'))).toBeNull();
  });
});

describe('isNotModified', () => {
  const etag = 'W/"cb6-1a2"';
  it("says so when the browser's If-None-Match names the file's ETag (weakly) or any", () => {
    expect(isNotModified(new Headers({ 'if-none-match': 'W/"cb6-1a2"' }), etag)).toBe(true);
    expect(isNotModified(new Headers({ 'if-none-match': '"x", "cb6-1a2"' }), etag)).toBe(true);
    expect(isNotModified(new Headers({ 'if-none-match': '*' }), etag)).toBe(true);
  });
  it('not for another tag, no header or no ETag', () => {
    expect(isNotModified(new Headers({ 'if-none-match': 'W/"other"' }), etag)).toBe(false);
    expect(isNotModified(new Headers(), etag)).toBe(false);
    expect(isNotModified(new Headers({ 'if-none-match': '*' }), null)).toBe(false);
  });
});

describe('imageProxyResponseHeaders', () => {
  const upstream = new Headers({
    'content-type': 'image/webp',
    'content-length': '3254',
    'cache-control': 'public, max-age=31536000, immutable',
    etag: 'W/"cb6"',
    'set-cookie': 'x=1',
    'content-security-policy': "default-src 'none'",
  });

  it("keeps a picture's type, length and caching, and nothing else of the API's", () => {
    const headers = imageProxyResponseHeaders(200, upstream);
    expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(headers.get('etag')).toBe('W/"cb6"');
    expect(headers.get('content-type')).toBe('image/webp');
    expect(headers.get('set-cookie')).toBeNull();
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never lets a non-picture or an error be cached', () => {
    expect(
      imageProxyResponseHeaders(
        200,
        new Headers({ 'content-type': 'text/html', 'cache-control': 'max-age=9' }),
      ).get('cache-control'),
    ).toBe('no-store');
    expect(imageProxyResponseHeaders(404, upstream).get('cache-control')).toBe('no-store');
    expect(
      imageProxyResponseHeaders(
        304,
        new Headers({ 'cache-control': 'public, max-age=31536000, immutable' }),
      ).get('cache-control'),
    ).toBe('public, max-age=31536000, immutable');
  });
});

describe('isPicture', () => {
  it('passes a 200 with an image type only', () => {
    expect(isPicture(200, new Headers({ 'content-type': 'image/webp' }))).toBe(true);
    expect(isPicture(200, new Headers({ 'content-type': 'text/html; charset=utf-8' }))).toBe(false);
    expect(isPicture(200, new Headers())).toBe(false);
    expect(isPicture(404, new Headers({ 'content-type': 'image/webp' }))).toBe(false);
  });
});
