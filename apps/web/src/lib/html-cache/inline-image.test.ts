import { describe, expect, it } from 'vitest';
import { INLINE_IMAGE_MAX_BYTES, imageDataUrl, lcpImagePath, withInlineImage } from './inline-image';

const PRELOAD =
  '<link rel="preload" as="image" imageSrcSet="/images/p-320.webp 320w, /images/p-640.webp 640w" fetchPriority="high"/>';
const FIRST =
  '<img src="/images/p-160.webp" srcSet="/images/p-320.webp 320w, /images/p-640.webp 640w" sizes="45vw" width="160" height="160" alt="" loading="eager" fetchPriority="high" decoding="async" class="mc-img"/>';
const LAZY =
  '<img src="/images/q-160.webp" srcSet="/images/q-320.webp 320w" sizes="auto,45vw" width="160" height="160" alt="" loading="lazy" decoding="async" class="mc-img"/>';
const page = (first = FIRST) =>
  `<!DOCTYPE html><html><head>${PRELOAD}<title>x</title></head><body><article>${first}</article><article>${LAZY}</article></body></html>`;

describe('lcpImagePath', () => {
  it("picks the widest file of the high-priority picture's srcset", () => {
    expect(lcpImagePath(page())).toBe('/images/p-640.webp');
  });
  it('takes the src without a srcset, and nothing from another origin or without such a picture', () => {
    expect(lcpImagePath(page('<img src="/images/p.webp" alt="" fetchPriority="high"/>'))).toBe(
      '/images/p.webp',
    );
    expect(
      lcpImagePath(page('<img src="http://api.test/images/p.webp" alt="" fetchPriority="high"/>')),
    ).toBeNull();
    expect(lcpImagePath(page('<img src="//cdn.test/p.webp" alt="" fetchPriority="high"/>'))).toBeNull();
    expect(lcpImagePath(page(''))).toBeNull();
  });
});

describe('imageDataUrl', () => {
  it('writes a small picture as a data: URL', () => {
    expect(imageDataUrl('image/webp', new Uint8Array([1, 2, 3]))).toBe('data:image/webp;base64,AQID');
  });
  it('refuses what is not a picture, or too large to inline', () => {
    expect(imageDataUrl('text/html', new Uint8Array([1]))).toBeNull();
    expect(imageDataUrl('image/svg+xml', new Uint8Array([1]))).toBeNull();
    expect(imageDataUrl(null, new Uint8Array([1]))).toBeNull();
    expect(imageDataUrl('image/webp', new Uint8Array(INLINE_IMAGE_MAX_BYTES + 1))).toBeNull();
  });
});

describe('withInlineImage', () => {
  it('puts the file in the first picture alone and drops its preload', () => {
    const html = withInlineImage(page(), 'data:image/webp;base64,AQID') ?? '';
    expect(html).toContain(
      '<img src="data:image/webp;base64,AQID" width="160" height="160" alt="" loading="eager" fetchPriority="high" class="mc-img"/>',
    );
    expect(html).not.toContain('rel="preload" as="image"');
    // The other pictures are untouched.
    expect(html).toContain(LAZY);
  });
  it('leaves a page without a high-priority picture alone', () => {
    expect(withInlineImage(page(''), 'data:image/webp;base64,AQID')).toBeNull();
  });
});
