import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.stubEnv('SITE_URL', 'https://baraka.uz');
const { alternates, metaDescription, pageMetadata } = await import('./seo');

describe('SEO metadata', () => {
  it('gives every page a canonical URL and hreflang for ru, uz, en and x-default', () => {
    expect(alternates('uz', '/about')).toEqual({
      canonical: 'https://baraka.uz/uz/about',
      languages: {
        ru: 'https://baraka.uz/about',
        uz: 'https://baraka.uz/uz/about',
        en: 'https://baraka.uz/en/about',
        'x-default': 'https://baraka.uz/about',
      },
    });
  });

  it('puts the per-locale title and description into the page and its preview', () => {
    const meta = pageMetadata({ locale: 'en', path: '/news', title: 'News', description: 'Latest' });
    expect(meta.title).toBe('News');
    expect(meta.description).toBe('Latest');
    expect(meta.openGraph).toMatchObject({ title: 'News', url: 'https://baraka.uz/en/news', locale: 'en' });
    expect(meta.robots).toBeUndefined();
    expect(
      pageMetadata({ locale: 'ru', path: '/cart', title: 'x', description: 'y', noIndex: true }).robots,
    ).toEqual({
      index: false,
      follow: true,
    });
  });

  it('cuts descriptions at 160 characters', () => {
    const text = 'a '.repeat(200);
    expect(metaDescription(text).length).toBe(160);
    expect(metaDescription('short  text\n')).toBe('short text');
  });
});
