import { createTranslator } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { getMessageFallback, onIntlError } from './fallback';

describe('missing translations (spec section 8)', () => {
  it('shows the key itself instead of throwing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const t = createTranslator({
      locale: 'en',
      messages: { common: { nav: { about: 'About us' } } },
      namespace: 'common',
      getMessageFallback,
      onError: onIntlError,
    });
    expect(t('nav.about')).toBe('About us');
    // biome-ignore lint/suspicious/noExplicitAny: deliberately asking for a key the messages lack.
    expect((t as any)('nav.missing')).toBe('common.nav.missing');
    warn.mockRestore();
  });

  it('falls back to the bare key without a namespace', () => {
    expect(getMessageFallback({ key: 'title' })).toBe('title');
  });
});
