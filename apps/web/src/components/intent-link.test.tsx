// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IntentLink } from './intent-link';

const router = vi.hoisted(() => ({ prefetch: vi.fn(), push: vi.fn(), replace: vi.fn() }));
const intl = vi.hoisted(() => ({ locale: 'ru' }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));
vi.mock('next-intl', () => ({ useLocale: () => intl.locale }));

describe('IntentLink', () => {
  beforeEach(() => {
    router.prefetch.mockClear();
    router.push.mockClear();
    router.replace.mockClear();
    intl.locale = 'ru';
  });

  it('is a plain link in the page locale that never prefetches on its own', () => {
    render(<IntentLink href="/product/osh">Osh</IntentLink>);
    expect(screen.getByRole('link', { name: 'Osh' }).getAttribute('href')).toBe('/product/osh');
    expect(router.prefetch).not.toHaveBeenCalled();
  });

  it('adds the locale prefix and the query', () => {
    intl.locale = 'en';
    render(
      <>
        <IntentLink href={{ pathname: '/product/osh', query: { city: 'samarkand' } }}>Osh</IntentLink>
        <IntentLink href="/">Home</IntentLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Osh' }).getAttribute('href')).toBe(
      '/en/product/osh?city=samarkand',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/en');
  });

  it('prefetches its page once when the customer reaches for it', () => {
    intl.locale = 'uz';
    const onFocus = vi.fn();
    render(
      <IntentLink href={{ pathname: '/product/osh', query: { city: 'samarkand' } }} onFocus={onFocus}>
        Osh
      </IntentLink>,
    );
    const link = screen.getByRole('link', { name: 'Osh' });
    fireEvent.pointerEnter(link);
    expect(router.prefetch).toHaveBeenCalledWith('/uz/product/osh?city=samarkand');
    fireEvent.focus(link);
    fireEvent.touchStart(link);
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    // The caller's own handlers still run.
    expect(onFocus).toHaveBeenCalledTimes(1);
  });

  it('prefetches on touch and on keyboard focus too', () => {
    render(
      <>
        <IntentLink href="/a">A</IntentLink>
        <IntentLink href="/b">B</IntentLink>
      </>,
    );
    fireEvent.touchStart(screen.getByRole('link', { name: 'A' }));
    fireEvent.focus(screen.getByRole('link', { name: 'B' }));
    expect(router.prefetch.mock.calls).toEqual([['/a'], ['/b']]);
  });

  it('navigates inside the app on a plain click, with the scroll option', () => {
    intl.locale = 'en';
    render(
      <>
        <IntentLink href="/cart">Cart</IntentLink>
        <IntentLink href="/product/osh" scroll={false}>
          Osh
        </IntentLink>
        <IntentLink href="/about" replace>
          About
        </IntentLink>
      </>,
    );
    const cart = fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    // false: the browser's own navigation was prevented.
    expect(cart).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Osh' }));
    fireEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(router.push.mock.calls).toEqual([
      ['/en/cart', { scroll: true }],
      ['/en/product/osh', { scroll: false }],
    ]);
    expect(router.replace.mock.calls).toEqual([['/en/about', { scroll: true }]]);
  });

  it('leaves modified clicks, other buttons, other targets and prevented clicks to the browser', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <>
        <IntentLink href="/a">A</IntentLink>
        <IntentLink href="/b" target="_blank">
          B
        </IntentLink>
        <IntentLink href="/c" onClick={onClick}>
          C
        </IntentLink>
      </>,
    );
    const a = screen.getByRole('link', { name: 'A' });
    expect(fireEvent.click(a, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(a, { metaKey: true })).toBe(true);
    expect(fireEvent.click(a, { shiftKey: true })).toBe(true);
    expect(fireEvent.click(a, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'B' }))).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'C' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(router.push).not.toHaveBeenCalled();
  });
});
